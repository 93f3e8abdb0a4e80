// The results as JSON and as markdown tables, with the goals they are reported against.
import { cpus } from 'node:os';
const fixed = (value, digits = 0) => (Number.isFinite(value) ? value.toFixed(digits) : 'n/a');
const percent = (value) => `${fixed(value * 100, 1)} %`;

/** The goals of the benchmark issue: reported, never asserted. */
export function goalsOf(results) {
  const { throughput, client, coldStart, growth, soak } = results;
  const ledger = throughput.ratios.ledger;
  const growthGoals = growth ? growthGoalsOf(growth.points) : [];
  const prismRatios = Object.values(throughput.ratios).map((ratio) => ratio.validatedOverPrism);
  return [
    {
      goal: 'validation overhead on the read route (GET ledger) at most 15 %',
      measured: percent(ledger.validationOverhead),
      met: ledger.validationOverhead <= 0.15,
    },
    {
      goal: 'validated GET ledger at least 0.8x a bare Express 5 app answering the same bytes',
      measured: `${fixed(ledger.validatedOverBare, 2)}x`,
      met: ledger.validatedOverBare >= 0.8,
    },
    {
      goal: "at least 5x Prism's throughput (every operation)",
      measured: `${fixed(Math.min(...prismRatios), 1)}x (lowest)`,
      met: Math.min(...prismRatios) >= 5,
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
    ...growthGoals,
    ...(soak ? soakGoalsOf(soak.points) : []),
  ];
}

/** Issue 18's goals under the soak: throughput flat (the last window at least 0.9x the first),
 * `/health` p99 under 20 ms, memory flat. */
function soakGoalsOf(points) {
  const first = points[0];
  const last = points.at(-1);
  if (!first || !last || last === first) return [];
  const gateway = last.gatewayPerSecond / first.gatewayPerSecond;
  const hosted = last.hostedPerSecond / first.hostedPerSecond;
  const worstHealth = Math.max(...points.map((point) => point.healthP99Ms));
  return [
    {
      goal: 'soak: mixed load flat (last window at least 0.9x the first)',
      measured: `${fixed(gateway, 2)}x (${fixed(first.gatewayPerSecond)} → ${fixed(last.gatewayPerSecond)} req/s)`,
      met: gateway >= 0.9,
    },
    {
      goal: 'soak: hosted signed requests flat as the nonces grow (last at least 0.9x the first)',
      measured: `${fixed(hosted, 2)}x (${fixed(first.hostedPerSecond)} → ${fixed(last.hostedPerSecond)} req/s)`,
      met: hosted >= 0.9,
    },
    {
      goal: 'soak: `/health` p99 under 20 ms in every window',
      measured: `${fixed(worstHealth, 1)} ms (worst window)`,
      met: worstHealth < 20,
    },
  ];
}

/** Issue 18's goals on state growth: placement at the largest book at least 0.9x the empty one. */
function growthGoalsOf(points) {
  const first = points[0];
  const last = points.at(-1);
  if (!first || !last || last === first) return [];
  const ratio = last.placementsPerSecond / first.placementsPerSecond;
  return [
    {
      goal: `placement at ${last.orders} orders at least 0.9x the empty book`,
      measured: `${fixed(ratio, 2)}x (${fixed(first.placementsPerSecond)} → ${fixed(last.placementsPerSecond)}/s)`,
      met: ratio >= 0.9,
    },
  ];
}

export function markdown(results, { operations, targets }) {
  const { throughput, client, coldStart, generation, environment, settings } = results;
  const lines = [];
  lines.push('# Benchmark results', '');
  lines.push(
    `${environment.date} · Node ${environment.node} · ${environment.cpus} × ${environment.cpuModel} · ${settings.connections} connections, ${settings.warmupSeconds} s warm-up + ${settings.seconds} s per case, ${settings.rounds} interleaved rounds (median)`,
    '',
  );
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
  if (results.growth) {
    lines.push('', '## State growth (one server, resting orders of one account)', '');
    lines.push(
      '| Orders in the book | Placements/s | Placement p99 (ms) | Open orders, all (ms) | Open orders, filled only (ms) | RSS (MiB) |',
      '|--:|--:|--:|--:|--:|--:|',
    );
    for (const point of results.growth.points) {
      lines.push(
        `| ${point.orders}${point.orders < point.level ? ` (of ${point.level}: budget spent)` : ''} | ${fixed(point.placementsPerSecond)} | ${fixed(point.placementP99, 1)} | ${fixed(point.openOrdersAllMs, 1)} | ${fixed(point.openOrdersFilteredMs, 1)} | ${fixed(point.rssMiB)} |`,
      );
    }
    lines.push('', '![State growth](growth.svg)');
  }
  if (results.soak) {
    const { soak } = results;
    lines.push(
      '',
      `## Soak (${soak.clients} gateway clients, ${soak.hostedClients} hosted OAuth 1.0a clients, a price walk, ${soak.seconds} s)`,
      '',
    );
    lines.push(
      '| Time (s) | Gateway req/s | Placements/s | Orders placed | Hosted req/s | /health p99 (ms) | RSS gateway (MiB) | RSS hosted (MiB) |',
      '|--:|--:|--:|--:|--:|--:|--:|--:|',
    );
    for (const point of soak.points) {
      lines.push(
        `| ${point.seconds} | ${fixed(point.gatewayPerSecond)} | ${fixed(point.placementsPerSecond)} | ${point.placements} | ${fixed(point.hostedPerSecond)} | ${fixed(point.healthP99Ms, 1)} | ${fixed(point.gatewayRssMiB)} | ${fixed(point.hostedRssMiB)} |`,
      );
    }
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
    lines.push(`| ${goal.goal} | ${goal.measured} | ${goal.met ? 'yes' : '**no**'} |`);
  lines.push('', '![Throughput](throughput.svg)', '');
  return lines.join('\n');
}

/** a/b and a/c per operation, from the medians. */
export function ratiosOf(summary) {
  const ratios = {};
  for (const [operation, cells] of Object.entries(summary)) {
    const validated = cells.validated.requestsPerSecond;
    ratios[operation] = {
      validatedOverFloor: validated / cells.floor.requestsPerSecond,
      validationOverhead: 1 - validated / cells.floor.requestsPerSecond,
      validatedOverPrism: validated / cells.prism.requestsPerSecond,
      validatedOverBare: validated / cells.bare.requestsPerSecond,
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
