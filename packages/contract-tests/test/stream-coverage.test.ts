// The message coverage gate of the socket: it fails for a documented message no test received
// and for a message the document does not describe.
import { streaming } from '@brokerage/types';
import { streamCoverageReport, streamGateFailures } from '../src/stream-coverage.js';

const everyMessage = streaming.serverMessageNames.map((message) => ({ message }));

describe('the streaming message gate', () => {
  it('passes when every documented message arrived and nothing else did', () => {
    const report = streamCoverageReport(everyMessage);
    expect(report.received).toBe(report.documented);
    expect(streamGateFailures(report)).toEqual([]);
  });

  it('fails for a documented message never received', () => {
    const report = streamCoverageReport(everyMessage.filter(({ message }) => message !== 'pnl'));
    expect(report.unreached).toEqual(['pnl']);
    expect(streamGateFailures(report)).toEqual(['streaming messages never received: pnl']);
  });

  it('fails for a message the document does not describe', () => {
    const report = streamCoverageReport([...everyMessage, { undescribed: '{"topic":"xyz"}' }]);
    expect(streamGateFailures(report)).toEqual([
      'streaming messages the document does not describe: 1',
    ]);
  });
});
