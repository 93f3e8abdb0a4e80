import type { HandlerContext, HandlerGroup } from '../http/handler.js';

/** The cash balances query (tag Third Parties Cash Balances): an instruction of the banking
 * service, made at once (201); the gate has checked the bearer token's scope. */
export const thirdPartiesCashBalancesHandlers = ({
  banking,
}: HandlerContext): HandlerGroup<'queryBalances'> => ({
  queryBalances: (request) => ({ status: 201 as const, body: banking.submit(request.body, 201) }),
});
