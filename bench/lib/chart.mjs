// A grouped bar chart of requests per second, one group per operation, one bar per target:
// plain SVG, no plotting dependency.
const colours = {
  validated: '#1f77b4',
  floor: '#9ecae1',
  prism: '#ff7f0e',
  bare: '#7f7f7f',
  baseline: '#2ca02c',
};
/** The line colours of the line charts, in the order of their lines (this build, the baseline). */
const lineColours = [colours.validated, colours.baseline];

const escape = (text) =>
  String(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A round axis maximum above `value`: 1, 2 or 5 times a power of ten. */
function niceMax(value) {
  const power = 10 ** Math.floor(Math.log10(Math.max(value, 1)));
  return [1, 2, 5, 10].map((step) => step * power).find((candidate) => candidate >= value);
}

/** The opening of a chart: the svg element, a white background and the title (at `titleY`). */
function frame(width, height, title, titleY = 22) {
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="Helvetica, Arial, sans-serif" font-size="12">`,
    `<rect width="${width}" height="${height}" fill="#ffffff"/>`,
    `<text x="${width / 2}" y="${titleY}" text-anchor="middle" font-size="15" font-weight="bold">${escape(title)}</text>`,
  ];
}

export function throughputChart({ operations, targets, summary, title }) {
  const width = 760;
  const height = 420;
  const margin = { top: 56, right: 24, bottom: 84, left: 72 };
  const plotWidth = width - margin.left - margin.right;
  const plotHeight = height - margin.top - margin.bottom;
  const values = operations.flatMap((operation) =>
    targets.map((target) => summary[operation.id][target.id].requestsPerSecond),
  );
  const max = niceMax(Math.max(...values));
  const y = (value) => margin.top + plotHeight - (value / max) * plotHeight;
  const groupWidth = plotWidth / operations.length;
  const barWidth = (groupWidth * 0.7) / targets.length;
  const parts = frame(width, height, title, 24);
  for (let tick = 0; tick <= 5; tick++) {
    const value = (max / 5) * tick;
    parts.push(
      `<line x1="${margin.left}" x2="${width - margin.right}" y1="${y(value)}" y2="${y(value)}" stroke="#e0e0e0"/>`,
    );
    parts.push(
      `<text x="${margin.left - 8}" y="${y(value) + 4}" text-anchor="end">${Math.round(value)}</text>`,
    );
  }
  parts.push(
    `<text transform="translate(18 ${margin.top + plotHeight / 2}) rotate(-90)" text-anchor="middle">requests per second (higher is better)</text>`,
  );
  operations.forEach((operation, group) => {
    const groupX = margin.left + group * groupWidth + groupWidth * 0.15;
    targets.forEach((target, index) => {
      const value = summary[operation.id][target.id].requestsPerSecond;
      const x = groupX + index * barWidth;
      parts.push(
        `<rect x="${x.toFixed(1)}" y="${y(value).toFixed(1)}" width="${(barWidth - 4).toFixed(1)}" height="${(margin.top + plotHeight - y(value)).toFixed(1)}" fill="${colours[target.id]}"><title>${escape(`${operation.label}, ${target.label}: ${Math.round(value)} req/s`)}</title></rect>`,
      );
      parts.push(
        `<text x="${(x + (barWidth - 4) / 2).toFixed(1)}" y="${(y(value) - 4).toFixed(1)}" text-anchor="middle" font-size="11">${Math.round(value)}</text>`,
      );
    });
    parts.push(
      `<text x="${margin.left + group * groupWidth + groupWidth / 2}" y="${margin.top + plotHeight + 20}" text-anchor="middle">${escape(operation.label)}</text>`,
    );
  });
  parts.push(
    `<line x1="${margin.left}" x2="${width - margin.right}" y1="${margin.top + plotHeight}" y2="${margin.top + plotHeight}" stroke="#333"/>`,
  );
  parts.push(
    ...legend(
      targets.map((target) => [target.label, colours[target.id]]),
      height - 46,
    ),
  );
  parts.push('</svg>');
  return `${parts.join('\n')}\n`;
}

/** A legend of [label, colour] pairs in rows from `top`, wrapped before `width`. */
function legend(entries, top, width = 760, left = 72) {
  const parts = [];
  let x = left;
  let y = top;
  for (const [label, colour] of entries) {
    // About 6.5 px per character at 12 px.
    const entryWidth = 18 + label.length * 6.5 + 24;
    if (x > left && x + entryWidth > width) {
      x = left;
      y += 18;
    }
    parts.push(
      `<rect x="${x}" y="${y}" width="12" height="12" fill="${colour}"/>`,
      `<text x="${x + 18}" y="${y + 10}">${escape(label)}</text>`,
    );
    x += entryWidth;
  }
  return parts;
}

/** Small line charts side by side, one per series (`[{ label, value(point) }]`), each with a line
 * per entry of `lines` (`[{ name, points }]`, with a legend when there are several: two builds),
 * at the x values `x(point)` (drawn on a log scale where they span two decades or more, zero
 * placed at the axis). */
export function lineCharts({ title, xLabel, x, series, lines }) {
  const panelWidth = 300;
  const panelHeight = 220;
  // Room for the legend of the lines under the title.
  const margin = { top: lines.length > 1 ? 76 : 60, right: 20, bottom: 56, left: 64 };
  const width = series.length * (panelWidth + margin.left + margin.right);
  const height = panelHeight + margin.top + margin.bottom;
  const xs = [...new Set(lines.flatMap((line) => line.points.map(x)))];
  const positive = xs.filter((value) => value > 0);
  const logScale = positive.length > 0 && Math.max(...positive) / Math.min(...positive) >= 100;
  const low = logScale ? Math.log10(Math.min(...positive)) - 1 : Math.min(...xs);
  const high = logScale ? Math.log10(Math.max(...positive)) : Math.max(...xs);
  const xOf = (value) => {
    const scaled = logScale ? (value > 0 ? Math.log10(value) : low) : value;
    return high === low ? 0.5 : (scaled - low) / (high - low);
  };
  const parts = frame(width, height, title);
  if (lines.length > 1)
    parts.push(
      ...legend(
        lines.map((line, index) => [line.name, lineColours[index]]),
        34,
        width,
        margin.left,
      ),
    );
  series.forEach(({ label, value }, panel) => {
    const left = panel * (panelWidth + margin.left + margin.right) + margin.left;
    const values = lines.flatMap((line) => line.points.map(value));
    const max = niceMax(Math.max(...values.filter(Number.isFinite), 1));
    const px = (at) => left + xOf(at) * panelWidth;
    const py = (v) => margin.top + panelHeight - (v / max) * panelHeight;
    parts.push(
      `<text x="${left + panelWidth / 2}" y="${margin.top - 12}" text-anchor="middle" font-weight="bold">${escape(label)}</text>`,
    );
    for (let tick = 0; tick <= 4; tick++) {
      const tickValue = (max / 4) * tick;
      parts.push(
        `<line x1="${left}" x2="${left + panelWidth}" y1="${py(tickValue)}" y2="${py(tickValue)}" stroke="#e0e0e0"/>`,
        `<text x="${left - 6}" y="${py(tickValue) + 4}" text-anchor="end">${Number(tickValue.toPrecision(3))}</text>`,
      );
    }
    xs.forEach((at) =>
      parts.push(
        `<text x="${px(at).toFixed(1)}" y="${margin.top + panelHeight + 18}" text-anchor="middle" font-size="11">${at}</text>`,
      ),
    );
    lines.forEach((line, index) => {
      const colour = lineColours[index];
      const points = line.points
        .map((point) => [x(point), value(point)])
        .filter(([, v]) => Number.isFinite(v))
        .map(([at, v]) => [px(at).toFixed(1), py(v).toFixed(1)]);
      parts.push(
        `<polyline points="${points.map((point) => point.join(',')).join(' ')}" fill="none" stroke="${colour}" stroke-width="2"/>`,
        ...points.map(([cx, cy]) => `<circle cx="${cx}" cy="${cy}" r="3" fill="${colour}"/>`),
      );
    });
    parts.push(
      `<text x="${left + panelWidth / 2}" y="${margin.top + panelHeight + 40}" text-anchor="middle">${escape(xLabel)}${logScale ? ' (log scale)' : ''}</text>`,
    );
  });
  parts.push('</svg>');
  return `${parts.join('\n')}\n`;
}

/** The soak's chart: its figures over time, a line per build (`lines`: `[{ name, points }]`). */
export function soakChart(lines) {
  return lineCharts({
    title: 'The reference server under a mixed load, over time',
    xLabel: 'seconds',
    x: (point) => point.seconds,
    lines,
    series: [
      { label: 'gateway answers/s', value: (point) => point.gatewayPerSecond },
      { label: 'hosted signed answers/s', value: (point) => point.hostedPerSecond },
      { label: '/health p99 (ms)', value: (point) => point.healthP99Ms },
      { label: 'gateway resident memory (MiB)', value: (point) => point.gatewayRssMiB },
      { label: 'hosted resident memory (MiB)', value: (point) => point.hostedRssMiB },
    ],
  });
}

/** Round ticks covering [low, high], about `count` of them: a step of 1, 2 or 5 times a power of
 * ten (niceMax of the raw step). */
function niceTicks(low, high, count = 5) {
  const raw = (high - low) / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = niceMax(raw / power) * power;
  const ticks = [];
  for (let tick = Math.floor(low / step) * step; tick < high + step; tick += step) {
    ticks.push(Number(tick.toPrecision(12)));
  }
  return ticks;
}

const priceColours = { band: colours.floor, close: colours.validated, B: '#2ca02c', S: '#d62728' };

/** A day's prices beside the fills: each bar's close as a line over its high–low band, and each
 * fill at its time and price, a triangle up for a buy (`side: 'B'`) and down for a sell (`'S'`).
 * `bars`: `[{ time, high, low, close }]`, `fills`: `[{ time, price, side }]`, times in epoch
 * milliseconds, labelled on the half hour in `timeZone` (the exchange's). */
export function priceChart({ title, subtitle, bars, fills, timeZone }) {
  const width = 900;
  const height = 460;
  const margin = { top: 70, right: 24, bottom: 76, left: 64 };
  const plotWidth = width - margin.left - margin.right;
  const plotHeight = height - margin.top - margin.bottom;
  const times = bars.map((bar) => bar.time);
  // A bar covers [time, time + width): its range drawn as a step over that minute, its close at
  // its end, so that a fill inside the bar sits on the bar's range.
  const barWidth = Math.min(...times.slice(1).map((time, index) => time - times[index]));
  const [start, end] = [Math.min(...times), Math.max(...times) + barWidth];
  const ticks = niceTicks(
    Math.min(...bars.map((bar) => bar.low), ...fills.map((fill) => fill.price)),
    Math.max(...bars.map((bar) => bar.high), ...fills.map((fill) => fill.price)),
  );
  const [low, high] = [ticks[0], ticks.at(-1)];
  const px = (time) => (margin.left + ((time - start) / (end - start)) * plotWidth).toFixed(1);
  const py = (price) =>
    (margin.top + plotHeight - ((price - low) / (high - low)) * plotHeight).toFixed(1);
  const clockTime = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
  });
  const parts = frame(width, height, title);
  parts.push(
    `<text x="${width / 2}" y="42" text-anchor="middle" fill="#555">${escape(subtitle)}</text>`,
  );
  for (const tick of ticks) {
    parts.push(
      `<line x1="${margin.left}" x2="${width - margin.right}" y1="${py(tick)}" y2="${py(tick)}" stroke="#e0e0e0"/>`,
      `<text x="${margin.left - 8}" y="${Number(py(tick)) + 4}" text-anchor="end">${tick}</text>`,
    );
  }
  const halfHour = 30 * 60_000;
  for (let time = Math.ceil(start / halfHour) * halfHour; time <= end; time += halfHour) {
    parts.push(
      `<line x1="${px(time)}" x2="${px(time)}" y1="${margin.top}" y2="${margin.top + plotHeight}" stroke="#f0f0f0"/>`,
      `<text x="${px(time)}" y="${margin.top + plotHeight + 18}" text-anchor="middle" font-size="11">${clockTime.format(time)}</text>`,
    );
  }
  const step = (price) =>
    bars.flatMap((bar) =>
      [bar.time, bar.time + barWidth].map((at) => `${px(at)},${py(price(bar))}`),
    );
  const closes = bars.map((bar) => `${px(bar.time + barWidth)},${py(bar.close)}`);
  parts.push(
    `<polygon points="${[...step((bar) => bar.high), ...step((bar) => bar.low).reverse()].join(' ')}" fill="${priceColours.band}" stroke="none"/>`,
    `<polyline points="${closes.join(' ')}" fill="none" stroke="${priceColours.close}" stroke-width="1.2"/>`,
  );
  for (const fill of fills) {
    const [x, y] = [Number(px(fill.time)), Number(py(fill.price))];
    // The triangle's point touches the fill's price: from below for a buy, from above for a sell.
    const d = fill.side === 'B' ? 1 : -1;
    const points = [
      [x, y],
      [x - 5, y + d * 9],
      [x + 5, y + d * 9],
    ].map(([a, b]) => `${a.toFixed(1)},${b.toFixed(1)}`);
    parts.push(
      `<polygon points="${points.join(' ')}" fill="${priceColours[fill.side]}" stroke="#ffffff" stroke-width="0.8"><title>${escape(`${fill.side === 'B' ? 'bought' : 'sold'} at ${fill.price}, ${clockTime.format(fill.time)}`)}</title></polygon>`,
    );
  }
  parts.push(
    `<line x1="${margin.left}" x2="${width - margin.right}" y1="${margin.top + plotHeight}" y2="${margin.top + plotHeight}" stroke="#333"/>`,
    `<text x="${margin.left + plotWidth / 2}" y="${margin.top + plotHeight + 38}" text-anchor="middle">exchange time (${escape(timeZone)})</text>`,
    `<text transform="translate(18 ${margin.top + plotHeight / 2}) rotate(-90)" text-anchor="middle">price</text>`,
    ...legend(
      [
        ['close of each 1-minute bar', priceColours.close],
        ['high–low of each bar', priceColours.band],
        ['buy filled (at its time and price)', priceColours.B],
        ['sell filled', priceColours.S],
      ],
      height - 22,
      width,
      margin.left,
    ),
  );
  parts.push('</svg>');
  return `${parts.join('\n')}\n`;
}
