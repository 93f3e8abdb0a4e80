import type { User } from '../accounts/model.js';
import type { AlertSettings } from './alert-request.js';
import type { MtaSettings } from './model.js';

/** Tool ids of MTA alerts: fixed per user, derived from the user id. */
const toolIdBase = 55_834_574_848;

/** Default thresholds per MTA condition type (7 market move %, 8 position P&L, 9 account daily P&L). */
const mtaDefaults =
  '9:STATE=1,MIN=-1000,MAX=1000,STEP=100,DEF_MIN=-1000,DEF_MAX=1000|8:STATE=1,MIN=-500,MAX=500,STEP=50,DEF_MIN=-500,DEF_MAX=500|7:STATE=1,MIN=-5,MAX=5,STEP=0.5,DEF_MIN=-5,DEF_MAX=5';

export function mtaSettingsOf(user: User, currency: string): MtaSettings {
  return { toolId: toolIdBase + user.userId, currency, defaults: mtaDefaults };
}

/** The MTA alert's default state: what it starts with, and what deleting it restores. */
export function mtaDefaultSettings(): AlertSettings {
  const condition = (
    type: 7 | 8 | 9,
    operator: '>=' | '<=',
    value: string,
    logicBind: 'o' | 'n',
  ) => ({
    type,
    conidex: null,
    operator,
    triggerMethod: '0' as const,
    value,
    logicBind,
    timeZone: null,
  });
  return {
    name: 'MTA (AutoAlert)',
    message: null,
    repeatable: 1,
    email: null,
    sendMessage: 0,
    showPopup: 0,
    playAudio: null,
    itwsOrdersOnly: 1,
    outsideRth: 0,
    tif: 'GTC',
    expireTime: null,
    conditions: [
      condition(7, '>=', '5', 'o'),
      condition(8, '<=', '-500', 'o'),
      condition(9, '<=', '-1000', 'n'),
    ],
  };
}
