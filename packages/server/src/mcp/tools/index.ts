import type { AgentTool } from '../tool.js';
import { accountTools } from './account.js';
import { alertTools } from './alerts.js';
import { contractTools } from './contracts.js';
import { instructionTools } from './instructions.js';
import { marketDataTools } from './market-data.js';
import { researchTools } from './research.js';
import { watchlistTools } from './watchlists.js';

/** Every tool of the MCP endpoint, in the order `tools/list` answers them. */
export const agentTools: readonly AgentTool[] = [
  ...accountTools,
  ...marketDataTools,
  ...contractTools,
  ...researchTools,
  ...watchlistTools,
  ...alertTools,
  ...instructionTools,
];
