import type { AgentAccessStore } from './store-view.js';
import type { AgentScenarios } from './model.js';

const none: AgentScenarios = {
  firewall: false,
  registrationAllowlist: false,
  toolListFailures: 0,
  toolErrors: {},
  stringArgumentsRefused: true,
};

/** The MCP failures users met, armed through the control API and kept in the store, so that every
 * process on a shared store answers them (docs/decisions/service/mcp-failure-scenarios.md). */
export class AgentScenarioBook {
  constructor(private readonly store: AgentAccessStore) {}

  private get records() {
    return this.store.collection('agentScenarios');
  }

  /** What is armed now. */
  current(): AgentScenarios {
    // A record armed before a scenario existed lacks its field: the default fills it.
    return { ...none, ...this.records.get('armed') };
  }

  /** Arms (or disarms) part of the scenarios; answers what is armed then. */
  arm(changes: Partial<AgentScenarios>): AgentScenarios {
    const next = { ...this.current(), ...changes };
    this.records.set('armed', next);
    return next;
  }

  /** Whether this `tools/list` is one armed to fail (counting it down). */
  takeToolListFailure(): boolean {
    const armed = this.current();
    if (armed.toolListFailures <= 0) return false;
    this.arm({ toolListFailures: armed.toolListFailures - 1 });
    return true;
  }

  /** Whether this call of `tool` is one armed to fail (counting it down). */
  takeToolError(tool: string): boolean {
    const armed = this.current();
    const left = armed.toolErrors[tool] ?? 0;
    if (left <= 0) return false;
    const others = Object.entries(armed.toolErrors).filter(([name]) => name !== tool);
    this.arm({
      toolErrors: Object.fromEntries(left === 1 ? others : [...others, [tool, left - 1]]),
    });
    return true;
  }
}
