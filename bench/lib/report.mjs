// The results as JSON and as markdown tables, with the goals they are reported against.
import { cpus } from 'node:os';
const fixed = (value, digits = 0) => (Number.isFinite(value) ? value.toFixed(digits) : 'n/a');
const percent = (value) => `${fixed(value * 100, 1)} %`;

/** The goals of the benchmark issue: reported, never asserted. */
export function goalsOf(results) {
  const { throughput, client, coldStart } = results;
  return [
    {
      goal: 'validation overhead on the read route (GET ledger) at most 15 %',
      measured: percent(throughput.ratios.ledger.validationOverhead),
      met: throughput.ratios.ledger.validationOverhead <= 0.15,
    },
    {
      goal: 'typed client overhead over raw fetch at most 5 %',
      measured: percent(client.overhead.ratio - 1),
      met: client.overhead.ratio - 1 <= 0.05,
    },
    {
      goal: 'cold start (process start to first answer) under 1 s',
      measured: `${fixed(coldStart.firstAnswerMs)} ms`,
      met: coldStart.firstAnswerMs < 1000,
    },
    ...issueGoalsOf({ ratios: throughput.ratios, growth: results.growth, soak: results.soak }),
  ];
}

/** Issue 18's table, in its order, for one build: its throughput ratios (ratiosOf), its growth
 * curve and its soak (either left out when not measured). Each row has an `id`, so that two
 * builds' rows line up. */
function issueGoalsOf({ ratios, growth, soak }) {
  const [lowestOperation, lowest] = Object.entries(ratios)
    .map(([operation, ratio]) => [operation, ratio.validatedOverPrism])
    .reduce((low, entry) => (entry[1] < low[1] ? entry : low));
  return [
    {
      id: 'ledger-over-bare',
      goal: 'validated GET ledger at least 0.8x a bare Express 5 app answering the same bytes',
      measured: `${fixed(ratios.ledger.validatedOverBare, 2)}x`,
      met: ratios.ledger.validatedOverBare >= 0.8,
    },
    ...(growth ? growthGoalsOf(growth.points) : []),
    ...(soak ? soakGoalsOf(soak) : []),
    {
      id: 'over-prism',
      goal: "at least 5x Prism's throughput (every operation)",
      measured: `${fixed(lowest, 1)}x (lowest: ${lowestOperation})`,
      met: lowest >= 5,
    },
  ];
}

/** The issue's book size for placement and the open-orders list. */
const issueOrders = 10_000;
/** How long the hosted server keeps a seen nonce: twice the 5-minute timestamp window
 * (packages/server/src/domain/auth/oauth1/nonces.ts), the retention a signed load fills. */
const nonceWindowSeconds = 600;

const reachedNote = (point) =>
  point.orders < point.level ? `; ${point.orders} reached: budget spent` : '';

/** Issue 18's goals on state growth: placement at 10,000 orders (and at the largest level) at
 * least 0.9x the empty book; the open-orders list there costs what it returns: filtered to none,
 * within 2x of its cost at the empty book. */
function growthGoalsOf(points) {
  const empty = points[0];
  const largest = points.at(-1);
  if (!empty || !largest || largest === empty) return [];
  const atIssue = points.find((point) => point.level === issueOrders) ?? largest;
  const placements = [...new Set([atIssue, largest])].map((point) => {
    const ratio = point.placementsPerSecond / empty.placementsPerSecond;
    return {
      id: `placement-${point.level}`,
      goal: `placement at ${point.level} resting orders at least 0.9x the empty book`,
      measured: `${fixed(ratio, 2)}x (${fixed(empty.placementsPerSecond)} → ${fixed(point.placementsPerSecond)}/s${reachedNote(point)})`,
      met: ratio >= 0.9,
    };
  });
  return [
    placements[0],
    {
      id: 'open-orders',
      goal: `open-orders list at ${atIssue.level} orders: cost linear in what it returns (filtered to none within 2x of the empty book's)`,
      measured: `all ${fixed(atIssue.openOrdersAllMs, 1)} ms, filtered to none ${fixed(atIssue.openOrdersFilteredMs, 1)} ms (${fixed(empty.openOrdersFilteredMs, 1)} ms empty${reachedNote(atIssue)})`,
      met: atIssue.openOrdersFilteredMs <= 2 * empty.openOrdersFilteredMs,
    },
    ...placements.slice(1),
  ];
}

