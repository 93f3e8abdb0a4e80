// The MCP endpoint with its tools, loaded by the first request to its path (`server.ts`): the MCP
// SDK, its schemas (zod) and the tools' output schemas, read from the bundled document, are
// nothing a server needs before an agent calls it (a sandbox never does), and they were a tenth
// of a test file's import and start.
import type { Router } from 'express';
import { agentEndpointRouter } from '../mcp/agent-router.js';
import { agentTools } from '../mcp/tools/index.js';

export type AgentEndpointOptions = Omit<Parameters<typeof agentEndpointRouter>[0], 'tools'>;

/** The endpoint's router, serving every tool. */
export const agentEndpoint = (options: AgentEndpointOptions): Router =>
  agentEndpointRouter({ ...options, tools: agentTools });
