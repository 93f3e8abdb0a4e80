// From process start to the first answered request: `brokerage-server --port 0`, read the line
// that says where it listens, then ask for the accounts until the first 200.
import { join } from 'node:path';
import { repoRoot, spawnTracked, stop } from './processes.mjs';
import { median } from './stats.mjs';

const cli = join(repoRoot, 'packages', 'server', 'dist', 'cli.js');
const listening = /listening on (https?:\/\/\S+)/;

async function once() {
  const started = performance.now();
  const child = spawnTracked(
    process.execPath,
    [cli, '--port', '0', '--no-pacing', '--log-level', 'silent'],
    { stdio: ['ignore', 'pipe', 'inherit'] },
    'cold-start server',
  );
  try {
    const url = await new Promise((resolve, reject) => {
      let buffer = '';
      child.stdout.setEncoding('utf8');
      child.stdout.on('data', (chunk) => {
        buffer += chunk;
        const match = listening.exec(buffer);
        if (match) resolve(match[1]);
      });
      child.once('exit', (code) => reject(new Error(`server exited (${code}) before listening`)));
    });
    const listeningMs = performance.now() - started;
    const first = await fetch(`${url}/v1/api/iserver/accounts`);
    await first.text();
    if (first.status !== 200) throw new Error(`first request: ${first.status}`);
    const firstAnswerMs = performance.now() - started;
    // The first call of another route: what a lazily compiled validator costs there.
    let at = performance.now();
    const second = await fetch(`${url}/v1/api/portfolio/accounts`);
    await second.text();
    const otherRouteMs = performance.now() - at;
    at = performance.now();
    await (await fetch(`${url}/v1/api/portfolio/accounts`)).text();
    const sameRouteAgainMs = performance.now() - at;
    return { listeningMs, firstAnswerMs, otherRouteMs, sameRouteAgainMs };
  } finally {
    await stop(child);
  }
}

export async function measureColdStart({ runs }) {
  const all = [];
  for (let i = 0; i < runs; i++) all.push(await once());
  const pick = (key) => median(all.map((run) => run[key]));
  return {
    runs,
    listeningMs: pick('listeningMs'),
    firstAnswerMs: pick('firstAnswerMs'),
    otherRouteFirstCallMs: pick('otherRouteMs'),
    sameRouteAgainMs: pick('sameRouteAgainMs'),
  };
}
