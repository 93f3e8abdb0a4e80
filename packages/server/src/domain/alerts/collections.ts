import type { Alert } from './model.js';

declare module '../kernel/store.js' {
  interface Collections {
    /** Alerts (including each user's MTA alert), by order id. */
    alerts: Alert;
  }
}
