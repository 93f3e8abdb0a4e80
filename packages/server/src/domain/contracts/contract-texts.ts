/** The texts of the contract operations' errors, in one table. No public source shows the
 * service's own words for these cases, so they are ours (docs/decisions/service/contracts-search-and-search-first.md). */
export const contractTexts = {
  unknownContract: (conid: number) => `Contract ${conid} not found`,
  searchFirst: (conid: number) =>
    `Derivatives of ${conid} are unknown to this session: search the underlying first with /iserver/secdef/search`,
  conidNeeded: 'Bad Request: conid needed',
  monthNeeded: (secType: string) => `Bad Request: month needed for ${secType}`,
  noDerivatives: (conid: number, secType: string) =>
    `Contract ${conid} has no ${secType} contracts`,
  issuerNeeded: 'Bad Request: issuerId needed for BOND',
  unknownIssuer: (issuerId: string) => `Bond issuer ${issuerId} not found`,
  unknownCurrency: (source: string, target: string) =>
    `No exchange rate from ${source} to ${target}`,
  unknownEventMarket: (conid: number) => `Contract ${conid} is not an event contract market`,
} as const;
