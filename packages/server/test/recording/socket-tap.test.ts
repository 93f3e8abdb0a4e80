// A socket's frames on the tape: both ways, text or binary, and past the budget only counted.
import { EventEmitter } from 'node:events';
import type { WebSocket } from 'ws';
import { tapSocket, type SocketTape } from '../../src/recording/socket-tap.js';

/** Enough of a `ws` socket: its events, and a `send` that records what reached it. */
function fakeSocket() {
  const sent: unknown[] = [];
  const ws = Object.assign(new EventEmitter(), { send: (data: unknown) => sent.push(data) });
  return { ws, sent, socket: ws as unknown as WebSocket };
}

describe('tapSocket', () => {
  it('records the client’s frames as send, the server’s as receive, binary in base64', () => {
    const { ws, sent, socket } = fakeSocket();
    let closed: SocketTape | undefined;
    tapSocket(socket, 1000, (tape) => (closed = tape));
    ws.emit('message', Buffer.from('smd+1+{}'), false);
    socket.send('{"topic":"act"}');
    socket.send(Buffer.from([1, 2]));
    socket.send(Buffer.from('text'), { binary: false });
    ws.emit('message', Buffer.from([255]), true);
    ws.emit('close');
    expect(sent).toHaveLength(3);
    expect(closed?.frames.map(({ type, opcode, data }) => [type, opcode, data])).toEqual([
      ['send', 1, 'smd+1+{}'],
      ['receive', 1, '{"topic":"act"}'],
      ['receive', 2, 'AQI='],
      ['receive', 1, 'text'],
      ['send', 2, '/w=='],
    ]);
  });

  it('counts the frames past the budget instead of keeping them, and still sends them', () => {
    const { sent, socket } = fakeSocket();
    const tape = tapSocket(socket, 10, () => undefined);
    for (const frame of ['12345', '67890', 'x', 'yy']) socket.send(frame);
    expect(tape.frames.map((frame) => frame.data)).toEqual(['12345', '67890']);
    expect(tape.dropped).toEqual({ frames: 2, bytes: 3 });
    expect(sent).toHaveLength(4);
  });
});
