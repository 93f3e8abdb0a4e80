import {
  alertAcknowledgement,
  alertDetails,
  alertSubmission,
  alertSummary,
} from '../domain/alerts/alert-views.js';
import type { HandlerContext, HandlerGroup } from '../http/handler.js';

export const tradingAlertsHandlers = ({
  brokerage,
  alerts,
}: HandlerContext): HandlerGroup<
  'upsertAlert' | 'activateAlert' | 'deleteAlert' | 'listAlerts' | 'getAlertDetails' | 'getMtaAlert'
> => {
  return {
    upsertAlert: ({ session, params, body }) => {
      const { alert, warning } = alerts.upsert(session, params.accountId, body);
      return alertSubmission(alert, warning);
    },
    activateAlert: ({ session, params, body }) => {
      const alert = alerts.activate(
        session,
        params.accountId,
        body.alertId,
        body.alertActive === 1,
      );
      return alertAcknowledgement(alert);
    },
    deleteAlert: ({ session, params }) => {
      const alert = alerts.remove(session, params.accountId, params.alertId);
      return alertAcknowledgement(alert);
    },
    listAlerts: ({ session, params }) => alerts.list(session, params.accountId).map(alertSummary),
    getAlertDetails: ({ session, params }) =>
      alertDetails(alerts.details(session, params.alertId), brokerage.market),
    getMtaAlert: ({ session }) => alertDetails(alerts.mta(session), brokerage.market),
  };
};