/** Issue 18's goals under the soak: throughput flat (the last window at least 0.9x the first),
 * `/health` p99 under 20 ms, the hosted server's signed requests flat, memory flat past the nonce
 * window (judged only when the soak outlasts it: the gateway keeps the day's orders, as the
 * service shows them, so its memory is reported, not judged). */
export function soakGoalsOf({ points, seconds }) {
  const first = points[0];
  const last = points.at(-1);
  if (!first || !last || last === first) return [];
  const gateway = last.gatewayPerSecond / first.gatewayPerSecond;
  const hosted = last.hostedPerSecond / first.hostedPerSecond;
  const health = points.map((point) => point.healthP99Ms);
  const pastWindow = points.filter((point) => point.seconds > nonceWindowSeconds);
  const rssGrowth =
    pastWindow.length >= 2 ? pastWindow.at(-1).hostedRssMiB / pastWindow[0].hostedRssMiB : NaN;
  return [
    {
      id: 'soak-flat',
      goal: 'soak: mixed load flat (last window at least 0.9x the first)',
      measured: `${fixed(gateway, 2)}x (${fixed(first.gatewayPerSecond)} → ${fixed(last.gatewayPerSecond)} req/s)`,
      met: gateway >= 0.9,
    },
    {
      id: 'soak-health',
      goal: 'soak: `/health` p99 under 20 ms in every window',
      measured: `${fixed(Math.min(...health), 1)}–${fixed(Math.max(...health), 1)} ms per window`,
      met: Math.max(...health) < 20,
    },
    {
      id: 'soak-hosted',
      goal: 'soak: hosted signed requests flat as the nonces grow (last at least 0.9x the first)',
      measured: `${fixed(hosted, 2)}x (${fixed(first.hostedPerSecond)} → ${fixed(last.hostedPerSecond)} req/s)`,
      met: hosted >= 0.9,
    },
    {
      id: 'soak-rss',
      goal: `soak: RSS flat after the retention window (hosted: within 1.1x after the ${nonceWindowSeconds} s nonce window)`,
      measured: `gateway ${fixed(first.gatewayRssMiB)} → ${fixed(last.gatewayRssMiB)} MiB, hosted ${fixed(first.hostedRssMiB)} → ${fixed(last.hostedRssMiB)} MiB${pastWindow.length >= 2 ? `; ${fixed(rssGrowth, 2)}x past the window` : `; the ${seconds} s soak ends within the window`}`,
      met: pastWindow.length >= 2 ? rssGrowth <= 1.1 : undefined,
    },
  ];
}

export const metText = (met) => (met === undefined ? 'not judged' : met ? 'yes' : '**no**');

