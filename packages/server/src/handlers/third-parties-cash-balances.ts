import type { HandlerContext, HandlerGroup } from '../http/handler.js';

/** The cash balances query (tag Third Parties Cash Balances): an instruction of the banking
 * service, made at once (201); the gate has checked the bearer token's scope. A client reads the
 * balances of its end users' accounts only, as banking's instructions act on them only (403 for
 * another's existing account; an unknown one is refused in the instruction's answer). */
export const thirdPartiesCashBalancesHandlers = ({
  banking,
  reports,
}: HandlerContext): HandlerGroup<'queryBalances'> => ({
  queryBalances: (request) => {
    reports.refuseUnreachable(request.client, banking.accountsNamedBy(request.body));
    return { status: 201 as const, body: banking.submit(request.body, 201) };
  },
});
