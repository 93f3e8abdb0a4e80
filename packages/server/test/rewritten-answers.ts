// An upstream whose JSON answers change on the way out, for the tests of what reads them (the
// proxy's drift report, the recordings' comparison). It rewrites the bytes the response ends
// with, whichever way the server sends them (`res.send`, or ending the response itself).
import express from 'express';

/** What `app` answers, with each JSON body passed through `rewrite` (undefined: as it was). */
export function rewritingJson(
  app: express.Express,
  rewrite: (req: express.Request, value: unknown) => unknown,
): express.Express {
  const outer = express();
  outer.use((req, res, next) => {
    const end = res.end.bind(res) as (...args: unknown[]) => express.Response;
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      const text =
        typeof chunk === 'string' ? chunk : Buffer.isBuffer(chunk) ? chunk.toString() : '';
      if (!/^[[{]/.test(text)) return end(chunk, ...rest);
      const changed = rewrite(req, JSON.parse(text));
      if (changed === undefined) return end(chunk, ...rest);
      const body = JSON.stringify(changed);
      if (!res.headersSent) res.setHeader('Content-Length', Buffer.byteLength(body));
      return end(body, ...rest);
    }) as typeof res.end;
    next();
  });
  outer.use(app);
  return outer;
}
