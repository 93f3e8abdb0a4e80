import type { HandlerContext, HandlerGroup } from '../http/handler.js';
import { pending } from './pending.js';

export const oauthHandlers = (_context: HandlerContext): HandlerGroup<'requestOAuthToken' | 'getOAuthAccessToken' | 'createLiveSessionToken' | 'createOAuth2Token' | 'createSsoSession' | 'createSsoBrowserSession'> => ({
  requestOAuthToken: pending('requestOAuthToken'),
  getOAuthAccessToken: pending('getOAuthAccessToken'),
  createLiveSessionToken: pending('createLiveSessionToken'),
  createOAuth2Token: pending('createOAuth2Token'),
  createSsoSession: pending('createSsoSession'),
  createSsoBrowserSession: pending('createSsoBrowserSession'),
});
