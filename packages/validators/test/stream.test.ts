import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import {
  streamMessageValidators,
  validateClientFrame,
  validateServerMessage,
  validateStreamMessage,
  type StreamMessageName,
} from '../src/index.js';

interface BundledMessage {
  examples?: { name: string; payload: unknown }[];
}
const require = createRequire(import.meta.url);
const bundle = JSON.parse(
  readFileSync(require.resolve('@brokerage/types/asyncapi.json'), 'utf8'),
) as { channels: { ws: { messages: Record<string, BundledMessage> } } };
const messages = Object.entries(bundle.channels.ws.messages) as [
  StreamMessageName,
  BundledMessage,
][];
const examples = messages.flatMap(([name, message]) =>
  (message.examples ?? []).map((example) => ({
    message: name,
    example: example.name,
    payload: example.payload,
  })),
);
const frameOf = (payload: unknown) =>
  typeof payload === 'string' ? payload : JSON.stringify(payload);

describe('streaming messages: the document examples', () => {
  it('has a validator for every message of the channel, and an example of each', () => {
    expect(Object.keys(streamMessageValidators).sort()).toEqual(
      messages.map(([name]) => name).sort(),
    );
    expect(messages.filter(([, message]) => (message.examples ?? []).length === 0)).toEqual([]);
  });

  it.each(examples)(
    '$message example $example validates and is recognised',
    ({ message: name, payload }) => {
      expect(validateStreamMessage(name, payload)).toEqual({ valid: true, errors: [] });
      const recognised =
        streamMessageValidators[name].direction === 'server'
          ? validateServerMessage(payload)
          : validateClientFrame(frameOf(payload));
      expect(recognised).toMatchObject({ valid: true, name });
    },
  );
});

describe('streaming messages: wrong payloads', () => {
  it('refuses an order update whose price is a non-empty string, saying where and why', () => {
    // A number, or the empty text a market order carries: nothing else.
    const result = validateServerMessage({
      topic: 'sor',
      args: [{ acct: 'U1234567', orderId: 1, price: '190.00' }],
    });
    expect(result).toMatchObject({ valid: false, name: 'orderUpdates' });
    expect(result.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ pointer: '/args/0/price', rule: 'type', expected: 'number' }),
        expect.objectContaining({ pointer: '/args/0/price', rule: 'const', expected: '' }),
      ]),
    );
    expect(
      validateServerMessage({ topic: 'sor', args: [{ acct: 'U1234567', orderId: 1, price: '' }] }),
    ).toMatchObject({ valid: true, name: 'orderUpdates' });
  });

  it('refuses a market data message without its contract', () => {
    const result = validateServerMessage({ topic: 'smd+265598', _updated: 1, '31': '1.00' });
    expect(result.valid).toBe(false);
    expect(result.errors[0]).toMatchObject({ pointer: '/conid', rule: 'required' });
  });

  it('takes an error that carries the topic of the subscription it ends', () => {
    const result = validateServerMessage({ topic: 'smd+1', error: 'Unknown contract 1' });
    expect(result).toMatchObject({ valid: true, name: 'error' });
  });

  it('refuses a topic the document does not describe', () => {
    const result = validateServerMessage({ topic: 'xyz', args: {} });
    expect(result).toMatchObject({ valid: false });
    expect(result.errors[0]?.message).toBe(
      '/topic: no message of the streaming document has the topic "xyz"',
    );
  });

  it('refuses client frames with a bad shape, an unknown topic or wrong arguments', () => {
    expect(validateClientFrame('smd+AAPL+{}')).toMatchObject({
      valid: false,
      name: 'subscribeMarketData',
      errors: [expect.objectContaining({ rule: 'pattern' })],
    });
    expect(validateClientFrame('xyz+{}').errors[0]?.message).toBe(
      '/: no client message of the streaming document starts with "xyz"',
    );
    // Field codes are taken as texts or numbers, as clients send both; nothing else.
    expect(validateClientFrame('smd+265598+{"fields":[31]}')).toMatchObject({ valid: true });
    const args = validateClientFrame('smd+265598+{"fields":[true]}');
    expect(args).toMatchObject({ valid: false, name: 'subscribeMarketData' });
    expect(args.errors).toEqual(
      expect.arrayContaining([expect.objectContaining({ pointer: '/fields/0' })]),
    );
    expect(validateClientFrame('smd+265598+{"fields":}').errors[0]?.rule).toBe('json');
    expect(validateClientFrame('{"session":1}')).toMatchObject({
      valid: false,
      name: 'sessionAuth',
    });
  });
});
