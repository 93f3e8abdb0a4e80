import type { StoreView } from '../kernel/store.js';
import type { AmRequest } from './am-requests.js';

declare module '../kernel/store.js' {
  interface Collections {
    /** Account-management requests (applications, updates, tasks), by request id. */
    amRequests: AmRequest;
  }
}

/** What the utilities area sees of the store: its own collections and the kernel's sequences. */
export type UtilitiesStore = StoreView<'amRequests' | 'sequences'>;
