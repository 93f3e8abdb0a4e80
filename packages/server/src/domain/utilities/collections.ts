import type { AmRequest } from './am-requests.js';

declare module '../kernel/store.js' {
  interface Collections {
    /** Account-management requests (applications, updates, tasks), by request id. */
    amRequests: AmRequest;
  }
}
