// `--record` of the sandbox itself records its WebSocket too: one HAR entry per socket, as
// browsers write it, with the frames both ways, redacted like the rest of the file.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { main } from '../../src/bin/main.js';
import { openSocket, topicOf } from '../stream-socket.js';

const quiet = () => new PassThrough().resume();

interface SocketEntry {
  _resourceType?: string;
  request: { url: string; headers: { name: string; value: string }[] };
  response: { status: number };
  _webSocketMessages?: { type: string; time: number; opcode: number; data: string }[];
}

describe('recording the WebSocket', () => {
  const file = join(mkdtempSync(join(tmpdir(), 'recording-')), 'socket.har');
  let entries: SocketEntry[];
  let text: string;

  beforeAll(async () => {
    const running = await main(
      ['node', 'brokerage-server', '--record', file, '--port', '0', '--log-level', 'silent'],
      { stdout: quiet(), stderr: quiet() },
    );
    if (running.kind !== 'simulation') throw new Error('expected the simulation');
    const baseUrl = running.url;
    const headers = { cookie: 'x-sess-uuid=a-secret-value' };
    const socket = await openSocket({ baseUrl }, { headers });
    const accounts = await socket.next((message) => topicOf(message) === 'act');
    const [account = ''] = (accounts as { args: { accounts: string[] } }).args.accounts;
    socket.send('smd+265598+{"fields":["31"]}');
    await socket.next((message) => topicOf(message) === 'smd+265598');
    socket.send(`ssd+${account}+{}`);
    await socket.next((message) => topicOf(message)?.startsWith('ssd+') === true);
    socket.close();
    await socket.closed;
    // Left open: written when the recording closes.
    const open = await openSocket({ baseUrl });
    await open.next((message) => topicOf(message) === 'act');
    await running.close();
    text = readFileSync(file, 'utf8');
    entries = (JSON.parse(text) as { log: { entries: SocketEntry[] } }).log.entries;
  });

  it('writes one entry per socket, the upgrade answered 101, with the frames both ways', () => {
    const sockets = entries.filter((entry) => entry._resourceType === 'websocket');
    expect(sockets).toHaveLength(2);
    const [first] = sockets;
    expect(first?.request.url).toMatch(/^ws:\/\/127\.0\.0\.1:\d+\/v1\/api\/ws$/);
    expect(first?.response.status).toBe(101);
    const frames = first?._webSocketMessages ?? [];
    expect(frames.filter((frame) => frame.type === 'send').map((frame) => frame.data)).toEqual([
      'smd+265598+{"fields":["31"]}',
      'ssd+U0000001+{}',
    ]);
    const received = frames.filter((frame) => frame.type === 'receive');
    expect(received.map((frame) => (JSON.parse(frame.data) as { topic: string }).topic)).toEqual(
      expect.arrayContaining(['act', 'smd+265598', 'ssd+U0000001']),
    );
    for (const frame of frames) {
      expect(frame.opcode).toBe(1);
      expect(frame.time).toBeGreaterThan(1e9);
      expect(frame.time).toBeLessThan(1e11);
    }
    expect(sockets[1]?._webSocketMessages?.length).toBeGreaterThan(0);
  });

  it('redacts the upgrade’s cookies and the account ids in the frames', () => {
    expect(text).not.toContain('U1234567');
    expect(text).not.toContain('a-secret-value');
    const [socket] = entries.filter((entry) => entry._resourceType === 'websocket');
    const cookie = socket?.request.headers.find((header) => header.name === 'cookie');
    expect(cookie?.value).toMatch(/^x-sess-uuid=redacted-\d+$/);
  });
});
