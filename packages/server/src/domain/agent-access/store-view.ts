import type { StoreView } from '../kernel/store.js';

/** What the agent-access area sees of the store: its own collections and the kernel's sequences. */
export type AgentAccessStore = StoreView<
  | 'agentClients'
  | 'agentPendingAuthorizations'
  | 'agentGrants'
  | 'agentCodes'
  | 'agentTokens'
  | 'agentScenarios'
  | 'agentFeedback'
  | 'agentSessions'
  | 'sequences'
>;
