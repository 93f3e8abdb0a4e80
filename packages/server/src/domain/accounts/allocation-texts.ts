/** Every error text of the advisors' allocation operations, in one table: ours, since no public
 * source shows the service's words for them. */
export const allocationTexts = {
  advisorsOnly: 'Allocation groups are only available to advisors',
  unknownMethod: (method: string) => `Unknown allocation method ${method}`,
  nameInUse: (name: string) => `Allocation group ${name} already exists`,
  unknownGroup: (name: string) => `Allocation group ${name} not found`,
  notSubAccount: (account: string, master: string) =>
    `Account ${account} is not a sub-account of ${master}`,
  listedTwice: (account: string) => `Account ${account} is listed more than once`,
  amountNeeded: (account: string, method: string) =>
    `Account ${account} needs a positive amount with method ${method}`,
  percentages: (total: number) => `Percentages add up to ${total}, not 100`,
};
