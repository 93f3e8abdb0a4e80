import type { AlertsStore } from './store-view.js';
import type { AreaContext } from '../accounts/brokerage.js';
import { badRequest, rejected } from '../kernel/errors.js';
import { sameData } from '../kernel/same-data.js';
import { nextInSequence } from '../kernel/sequences.js';
import type { Session } from '../accounts/sessions.js';
import { parseDashedTimestamp } from '../kernel/time-format.js';
import { conditionsHold, conidOf } from './alert-conditions.js';
import { alertSettingsOf, type AlertSettings } from './alert-request.js';
import { alertTriggered } from './alert-events.js';
import { alertTexts } from './alert-texts.js';
import type { Alert, AlertRequest } from './model.js';
import { mtaDefaultSettings, mtaSettingsOf } from './mta.js';

/** Alert order ids follow the real service's numbering style. */
const firstAlertId = 9_876_543_209;

const settingsOf = (alert: Alert): AlertSettings => ({
  name: alert.name,
  message: alert.message,
  repeatable: alert.repeatable,
  email: alert.email,
  sendMessage: alert.sendMessage,
  showPopup: alert.showPopup,
  playAudio: alert.playAudio,
  itwsOrdersOnly: alert.itwsOrdersOnly,
  outsideRth: alert.outsideRth,
  tif: alert.tif,
  expireTime: alert.expireTime,
  conditions: alert.conditions,
});

export type AlertBookContext = AreaContext<
  'clock' | 'events',
  'market' | 'account' | 'userOf' | 'accessibleAccountIds' | 'accountFor',
  AlertsStore
>;

/** The alerts of the brokerage: each account's alerts, each user's one MTA alert, and their
 * evaluation against the simulated prices. */
export class AlertBook {
  constructor(private readonly context: AlertBookContext) {}

  private get alerts() {
    return this.context.store.collection('alerts');
  }

  private now(): number {
    return this.context.clock.now();
  }

  /** Creates an alert, or replaces the settings of the one named by `orderId` (new order id). */
  upsert(
    session: Session,
    accountId: string,
    request: AlertRequest,
  ): { alert: Alert; warning: string | null } {
    const account = this.accountOf(session, accountId);
    const orderId = request.orderId === undefined ? undefined : Number(request.orderId);
    const existing = orderId === undefined ? undefined : this.alertOf(session, account.id, orderId);
    if (orderId !== undefined && !existing) throw rejected(alertTexts.alertNotFound(orderId));
    const settings = alertSettingsOf(
      request,
      this.context.accounts.market,
      existing?.mta !== undefined,
    );
    if (existing && settings.name !== existing.name) throw rejected(alertTexts.nameNotModifiable);
    if (existing && sameData(settings, settingsOf(existing)))
      throw rejected(alertTexts.nothingModified(existing.orderId));
    const alert = existing
      ? this.rekey(existing, settings)
      : this.store({
          ...settings,
          ...this.freshState(),
          accountId: account.id,
          username: session.username,
          active: true,
          rank: nextInSequence(this.context.store, 'alertRanks', 0),
        });
    const evaluated = this.evaluate(alert);
    const expiry =
      evaluated.expireTime === null ? undefined : parseDashedTimestamp(evaluated.expireTime);
    return {
      alert: evaluated,
      warning: expiry !== undefined && expiry <= this.now() ? alertTexts.expiryInPast : null,
    };
  }

  activate(session: Session, accountId: string, alertId: number, active: boolean): Alert {
    const account = this.accountOf(session, accountId);
    const alert = this.alertOf(session, account.id, alertId);
    if (!alert) throw rejected(alertTexts.activationFailed);
    if (alert.active === active) return alert;
    return this.evaluate(this.store({ ...alert, active, conditionsHeld: false }));
  }

  /** Removes an alert; the MTA alert is reset to its defaults under a new order id instead. */
  remove(session: Session, accountId: string, alertIdText: string): Alert {
    const alertId = parseAlertId(alertIdText);
    const account = this.accountOf(session, accountId);
    const alert = this.alertOf(session, account.id, alertId);
    if (!alert) throw rejected(alertTexts.deletionFailed(alertId));
    if (alert.mta) return this.rekey(alert, mtaDefaultSettings());
    this.alerts.delete(String(alert.orderId));
    return alert;
  }

