import {
  alertAcknowledgement,
  alertDetails,
  alertSubmission,
  alertSummary,
} from '../domain/alerts/alert-views.js';
import type { HandlerContext, HandlerGroup } from '../http/handler.js';
import { requireSession } from '../http/require-session.js';

export const alertHandlers = ({
  brokerage,
  alerts,
}: HandlerContext): HandlerGroup<
  'upsertAlert' | 'activateAlert' | 'deleteAlert' | 'listAlerts' | 'getAlertDetails' | 'getMtaAlert'
> => {
  return {
    upsertAlert: ({ session, params, body }) => {
      const { alert, warning } = alerts.upsert(requireSession(session), params.accountId, body);
      return alertSubmission(alert, warning);
    },
    activateAlert: ({ session, params, body }) => {
      const alert = alerts.activate(
        requireSession(session),
        params.accountId,
        body.alertId,
        body.alertActive === 1,
      );
      return alertAcknowledgement(alert);
    },
    deleteAlert: ({ session, params }) => {
      const alert = alerts.remove(requireSession(session), params.accountId, params.alertId);
      return alertAcknowledgement(alert);
    },
    listAlerts: ({ session, params }) =>
      alerts.list(requireSession(session), params.accountId).map(alertSummary),
    getAlertDetails: ({ session, params }) =>
      alertDetails(alerts.details(requireSession(session), params.alertId), brokerage.market),
    getMtaAlert: ({ session }) =>
      alertDetails(alerts.mta(requireSession(session)), brokerage.market),
  };
};