export function markdown(results, { operations, targets }) {
  const { throughput, client, coldStart, generation, environment, settings, baseline } = results;
  const lines = [];
  lines.push('# Benchmark results', '');
  lines.push(
    `${environment.date} · Node ${environment.node} · ${environment.cpus} × ${environment.cpuModel} · ${settings.connections} connections, ${settings.warmupSeconds} s warm-up + ${settings.seconds} s per case, ${settings.rounds} interleaved rounds (median)`,
    '',
  );
  if (baseline) lines.push(...comparisonSection(results));
  lines.push('## Throughput and latency', '');
  lines.push(
    '| Operation | Server | req/s | p50 (ms) | p99 (ms) | failed |',
    '|---|---|--:|--:|--:|--:|',
  );
  for (const operation of operations) {
    for (const target of targets) {
      const cell = throughput.summary[operation.id][target.id];
      lines.push(
        `| ${operation.label} | ${target.label} | ${fixed(cell.requestsPerSecond)} | ${fixed(cell.p50, 1)} | ${fixed(cell.p99, 1)} | ${cell.failed} |`,
      );
    }
  }
  lines.push(
    '',
    '| Operation | a/b (validated / no validation) | validation overhead | a/c (validated / Prism) | a/d (validated / bare Express) |',
    '|---|--:|--:|--:|--:|',
  );
  for (const operation of operations) {
    const ratio = throughput.ratios[operation.id];
    lines.push(
      `| ${operation.label} | ${fixed(ratio.validatedOverFloor, 2)} | ${percent(ratio.validationOverhead)} | ${fixed(ratio.validatedOverPrism, 1)}x | ${fixed(ratio.validatedOverBare, 2)}x |`,
    );
  }
  if (baseline) {
    lines.push(
      '',
      '| Operation | e/c (baseline / Prism) | e/d (baseline / bare Express) | a/e (this build / baseline) |',
      '|---|--:|--:|--:|',
    );
    for (const operation of operations) {
      const ratio = baseline.ratios[operation.id];
      const cells = throughput.summary[operation.id];
      lines.push(
        `| ${operation.label} | ${fixed(ratio.validatedOverPrism, 1)}x | ${fixed(ratio.validatedOverBare, 2)}x | ${fixed(cells.validated.requestsPerSecond / cells.baseline.requestsPerSecond, 2)}x |`,
      );
    }
  }
  lines.push('', '## Client', '');
  lines.push('| Measure | Value |', '|---|--:|');
  lines.push(
    `| raw fetch, ${client.overhead.operation} (ms per call) | ${fixed(client.overhead.rawMs, 3)} |`,
  );
  lines.push(`| typed client, same call (ms per call) | ${fixed(client.overhead.typedMs, 3)} |`);
  lines.push(
    `| typed / raw | ${fixed(client.overhead.ratio, 3)} (${percent(client.overhead.ratio - 1)} overhead) |`,
  );
  lines.push(
    `| bare openapi-fetch (no layers) / raw, for reference | ${fixed(client.overhead.openapiFetchRatio, 3)} |`,
  );
  lines.push(
    `| placeOrder through ${client.replyLoop.rounds} warning rounds (ms) | ${fixed(client.replyLoop.placeWithWarningsMs, 2)} |`,
  );
  lines.push(
    `| placeOrder answered at once (ms) | ${fixed(client.replyLoop.placeWithoutWarningMs, 2)} |`,
  );
  lines.push(
    `| reply loop: cost per round (total / rounds, ms) | ${fixed(client.replyLoop.perRoundMs, 2)} |`,
  );
  lines.push(
    `| reply loop: marginal cost per round ((total − at once) / rounds, ms) | ${fixed(client.replyLoop.marginalPerRoundMs, 2)} |`,
  );
  const { growth, soak } = results;
  const builds = baseline
    ? [
        { name: 'this build', growth, soak },
        { name: 'baseline build', ...baseline },
      ]
    : [{ growth, soak }];
  if (growth) {
    for (const build of builds) lines.push(...growthSection(build.growth, build.name));
    lines.push('', '![State growth](growth.svg)');
  }
  if (soak) {
    for (const build of builds) lines.push(...soakSection(build.soak, build.name));
    lines.push('', '![Soak](soak.svg)');
  }
  lines.push('', '## Start-up and generation', '');
  lines.push('| Measure | Median (ms) |', '|---|--:|');
  lines.push(`| cold start: process start to listening | ${fixed(coldStart.listeningMs)} |`);
  lines.push(`| cold start: process start to first answer | ${fixed(coldStart.firstAnswerMs)} |`);
  lines.push(`| first call of a second route | ${fixed(coldStart.otherRouteFirstCallMs, 1)} |`);
  lines.push(`| same route again | ${fixed(coldStart.sameRouteAgainMs, 1)} |`);
  lines.push(
    `| generation: bundle + types + validators (${generation.runs} runs) | ${fixed(generation.medianMs)} |`,
  );
  lines.push('', '## Goals (reported, not asserted)', '');
  lines.push('| Goal | Measured | Met |', '|---|--:|:-:|');
  for (const goal of goalsOf(results))
    lines.push(`| ${goal.goal} | ${goal.measured} | ${metText(goal.met)} |`);
  lines.push('', '![Throughput](throughput.svg)', '');
  return lines.join('\n');
}