  /** The alerts of the account, in creation order, without the MTA alert. */
  list(session: Session, accountId: string): Alert[] {
    const account = this.context.accounts.accountFor(session, accountId);
    return this.alerts
      .values()
      .filter((alert) => alert.accountId === account.id && !alert.mta)
      .sort((a, b) => a.rank - b.rank);
  }

  /** An alert of the user's accounts, or the user's MTA alert. */
  details(session: Session, alertIdText: string): Alert {
    const alertId = parseAlertId(alertIdText);
    const accounts = this.context.accounts.accessibleAccountIds(session);
    const alert =
      this.alerts.get(String(alertId)) ??
      (this.mta(session).orderId === alertId ? this.mta(session) : undefined);
    if (
      !alert ||
      !(alert.mta ? alert.username === session.username : accounts.includes(alert.accountId))
    ) {
      throw rejected(alertTexts.alertNotFound(alertId));
    }
    return alert;
  }

  /** The login user's MTA alert, created in its default state the first time it is asked for. */
  mta(session: Session): Alert {
    const found = this.alerts
      .values()
      .find((alert) => alert.mta && alert.username === session.username);
    if (found) return found;
    const user = this.context.accounts.userOf(session);
    const accountId = user.accounts[0] ?? session.selectedAccountId;
    const currency = this.context.accounts.account(accountId)?.baseCurrency ?? 'USD';
    return this.store({
      ...mtaDefaultSettings(),
      ...this.freshState(),
      accountId,
      username: user.username,
      active: true,
      rank: 0,
      mta: mtaSettingsOf(user, currency),
    });
  }

  /** Evaluates the active alerts that watch the contract. */
  onPrice(conid: number): void {
    for (const alert of this.alerts.values()) {
      if (alert.conditions.some((condition) => conidOf(condition) === conid)) this.evaluate(alert);
    }
  }

  /** Triggers the alert when its conditions have come to hold: once for a non-repeatable alert,
   * each time they hold again for a repeatable one; never while inactive or expired. Answers the
   * alert as it is now (a new record when anything changed). */
  evaluate(alert: Alert): Alert {
    const expiry = alert.expireTime === null ? undefined : parseDashedTimestamp(alert.expireTime);
    if (!alert.active || (expiry !== undefined && expiry <= this.now())) return alert;
    if (alert.triggered && alert.repeatable === 0) return alert;
    const held = conditionsHold(alert, this.context.accounts.market, this.now());
    if (held === alert.conditionsHeld) return alert;
    if (!held) return this.store({ ...alert, conditionsHeld: false });
    const triggered = this.store({
      ...alert,
      conditionsHeld: true,
      triggered: true,
      triggerCount: alert.triggerCount + 1,
    });
    this.context.events.publish(alertTriggered(triggered, this.now()));
    return triggered;
  }

  private accountOf(session: Session, accountId: string) {
    return this.context.accounts.accountFor(session, accountId, () =>
      rejected(alertTexts.accountNotFound(accountId)),
    );
  }

  private alertOf(session: Session, accountId: string, alertId: number): Alert | undefined {
    const mta = this.mta(session);
    if (mta.orderId === alertId) return mta;
    const alert = this.alerts.get(String(alertId));
    return alert && !alert.mta && alert.accountId === accountId ? alert : undefined;
  }

  private freshState() {
    return {
      orderId: nextInSequence(this.context.store, 'alerts', firstAlertId),
      orderTime: this.now(),
      triggered: false,
      triggerCount: 0,
      conditionsHeld: false,
    };
  }

  /** Replaces the alert's settings: a modification gives it a new order id and a fresh trigger state. */
  private rekey(alert: Alert, settings: AlertSettings): Alert {
    this.alerts.delete(String(alert.orderId));
    return this.store({ ...alert, ...settings, ...this.freshState() });
  }

  private store(alert: Alert): Alert {
    this.alerts.set(String(alert.orderId), alert);
    return alert;
  }
}

/** An alert id as the service reads it: empty → 400, not a number → 500 (it parses it itself). */
function parseAlertId(text: string): number {
  const trimmed = text.trim();
  if (trimmed === '') throw badRequest(alertTexts.alertIdEmpty);
  if (!/^\d{1,18}$/.test(trimmed)) throw rejected(alertTexts.alertIdInvalid(trimmed));
  return Number(trimmed);
}
