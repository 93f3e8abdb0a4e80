// From process start to the first answered request: `brokerage-server --port 0`, read the line
// that says where it listens, then ask for the accounts until the first 200.
import { startCommand, stop } from './processes.mjs';
import { median } from './stats.mjs';

async function once() {
  const started = performance.now();
  const { child, url } = await startCommand(
    ['--port', '0', '--no-pacing', '--log-level', 'silent'],
    'cold-start server',
  );
  try {
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