/** Issue 18's table for the baseline build and this one, side by side, with the goals. */
function comparisonSection({ environment, throughput, growth, soak, baseline }) {
  const ours = issueGoalsOf({ ratios: throughput.ratios, growth, soak });
  const theirs = new Map(issueGoalsOf(baseline).map((goal) => [goal.id, goal]));
  const lines = [
    "## Issue 18's table: baseline vs this build",
    '',
    `Baseline: \`${baseline.server}\`; this build: \`${environment.server}\`. Throughput in the same interleaved rounds; the growth curve and the soak of one build, then of the other, with the same settings.`,
    '',
    '| Goal | Baseline | Met | This build | Met |',
    '|---|--:|:-:|--:|:-:|',
  ];
  for (const goal of ours) {
    const before = theirs.get(goal.id);
    lines.push(
      `| ${goal.goal} | ${before?.measured ?? 'n/a'} | ${before ? metText(before.met) : ''} | ${goal.measured} | ${metText(goal.met)} |`,
    );
  }
  lines.push('');
  return lines;
}

const ofBuild = (name) => (name ? `, ${name}` : '');

function growthSection(growth, name) {
  const lines = [
    '',
    `## State growth (one server, resting orders of one account${ofBuild(name)})`,
    '',
    '| Orders in the book | Placements/s | Placement p99 (ms) | Open orders, all (ms) | Open orders, filled only (ms) | RSS (MiB) |',
    '|--:|--:|--:|--:|--:|--:|',
  ];
  for (const point of growth.points) {
    lines.push(
      `| ${point.orders}${point.orders < point.level ? ` (of ${point.level}: budget spent)` : ''} | ${fixed(point.placementsPerSecond)} | ${fixed(point.placementP99, 1)} | ${fixed(point.openOrdersAllMs, 1)} | ${fixed(point.openOrdersFilteredMs, 1)} | ${fixed(point.rssMiB)} |`,
    );
  }
  return lines;
}

export function soakSection(soak, name) {
  const lines = [
    '',
    `## Soak (${soak.clients} gateway clients, ${soak.hostedClients} hosted OAuth 1.0a clients, a price walk, ${soak.seconds} s${ofBuild(name)})`,
    '',
    '| Time (s) | Gateway req/s | Placements/s | Orders placed | Hosted req/s | /health p99 (ms) | RSS gateway (MiB) | RSS hosted (MiB) |',
    '|--:|--:|--:|--:|--:|--:|--:|--:|',
  ];
  for (const point of soak.points) {
    lines.push(
      `| ${point.seconds} | ${fixed(point.gatewayPerSecond)} | ${fixed(point.placementsPerSecond)} | ${point.placements} | ${fixed(point.hostedPerSecond)} | ${fixed(point.healthP99Ms, 1)} | ${fixed(point.gatewayRssMiB)} | ${fixed(point.hostedRssMiB)} |`,
    );
  }
  return lines;
}

/** Per operation, the throughput of `target` (a validated server: this build's, or the
 * baseline's) over Prism's and bare Express's; for this build's, also over its server without
 * validation (the floor is this build's: the baseline has none in the run). */
export function ratiosOf(summary, target = 'validated') {
  const ratios = {};
  for (const [operation, cells] of Object.entries(summary)) {
    const measured = cells[target].requestsPerSecond;
    ratios[operation] = {
      ...(target === 'validated'
        ? {
            validatedOverFloor: measured / cells.floor.requestsPerSecond,
            validationOverhead: 1 - measured / cells.floor.requestsPerSecond,
          }
        : {}),
      validatedOverPrism: measured / cells.prism.requestsPerSecond,
      validatedOverBare: measured / cells.bare.requestsPerSecond,
    };
  }
  return ratios;
}

/** Where a bench ran: the date, Node, the CPUs and the platform, for its results file. */
export function environment() {
  return {
    date: new Date().toISOString(),
    node: process.versions.node,
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model.trim() ?? 'unknown',
    platform: `${process.platform} ${process.arch}`,
  };
}
