import { streaming } from '../src/index.js';

/** The topic of a server message, read through the generated union (a compile-time check that
 * every server message is an object and the topics are typed). */
const topicOf = (message: streaming.ServerMessage): string | undefined =>
  'topic' in message ? message.topic : undefined;

describe('streaming types generated from the AsyncAPI document', () => {
  it('names every client and every server message once', () => {
    expect(streaming.clientMessageNames).toHaveLength(19);
    expect(streaming.serverMessageNames).toHaveLength(18);
    const all: string[] = [...streaming.clientMessageNames, ...streaming.serverMessageNames];
    expect(new Set(all).size).toBe(all.length);
  });

  it('types client frames as their topic and arguments, and server messages by topic', () => {
    const frames: streaming.ClientMessage[] = [
      'tic',
      'sor',
      'sor+{}',
      'smd+265598+{"fields":["31"]}',
      { session: '2f87fedb317195b482ba761e8f5c0431' },
    ];
    // @ts-expect-error a frame that no client message describes
    const unknown: streaming.ClientMessage = 'xyz+{}';
    const update: streaming.ServerMessages['marketData'] = {
      topic: 'smd+265598',
      conid: 265598,
      _updated: 1736089200000,
      '31': '189.50',
    };
    expect(frames).toHaveLength(5);
    expect(unknown).toBe('xyz+{}');
    expect(topicOf(update)).toBe('smd+265598');
    expect(topicOf({ message: 'waiting for session' })).toBeUndefined();
  });
});
