// A Redis of the bench's own: `redis-server` on a free port with a scratch directory and the
// append-only file on (fsync every second, its default), as a shared sandbox would run it.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, spawnTracked } from './processes.mjs';

export async function startRedis() {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'bench-redis-'));
  const child = spawnTracked(
    'redis-server',
    [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--dir',
      dir,
      '--save',
      '',
      '--appendonly',
      'yes',
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
    'redis-server',
  );
  await new Promise((resolve, reject) => {
    let output = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk) => {
      output += chunk;
      if (output.includes('Ready to accept connections')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`redis-server exited (${code}): ${output}`)));
  });
  child.stdout.resume();
  return { child, url: `redis://127.0.0.1:${port}` };
}
