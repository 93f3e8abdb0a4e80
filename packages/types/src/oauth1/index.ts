// @brokerage/types/oauth1: the OAuth 1.0a signing shared by the client and the reference server
// (Node only: node:crypto; apart from the main entry, which stays browser-safe).
export {
  authorizationHeader,
  baseString,
  parseOAuthHeader,
  percentEncode,
  signHmacSha256,
  signRsaSha256,
  verifyHmacSha256,
  verifyRsaSha256,
} from './signature.js';
export {
  decryptPkcs1v15,
  deriveLiveSessionToken,
  liveSessionTokenSignature,
  signedBytes,
} from './live-session-token.js';
