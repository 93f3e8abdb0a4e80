// A WebSocket's data frames, taken as they pass (`--record`): the client's as they arrive, the
// server's as they are sent. Kept up to a byte budget, as a body is: past it, frames are counted,
// not held, so that a socket streaming all day costs no more than one large answer.
import type { WebSocket } from 'ws';

/** One data frame, as browsers record it: `send` is the client's, `receive` the server's. */
export interface SocketFrame {
  type: 'send' | 'receive';
  /** When it passed (seconds since the epoch, with the milliseconds as a fraction). */
  time: number;
  /** 1: text; 2: binary (its data in base64). */
  opcode: 1 | 2;
  data: string;
}

export interface SocketTape {
  frames: SocketFrame[];
  /** Frames past the budget, and their bytes: counted, not kept. */
  dropped: { frames: number; bytes: number };
}

const bytesOf = (data: unknown): Buffer =>
  Buffer.isBuffer(data)
    ? data
    : Array.isArray(data)
      ? Buffer.concat(data as Buffer[])
      : data instanceof ArrayBuffer
        ? Buffer.from(data)
        : ArrayBuffer.isView(data)
          ? Buffer.from(data.buffer, data.byteOffset, data.byteLength)
          : Buffer.from(String(data), 'utf8');

/** Records `ws`'s frames on a tape; `onClose` gets it once the socket has closed. */
export function tapSocket(
  ws: WebSocket,
  maxBytes: number,
  onClose: (tape: SocketTape) => void,
): SocketTape {
  const tape: SocketTape = { frames: [], dropped: { frames: 0, bytes: 0 } };
  let kept = 0;
  const keep = (type: SocketFrame['type'], data: unknown, binary: boolean) => {
    const bytes = bytesOf(data);
    if (kept + bytes.length > maxBytes) {
      tape.dropped.frames += 1;
      tape.dropped.bytes += bytes.length;
      return;
    }
    kept += bytes.length;
    const time = Date.now() / 1000;
    const text = binary ? bytes.toString('base64') : bytes.toString('utf8');
    tape.frames.push({ type, time, opcode: binary ? 2 : 1, data: text });
  };
  ws.on('message', (data, isBinary) => keep('send', data, isBinary));
  const send = ws.send.bind(ws) as (...args: unknown[]) => void;
  ws.send = ((...args: unknown[]) => {
    const [data, options] = args;
    // ws sends a string as text, anything else as binary unless told `binary: false`.
    const binary =
      typeof data !== 'string' &&
      (typeof options !== 'object' || (options as { binary?: boolean }).binary !== false);
    keep('receive', data, binary);
    send(...args);
  }) as typeof ws.send;
  ws.once('close', () => onClose(tape));
  return tape;
}
