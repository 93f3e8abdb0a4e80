// MCP sessions as records of the store: bound to their grant, bounded per grant, ended once.
import { maxSessionsPerGrant } from '../../../src/domain/agent-access/agent-sessions.js';
import { domain } from '../services.js';

describe('MCP sessions', () => {
  it('are found only with the grant that opened them, and ended once', () => {
    const { services } = domain();
    const auth = services.agentAuthorization;
    const sessions = services.agentSessions;
    auth.issueFor('demo_individual', undefined, 'resource');
    const grant = services.brokerage.store.collection('agentGrants').get('demo_individual');
    auth.issueFor('demo_advisor', undefined, 'resource');
    const other = services.brokerage.store.collection('agentGrants').get('demo_advisor');
    if (!grant || !other) throw new Error('no grants');
    const id = sessions.open(grant, '2025-06-18');
    expect(sessions.find(id, grant)).toMatchObject({
      grantId: grant.id,
      protocolVersion: '2025-06-18',
    });
    expect(sessions.find(id, other)).toBeUndefined();
    expect(sessions.close(id, other)).toBe(false);
    expect(sessions.close(id, grant)).toBe(true);
    expect(sessions.find(id, grant)).toBeUndefined();
  });

  it(`keep at most ${maxSessionsPerGrant} per grant, dropping the oldest`, () => {
    const { services, clock } = domain();
    services.agentAuthorization.issueFor('demo_individual', undefined, 'resource');
    const grant = services.brokerage.store.collection('agentGrants').get('demo_individual');
    if (!grant) throw new Error('no grant');
    const ids: string[] = [];
    for (let opened = 0; opened <= maxSessionsPerGrant; opened++) {
      ids.push(services.agentSessions.open(grant, '2025-06-18'));
      clock.advance(1);
    }
    expect(services.agentSessions.find(ids[0] ?? '', grant)).toBeUndefined();
    expect(ids.slice(1).every((id) => services.agentSessions.find(id, grant))).toBe(true);
  });
});
