import type { Schema } from '@brokerage/types';

export type AlertConditionRequest = Schema<'AlertConditionRequest'>;
export type AlertRequest = Schema<'AlertRequest'>;
type AlertDetailsCondition = Schema<'AlertDetailsCondition'>;

/** A condition as stored. */
export interface AlertCondition {
  type: AlertConditionRequest['type'];
  /** `<conid>@<exchange>`; null for conditions that watch no contract. */
  conidex: string | null;
  operator: AlertDetailsCondition['condition_operator'];
  /** As the details answer it: a string of digits (`"0"` default). */
  triggerMethod: NonNullable<AlertDetailsCondition['condition_trigger_method']>;
  value: string;
  logicBind: AlertConditionRequest['logicBind'];
  timeZone: string | null;
}

/** What makes the login user's MTA alert special. */
export interface MtaSettings {
  /** Fixed for the user; kept through modifications and resets. */
  toolId: number;
  currency: string;
  defaults: string;
}

export type Flag = 0 | 1;

export interface Alert {
  orderId: number;
  accountId: string;
  username: string;
  name: string;
  message: string | null;
  repeatable: Flag;
  email: string | null;
  sendMessage: Flag;
  showPopup: Flag;
  /** The sound played when the alert triggers; null when none was chosen. */
  playAudio: string | null;
  itwsOrdersOnly: Flag;
  outsideRth: Flag;
  tif: 'GTC' | 'GTD';
  /** `YYYYMMDD-HH:mm:ss` UTC, for GTD alerts. */
  expireTime: string | null;
  conditions: AlertCondition[];
  active: boolean;
  /** Triggered since created or last modified. */
  triggered: boolean;
  /** How often it triggered (notifications sent) since created or last modified. */
  triggerCount: number;
  /** Whether the conditions held at the last evaluation: a repeatable alert triggers again only after they stopped holding. */
  conditionsHeld: boolean;
  /** Created or last modified, epoch milliseconds. */
  orderTime: number;
  /** Creation rank, for the list order. */
  rank: number;
  mta?: MtaSettings;
}
