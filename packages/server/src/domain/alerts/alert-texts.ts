/** Every error and warning text of the alerts area, in one table. The first group is the
 * service's own words, as its reference shows them; no public source shows the service's words
 * for the second group, so those are ours. */
export const alertTexts = {
  submitted: 'Submitted',
  requestSubmitted: 'Request was submitted',
  unknownOperator: (conditionNumber: number, operator: string) =>
    `Condition #${conditionNumber}:can't recognize fix [${operator}]`,
  nameNotModifiable: 'Alert name cannot be modified',
  activationFailed: 'failed to activate/deactivate alert',
  deletionFailed: (alertId: number) => `failed to delete alert: Alert ${alertId} doesn't exist`,

  accountNotFound: (accountId: string) => `Account ${accountId} not found`,
  alertNotFound: (alertId: number) => `Alert ${alertId} not found`,
  nothingModified: (alertId: number) => `Alert ${alertId} was not modified: nothing changed`,
  alertIdEmpty: 'Bad Request: alertId is empty',
  alertIdInvalid: (text: string) => `Invalid alert id ${text}`,
  expiryRequired: 'Bad Request: expireTime is required when tif is GTD',
  expiryInvalid: (expireTime: string) => `Invalid expireTime ${expireTime}`,
  expiryInPast: 'The expiration time is in the past',
  conidexRequired: (conditionIndex: number, type: number) =>
    `Bad Request: conditions[${conditionIndex}].conidex is required for condition type ${type}`,
  mtaTypeMisplaced: (type: number, forMta: boolean) =>
    `Condition type ${type} is ${forMta ? 'not valid on' : 'only valid on'} the MTA alert`,
  contractNotFound: (conid: string) => `Contract ${conid} not found`,
  valueInvalid: (value: string, type: number) =>
    `Invalid value ${value} for condition type ${type}`,
  chainNotEnded: 'The last condition must end the chain with logicBind n',
} as const;
