/** Every error text of the advisors' model operations (ours: no public source shows the
 * service's words for them). */
export const modelTexts = {
  advisorsOnly: 'Models are only available to advisors',
  unknownModel: (name: string) => `Model ${name} not found`,
  unknownContract: (conid: number) => `Contract ${conid} is not a stock the brokerage knows`,
  listedTwice: (what: string) => `${what} is listed more than once`,
  targetsOver: (total: number) => `Targets add up to ${total}, more than 100`,
  targetsNot100: (total: number) => `Targets add up to ${total}, not 100`,
  notSubAccount: (account: string) => `Account ${account} is not one of the advisor's sub-accounts`,
  divestTooLarge: (account: string, value: number) =>
    `Account ${account} holds only ${value.toFixed(2)} in the model`,
  noPrice: (conid: number) => `No price for contract ${conid}`,
};
