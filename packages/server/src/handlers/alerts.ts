import type { HandlerContext, HandlerGroup } from '../http/handler.js';
import { pending } from './pending.js';

export const alertHandlers = (_context: HandlerContext): HandlerGroup<'upsertAlert' | 'activateAlert' | 'deleteAlert' | 'listAlerts' | 'getAlertDetails' | 'getMtaAlert'> => ({
  upsertAlert: pending('upsertAlert'),
  activateAlert: pending('activateAlert'),
  deleteAlert: pending('deleteAlert'),
  listAlerts: pending('listAlerts'),
  getAlertDetails: pending('getAlertDetails'),
  getMtaAlert: pending('getMtaAlert'),
});
