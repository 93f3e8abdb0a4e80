import type { StoreView } from '../kernel/store.js';
import type { Alert } from './model.js';

declare module '../kernel/store.js' {
  interface Collections {
    /** Alerts (including each user's MTA alert), by order id. */
    alerts: Alert;
  }
}

/** What the alerts area sees of the store: its own collections and the kernel's sequences. */
export type AlertsStore = StoreView<'alerts' | 'sequences'>;
