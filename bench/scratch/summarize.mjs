import { readFileSync } from 'node:fs';
const file = process.argv[2];
const prof = JSON.parse(readFileSync(file, 'utf8'));
const byId = new Map(prof.nodes.map((n) => [n.id, n]));
const self = new Map();
const dt = prof.timeDeltas; 
prof.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (dt[i] ?? 0)));
// self time by function
const fn = new Map();
for (const [id, t] of self) { const n = byId.get(id); const k = `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/node_modules/').pop()}:${n.callFrame.lineNumber}`; fn.set(k, (fn.get(k) ?? 0) + t); }
console.log('SELF'); [...fn].sort((a, b) => b[1] - a[1]).slice(0, +(process.argv[3] ?? 25)).forEach(([k, t]) => console.log((t / 1000).toFixed(1).padStart(8), k));
// inclusive by package
const parent = new Map(); for (const n of prof.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const incl = new Map();
for (const [id, t] of self) { const seen = new Set(); let cur = id; while (cur !== undefined) { const n = byId.get(cur); const k = `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/node_modules/').pop()}:${n.callFrame.lineNumber}`; if (!seen.has(k)) { seen.add(k); incl.set(k, (incl.get(k) ?? 0) + t); } cur = parent.get(cur); } }
console.log('INCLUSIVE'); [...incl].sort((a, b) => b[1] - a[1]).slice(0, +(process.argv[4] ?? 60)).forEach(([k, t]) => console.log((t / 1000).toFixed(1).padStart(8), k));
