#!/usr/bin/env node
// The indexes of docs/decisions/README.md, one per folder (`service/`: what the service does and
// its evidence; `engineering/`: how this repository is built), by area, made from the files'
// names and titles (the area is the name's first word, as the README's naming rule says).
// `--check` fails when an index is stale or when a `decision:` of the recorded-differences files
// names no decision file; `node --test scripts/test/` runs it, so the test command does too.
//
// Usage: node scripts/decisions-index.mjs [--check]
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { repoRoot } from './paths.mjs';

export const decisionsDir = join(repoRoot, 'docs', 'decisions');
const readme = join(decisionsDir, 'README.md');
/** The two folders of decisions, in the README's order. */
export const decisionFolders = ['service', 'engineering'];
const start = (folder) => `<!-- index:${folder}:start (node scripts/decisions-index.mjs) -->`;
const end = (folder) => `<!-- index:${folder}:end -->`;

/** The folder that holds the decision `name` (its file name without `.md`), if any. */
export function decisionFolderOf(name) {
  return decisionFolders.find((folder) => existsSync(join(decisionsDir, folder, `${name}.md`)));
}

/** Headings of the areas whose first word alone reads badly; others use the word itself. */
const areaNames = {
  accounts: 'Accounts',
  advisors: 'Advisors: allocation and models',
  alerts: 'Alerts',
  auth: 'Authentication and sessions',
  bench: 'Benchmarks',
  cli: 'Command line',
  client: 'Client',
  contract: 'Contract tests',
  contracts: 'Contracts',
  control: 'Control API',
  docs: 'Docs pages',
  fidelity: 'Fidelity to the vendor’s description',
  gw: 'Account-management utilities (/gw/api/v1)',
  http: 'HTTP pipeline',
  market: 'Market data',
  msw: 'MSW handlers',
  notifications: 'Notifications (FYI)',
  openapi: 'The document',
  orders: 'Orders and trades',
  packages: 'Packages',
  parameters: 'Parameters',
  portfolio: 'Portfolio',
  proxy: 'Validating proxy',
  python: 'Python package',
  recorded: 'Recorded traffic',
  recording: 'Recordings (HAR, compare, replay)',
  security: 'Security',
  server: 'Reference server',
  store: 'Store (memory and Redis)',
  stream: 'Streaming socket',
  testing: 'Test sandbox',
  tests: 'Tests',
  tools: 'Tools',
  types: 'Generated types',
  validators: 'Validators',
  watchlists: 'Watchlists',
};

/** One folder's index in Markdown: one list per area, each file with its title. */
export function decisionsIndex(folder) {
  const byArea = new Map();
  for (const file of readdirSync(join(decisionsDir, folder)).sort()) {
    if (!file.endsWith('.md')) continue;
    const title = readFileSync(join(decisionsDir, folder, file), 'utf8')
      .match(/^# (.+)$/m)?.[1]
      .trim();
    if (!title) throw new Error(`docs/decisions/${folder}/${file} has no "# " title`);
    const area = file.split('-')[0];
    byArea.set(area, [...(byArea.get(area) ?? []), `- [${title}](${folder}/${file})`]);
  }
  const sections = [...byArea].map(
    ([area, entries]) => `### ${areaNames[area] ?? area}\n\n${entries.join('\n')}`,
  );
  return `${start(folder)}\n\n${sections.join('\n\n')}\n\n${end(folder)}`;
}

/** The README with each folder's index replaced by the current one. */
export function readmeWithIndex() {
  let text = readFileSync(readme, 'utf8');
  for (const folder of decisionFolders) {
    const from = text.indexOf(start(folder));
    const to = text.indexOf(end(folder));
    if (from < 0 || to < from) {
      throw new Error(`docs/decisions/README.md lacks the ${folder} index markers`);
    }
    text = text.slice(0, from) + decisionsIndex(folder) + text.slice(to + end(folder).length);
  }
  return text;
}

/** `decision:` values of the recorded-differences files that name no file of docs/decisions/. */
export function unresolvedDecisions() {
  const unresolved = [];
  for (const name of ['fidelity-differences.yaml', 'recorded-differences.yaml']) {
    const parsed = parseYaml(readFileSync(join(repoRoot, 'openapi', name), 'utf8')) ?? {};
    for (const entry of parsed.differences ?? []) {
      if (decisionFolderOf(entry.decision) === undefined) {
        unresolved.push(`openapi/${name}: ${entry.decision}`);
      }
    }
  }
  return unresolved;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (process.argv.includes('--check')) {
    const problems = unresolvedDecisions().map((where) => `names no decision file: ${where}`);
    if (readFileSync(readme, 'utf8') !== readmeWithIndex()) {
      problems.push(
        'docs/decisions/README.md: the index is stale (node scripts/decisions-index.mjs)',
      );
    }
    problems.forEach((problem) => console.error(problem));
    process.exit(problems.length > 0 ? 1 : 0);
  }
  writeFileSync(readme, readmeWithIndex());
}
