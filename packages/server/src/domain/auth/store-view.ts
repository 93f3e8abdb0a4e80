import type { StoreView } from '../kernel/store.js';

/** What the auth area sees of the store: its own collections and the kernel's sequences. */
export type AuthStore = StoreView<
  | 'oauthTokens'
  | 'liveSessionTokens'
  | 'oauthNonces'
  | 'usedAssertions'
  | 'ssoLinks'
  | 'signingKeys'
  | 'sequences'
>;
