// The README's "Test your AI agent": an agent of the MCP SDK against the sandbox, an instruction
// drafted, submitted by the user, and filled.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { startSandbox } from '../src/index.js';

it('runs the README example: an instruction drafted by an agent fills once the user submits it', async () => {
  const sandbox = await startSandbox();
  const { access_token } = sandbox.controls.agents.tokens({ username: 'demo_individual' });
  const agent = new Client({ name: 'my-agent', version: '1.0.0' });
  const url = new URL('/v1/api/mcp-public', sandbox.baseUrl);
  const headers = { Authorization: `Bearer ${access_token}` };
  await agent.connect(new StreamableHTTPClientTransport(url, { requestInit: { headers } }));
  const { structuredContent: draft } = await agent.callTool({
    name: 'create_order_instruction',
    arguments: { side: 'BUY', contract_id_ex: '265598', quantity: 1 },
  });
  const submitted = sandbox.controls.agents.submitInstruction((draft as { id: string }).id);
  sandbox.controls.setPrice(265598, 190);
  const { structuredContent } = await agent.callTool({
    name: 'get_account_trades',
    arguments: { period: 'TODAY' },
  });
  expect((structuredContent as { trades: unknown[] }).trades).toEqual([
    expect.objectContaining({ conid: 265598, order_id: submitted.orderId }),
  ]);
  await agent.close();
  await sandbox.close();
});
