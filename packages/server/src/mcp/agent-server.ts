import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  CompleteRequestSchema,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  type CallToolResult,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import type { Logger } from 'pino';
import { DomainError } from '../domain/kernel/errors.js';
import type { AgentGrant } from '../domain/agent-access/model.js';
import { inUnit } from '../domain/kernel/store.js';
import type { Services } from '../domain/services.js';
import type { Handlers } from '../http/handler.js';
import { agentSession } from './agent-session.js';
import { checkArguments } from './arguments.js';
import { serverName, serverVersion } from './server-identity.js';
import type { AgentTool } from './tool.js';

/** The code the service answers a tool's refused input with (a missing instruction id, 2026). */
export const toolErrorCode = -32400;

/** The text the service's tools answer when they fail inside (users met it, 2026-07 and -08). */
export const genericToolError = 'Error invoking method: An error occurred. Please try again later.';

/** What every MCP session of the endpoint is served with. */
export interface AgentServerContext {
  services: Services;
  handlers: Handlers;
  tools: readonly AgentTool[];
  logger: Logger;
}

/** What the router knows of the request a call came in (`authInfo.extra`). */
export interface CallerInfo {
  grant: AgentGrant;
  origin: string;
}

const listed = (tool: AgentTool): Tool => ({
  name: tool.name,
  title: tool.title,
  description: tool.description,
  inputSchema: tool.inputSchema as Tool['inputSchema'],
  outputSchema: tool.outputSchema as Tool['outputSchema'],
  annotations: { title: tool.title, readOnlyHint: tool.readOnly },
});

const answer = (content: unknown): CallToolResult => ({
  content: [{ type: 'text', text: JSON.stringify(content) }],
  structuredContent: content as Record<string, unknown>,
});

/** One MCP server (a session of the endpoint): the tools over the one state, no prompts and no
 * resources (the capabilities the service declares, with empty lists). */
export function createAgentServer(context: AgentServerContext): Server {
  const { services, tools } = context;
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  const server = new Server(
    { name: serverName, version: serverVersion },
    { capabilities: { tools: {}, prompts: {}, resources: {}, completions: {} } },
  );
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: tools.map(listed) }));
  server.setRequestHandler(ListPromptsRequestSchema, () => ({ prompts: [] }));
  server.setRequestHandler(ListResourcesRequestSchema, () => ({ resources: [] }));
  server.setRequestHandler(ListResourceTemplatesRequestSchema, () => ({ resourceTemplates: [] }));
  server.setRequestHandler(CompleteRequestSchema, () => ({
    completion: { values: [], hasMore: false },
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const caller = extra.authInfo?.extra as CallerInfo | undefined;
    if (!caller) throw new McpError(toolErrorCode, 'Not authorized');
    const tool = byName.get(request.params.name);
    if (!tool) throw new McpError(toolErrorCode, `Unknown tool ${request.params.name}`);
    const { store, clock } = services.brokerage;
    const { stringArgumentsRefused } = await inUnit(store, () => services.agentScenarios.current());
    const args = checkArguments(tool, request.params.arguments ?? {}, !stringArgumentsRefused);
    try {
      return await inUnit(store, async () => {
        if (services.agentScenarios.takeToolError(tool.name)) {
          return { isError: true, content: [{ type: 'text', text: genericToolError }] };
        }
        const session = agentSession(caller.grant, clock.now());
        const toolContext = { ...context, session, grant: caller.grant, origin: caller.origin };
        return answer(await tool.call(args, toolContext));
      });
    } catch (error) {
      if (error instanceof DomainError) {
        throw new McpError(toolErrorCode, error.message);
      }
      context.logger.error({ err: error, tool: tool.name }, 'MCP tool failed');
      return { isError: true, content: [{ type: 'text', text: genericToolError }] };
    }
  });
  return server;
}
