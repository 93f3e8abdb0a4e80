import type { OperationInfo } from './document.js';

/** Orders routes so that, where two paths could match one URL, the one with a fixed segment at
 * the first difference wins (`/account/search/{p}` before `/account/{accountId}/...`), as the
 * service routes them. */
export function bySpecificity(a: OperationInfo, b: OperationInfo): number {
  const left = a.path.split('/');
  const right = b.path.split('/');
  for (let i = 0; i < Math.max(left.length, right.length); i++) {
    const l = left[i];
    const r = right[i];
    if (l === r) continue;
    if (l === undefined) return -1;
    if (r === undefined) return 1;
    const lParam = l.startsWith('{');
    const rParam = r.startsWith('{');
    if (lParam !== rParam) return lParam ? 1 : -1;
    return l < r ? -1 : 1;
  }
  return a.method < b.method ? -1 : a.method > b.method ? 1 : 0;
}
