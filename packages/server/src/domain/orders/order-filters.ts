import type { Order, OrderStatus } from './model.js';
import { statusClasses, statusClassOf, type StatusClass } from './order-records.js';

/** Status tokens of the open orders `filters`, in both spellings the service accepts. */
const statusTokens: Record<string, readonly OrderStatus[]> = {
  inactive: ['Inactive'],
  pending_submit: ['PendingSubmit'],
  pre_submitted: ['PreSubmitted'],
  submitted: ['Submitted'],
  filled: ['Filled'],
  pending_cancel: ['PendingCancel'],
  cancelled: ['Cancelled', 'ApiCancelled'],
  // Orders carrying a warning: the reference server has none.
  warn_state: [],
};

const snakeCase = (token: string) => token.replace(/([a-z])([A-Z])/g, '$1_$2').toLowerCase();

const tokensOf = (filters: string | undefined) =>
  (filters ?? '').split(',').filter(Boolean).map(snakeCase);

/** The status classes (open, done) holding the orders the `filters` can keep: both, unless
 * status tokens name only statuses of one. */
export function filteredStatusClasses(filters: string | undefined): StatusClass[] {
  const tokens = tokensOf(filters).filter((token) => token in statusTokens);
  if (tokens.length === 0) return [...statusClasses];
  const kept = new Set(tokens.flatMap((token) => statusTokens[token] ?? []).map(statusClassOf));
  return statusClasses.filter((statusClass) => kept.has(statusClass));
}

/** Applies the comma-separated `filters` of the open orders operation: status tokens keep the
 * orders in those statuses, `sort_by_time` puts the most recently changed first. */
export function applyOrderFilters(orders: readonly Order[], filters: string | undefined): Order[] {
  const tokens = tokensOf(filters);
  const statuses = tokens
    .filter((token) => token in statusTokens)
    .flatMap((token) => statusTokens[token] ?? []);
  const hasStatusToken = tokens.some((token) => token in statusTokens);
  const kept = hasStatusToken
    ? orders.filter((order) => statuses.includes(order.status))
    : [...orders];
  return tokens.includes('sort_by_time')
    ? kept.sort((a, b) => b.updatedAt - a.updatedAt || b.id - a.id)
    : kept;
}
