// Session 26, one-off: the soak of the build under test, then of the build before issue 18, one
// after the other on a quiet machine. Run from bench/: node soak-pair.tmp.mjs <out.json>
import { writeFileSync } from 'node:fs';
import { measureSoak } from './lib/soak.mjs';
const log = (line) => process.stderr.write(`${line}\n`);
const settings = { seconds: 150, clients: 32, hostedClients: 4, sampleSeconds: 10, log };
log('after (this checkout)');
const after = await measureSoak(settings);
process.env.BENCH_SERVER = '/work/wt/before/packages/server/dist/app.js';
log('before (175d82b)');
const before = await measureSoak(settings);
writeFileSync(process.argv[2], JSON.stringify({ after, before }, null, 2));
process.exit(0);
