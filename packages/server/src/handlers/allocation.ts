import { allocationGroupSet, createAllocationGroup } from '../domain/accounts/allocation.js';
import type { HandlerContext, HandlerGroup } from '../http/handler.js';
import { requireSession } from '../http/require-session.js';

export const allocationHandlers = ({
  brokerage,
}: HandlerContext): HandlerGroup<'createAllocationGroup'> => ({
  createAllocationGroup: ({ session, body }) => {
    const user = brokerage.userOf(requireSession(session));
    createAllocationGroup(brokerage.store, user, {
      name: body.name,
      accounts: body.accounts,
      defaultMethod: body.default_method,
    });
    return allocationGroupSet();
  },
});
