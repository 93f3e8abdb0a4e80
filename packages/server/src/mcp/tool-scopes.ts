// Which scope a tool needs (docs/decisions/service/mcp-authorization.md): `mcp.read` for a tool
// that changes nothing, `mcp.write` for one that does; a token without it is answered 403
// `insufficient_scope` (RFC 6750 §3.1), as the MCP authorization says of insufficient scopes.
import type { AgentGrant } from '../domain/agent-access/model.js';
import type { AgentTool } from './tool.js';

/** The scope a call of `tool` needs. */
export const scopeOf = (tool: Pick<AgentTool, 'readOnly'>): 'mcp.read' | 'mcp.write' =>
  tool.readOnly ? 'mcp.read' : 'mcp.write';

/** The tools called in a JSON-RPC body (one message or a batch), by name. */
function calledTools(body: unknown): string[] {
  return (Array.isArray(body) ? body : [body]).flatMap((message: unknown) => {
    const { method, params } = (message ?? {}) as { method?: unknown; params?: { name?: unknown } };
    return method === 'tools/call' && typeof params?.name === 'string' ? [params.name] : [];
  });
}

/** The first scope the body's tool calls need that the grant lacks, if any. */
export function missingScope(
  body: unknown,
  grant: Pick<AgentGrant, 'scope'>,
  tools: ReadonlyMap<string, AgentTool>,
): string | undefined {
  const held = new Set(grant.scope.split(' '));
  for (const name of calledTools(body)) {
    const tool = tools.get(name);
    // An unknown tool is the server's to refuse, as it would refuse it with any scope.
    if (tool && !held.has(scopeOf(tool))) return scopeOf(tool);
  }
  return undefined;
}
