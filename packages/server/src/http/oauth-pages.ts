import { Router, type Request } from 'express';
import { DomainError } from '../domain/kernel/errors.js';
import type { Services } from '../domain/services.js';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body><h1>${escapeHtml(title)}</h1>${body}</body></html>`;

/** The address the request came from, IPv4-mapped IPv6 written as IPv4. */
const addressOf = (request: Request) => (request.ip ?? '').replace(/^::ffff:/, '');

/** Browser pages outside the document: the OAuth 1.0a authorization page (a demo user grants
 * a request token; no passwords are modelled) and the portal landing of single sign-on links. */
export function oauthPagesRouter({ brokerage, oauth1, sso }: Services): Router {
  const router = Router();

  router.get('/oauth/authorize', (req, res) => {
    const token = escapeHtml(String(req.query.oauth_token ?? ''));
    const users = brokerage
      .users()
      .map(({ username }) => `<option>${escapeHtml(username)}</option>`)
      .join('');
    res
      .type('html')
      .send(
        page(
          'Authorize access to your brokerage account',
          `<form method="post" action="/oauth/authorize"><input type="hidden" name="oauth_token" value="${token}">` +
            `<label>User <select name="username">${users}</select></label> <button type="submit">Authorize</button></form>`,
        ),
      );
  });

  router.post('/oauth/authorize', (req, res) => {
    const form = req.body as Record<string, string | undefined>;
    try {
      const { verifier, callback } = oauth1.authorize(form.oauth_token ?? '', form.username ?? '');
      if (/^https?:\/\//.test(callback)) {
        const target = new URL(callback);
        target.searchParams.set('oauth_token', form.oauth_token ?? '');
        target.searchParams.set('oauth_verifier', verifier);
        res.redirect(303, target.toString());
        return;
      }
      res
        .type('html')
        .send(
          page(
            'Access authorized',
            `<p>Verifier: <code id="oauth_verifier">${escapeHtml(verifier)}</code></p>`,
          ),
        );
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      res
        .status(400)
        .type('html')
        .send(page('Authorization failed', `<p>${escapeHtml(error.message)}</p>`));
    }
  });

  router.get('/sso/Dispatcher', (req, res) => {
    const redeemed = sso.redeemLink(String(req.query.token ?? ''), addressOf(req));
    if (!redeemed) {
      res
        .status(401)
        .type('html')
        .send(
          page(
            'Sign-in link invalid',
            '<p>The link is unknown, used, expired or opened from another address.</p>',
          ),
        );
      return;
    }
    res.cookie('api', redeemed.session.id, { httpOnly: true, sameSite: 'lax', path: '/' });
    res
      .type('html')
      .send(
        page(
          'Portal',
          `<p>Signed in as ${escapeHtml(redeemed.link.username)}.</p><p>Page: <code>${escapeHtml(redeemed.link.path)}</code></p>`,
        ),
      );
  });

  return router;
}
