// The MCP tool gate: it fails for a tool the endpoint lists that no test called.
import { toolCoverageReport, toolGateFailures } from '../src/tool-coverage.js';

describe('the MCP tool gate', () => {
  it('passes when every listed tool was called', () => {
    const report = toolCoverageReport([
      { listed: ['whats_new', 'get_alerts'] },
      { called: 'whats_new' },
      { called: 'get_alerts' },
    ]);
    expect(report).toEqual({ listed: 2, called: 2, untested: [] });
    expect(toolGateFailures(report)).toEqual([]);
  });

  it('fails for a listed tool never called', () => {
    const report = toolCoverageReport([
      { listed: ['whats_new', 'get_alerts'] },
      { called: 'whats_new' },
    ]);
    expect(toolGateFailures(report)).toEqual(['MCP tools without a contract test: get_alerts']);
  });
});
