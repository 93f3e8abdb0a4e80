import {
  allocationGroup,
  allocationGroupSet,
  allocationGroupsOf,
  allocationPresets,
  createAllocationGroup,
  deleteAllocationGroup,
  modifyAllocationGroup,
  requireAdvisor,
  setAllocationPresets,
  subAccountsOf,
} from '../domain/accounts/allocation-groups.js';
import {
  allocatableAccountsView,
  allocationGroupListView,
  allocationGroupView,
} from '../domain/accounts/allocation-views.js';
import type { HandlerContext, HandlerGroup } from '../http/handler.js';

type AllocationOperation =
  | 'createAllocationGroup'
  | 'listAllocationGroups'
  | 'modifyAllocationGroup'
  | 'deleteAllocationGroup'
  | 'getAllocationGroup'
  | 'listAllocatableAccounts'
  | 'getAllocationPresets'
  | 'setAllocationPresets';

export const tradingFaAllocationManagementHandlers = ({
  brokerage,
}: HandlerContext): HandlerGroup<AllocationOperation> => {
  const { store } = brokerage;
  return {
    createAllocationGroup: ({ session, body }) => {
      const user = brokerage.userOf(session);
      createAllocationGroup(store, user, {
        name: body.name,
        accounts: body.accounts,
        ...(body.default_method === undefined ? {} : { defaultMethod: body.default_method }),
      });
      return allocationGroupSet();
    },
    listAllocationGroups: ({ session }) =>
      allocationGroupListView(allocationGroupsOf(store, brokerage.userOf(session))),
    modifyAllocationGroup: ({ session, body }) => {
      const previousName = body.prev_name ?? body.previous_name;
      modifyAllocationGroup(store, brokerage.userOf(session), {
        name: body.name,
        ...(previousName === undefined ? {} : { previousName }),
        ...(body.accounts === undefined ? {} : { accounts: body.accounts }),
        ...(body.default_method === undefined ? {} : { defaultMethod: body.default_method }),
      });
      return allocationGroupSet();
    },
    deleteAllocationGroup: ({ session, body }) => {
      deleteAllocationGroup(store, brokerage.userOf(session), body.name);
      return allocationGroupSet();
    },
    getAllocationGroup: ({ session, body }) =>
      allocationGroupView(allocationGroup(store, brokerage.userOf(session), body.name)),
    listAllocatableAccounts: ({ session }) => {
      const user = brokerage.userOf(session);
      requireAdvisor(user);
      return allocatableAccountsView(subAccountsOf(store, user), brokerage.market);
    },
    getAllocationPresets: ({ session }) => allocationPresets(store, brokerage.userOf(session)),
    setAllocationPresets: ({ session, body }) => {
      setAllocationPresets(store, brokerage.userOf(session), body);
      return allocationGroupSet();
    },
  };
};
