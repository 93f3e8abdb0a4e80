import type { OperationId } from '@brokerage/types';
import type { Session } from '../domain/accounts/sessions.js';
import type { AgentGrant } from '../domain/agent-access/model.js';
import type { Services } from '../domain/services.js';
import type { Handlers, OperationRequest } from '../http/handler.js';
import type { JsonSchema } from './document-schemas.js';

/** What a tool call runs with: the services, the REST handlers it mirrors, and the grant. */
export interface ToolContext {
  services: Services;
  handlers: Handlers;
  /** The grant behind the token: one user, one account. */
  grant: AgentGrant;
  /** The session the tools read through (the grant's, see agent-session.ts). */
  session: Session;
  /** The origin the endpoint was reached at (links answered to the agent name it). */
  origin: string;
}

/** One tool of the MCP endpoint. */
export interface AgentTool {
  name: string;
  title: string;
  description: string;
  /** The document's operations the tool answers as (docs/mcp.md lists them side by side). */
  mirrors: readonly OperationId[];
  /** The tool changes nothing (`readOnlyHint`). */
  readOnly: boolean;
  inputSchema: JsonSchema;
  outputSchema: JsonSchema;
  /** Runs the tool on arguments its input schema passed; answers its structured content. */
  call(args: Record<string, unknown>, context: ToolContext): unknown;
}

/** Tools of one group, typed so each keeps its arguments' type. */
export const tool = <Args>(
  definition: Omit<AgentTool, 'call'> & { call(args: Args, context: ToolContext): unknown },
): AgentTool => definition as AgentTool;

type Parts<Op extends OperationId> = Partial<
  Pick<OperationRequest<Op>, 'params' | 'query' | 'body'>
>;

/** Answers what the REST operation answers for the grant's session, through its handler: one
 * reading of the state for both faces. */
export async function asOperation<Op extends OperationId>(
  context: ToolContext,
  operationId: Op,
  parts: Parts<Op>,
): Promise<unknown> {
  const request = {
    params: {},
    query: {},
    body: undefined,
    ...parts,
    headers: {},
    url: '',
    method: '',
    ip: '',
    session: context.session,
  } as unknown as OperationRequest<Op>;
  const handler = context.handlers[operationId] as (
    request: OperationRequest<Op>,
    reply: { setCookie(): void; setHeader(): void },
  ) => unknown;
  const answer = await handler(request, { setCookie: () => undefined, setHeader: () => undefined });
  return answer;
}
