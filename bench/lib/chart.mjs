// A grouped bar chart of requests per second, one group per operation, one bar per target:
// plain SVG, no plotting dependency.
const colours = { validated: '#1f77b4', floor: '#9ecae1', prism: '#ff7f0e' };

const escape = (text) =>
  String(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A round axis maximum above `value`: 1, 2 or 5 times a power of ten. */
function niceMax(value) {
  const power = 10 ** Math.floor(Math.log10(Math.max(value, 1)));
  return [1, 2, 5, 10].map((step) => step * power).find((candidate) => candidate >= value);
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
  const parts = [];
  parts.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="Helvetica, Arial, sans-serif" font-size="12">`,
  );
  parts.push(`<rect width="${width}" height="${height}" fill="#ffffff"/>`);
  parts.push(
    `<text x="${width / 2}" y="24" text-anchor="middle" font-size="15" font-weight="bold">${escape(title)}</text>`,
  );
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
  targets.forEach((target, index) => {
    const x = margin.left + index * 220;
    const legendY = height - 28;
    parts.push(
      `<rect x="${x}" y="${legendY - 10}" width="12" height="12" fill="${colours[target.id]}"/>`,
    );
    parts.push(`<text x="${x + 18}" y="${legendY}">${escape(target.label)}</text>`);
  });
  parts.push('</svg>');
  return `${parts.join('\n')}\n`;
}
