// One load case: autocannon in this process against a server in a child process.
import autocannon from 'autocannon';

const headersOf = (request) =>
  request.body === undefined ? {} : { 'content-type': 'application/json' };
const bodyOf = (request) => (request.body === undefined ? undefined : JSON.stringify(request.body));

/** Runs `request` (or each connection the requests of `request.sequence` in turn) for `seconds` (or until `amount` requests are sent) over `connections`
 * connections and returns what the table reports. Requests answered with another status, or whose body `verify` refuses, are counted
 * apart and left out of the throughput. */
export async function load({ url, request, connections, seconds, amount, verify }) {
  const run = autocannon({
    url: `${url}${request.path}`,
    method: request.method,
    headers: headersOf(request),
    body: bodyOf(request),
    ...(request.sequence
      ? {
          requests: request.sequence.map((each) => ({
            method: each.method,
            path: each.path,
            headers: headersOf(each),
            body: bodyOf(each),
          })),
        }
      : {}),
    connections,
    duration: seconds,
    // autocannon's `amount` would override the duration: a cap on the requests keeps both.
    ...(amount === undefined ? {} : { maxOverallRequests: amount }),
    ...(verify ? { verifyBody: verify } : {}),
  });
  // autocannon ends a run at its next one-second sample tick, so its `finish` (and `duration`) is
  // up to a second late for a run that stops at `amount`: 500 placements in 0.3 s read as 500/s.
  // The span ends at the last answer instead.
  let lastAnswerAt;
  run.on('response', () => (lastAnswerAt = Date.now()));
  const result = await run;
  const ok = result['2xx'] - (result.mismatches ?? 0);
  const elapsedSeconds =
    ((lastAnswerAt ?? result.finish.getTime()) - result.start.getTime()) / 1000;
  return {
    requestsPerSecond: ok / (elapsedSeconds || seconds),
    p50: result.latency.p50,
    p99: result.latency.p99,
    ok,
    failed: result.non2xx + result.errors + result.timeouts + (result.mismatches ?? 0),
  };
}
