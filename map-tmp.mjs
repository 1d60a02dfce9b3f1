import { SourceMapConsumer } from 'source-map';
import fs from 'node:fs';
const file = fs.readdirSync('/tmp/smbuild/assets').find(f => /^index-.*\.js$/.test(f));
const map = JSON.parse(fs.readFileSync('/tmp/smbuild/assets/' + file + '.map', 'utf8'));
const c = await new SourceMapConsumer(map);
const p = JSON.parse(fs.readFileSync('/tmp/prof.cpuprofile'));
const byId = new Map(p.nodes.map(n => [n.id, n]));
const selfT = new Map(); p.samples.forEach((s, i) => selfT.set(s, (selfT.get(s) || 0) + (p.timeDeltas[i] || 0) / 1000));
const agg = new Map();
const name = (cf) => {
  if (!cf.url.includes(file)) return `${cf.functionName || '(anon)'} [${cf.url.split('/').pop() || 'native'}]`;
  const o = c.originalPositionFor({ line: cf.lineNumber + 1, column: cf.columnNumber });
  const src = (o.source || '?').replace(/.*node_modules\//, '').replace(/.*\/src\//, 'src/');
  return `${o.name || cf.functionName || '(anon)'} ${src}:${o.line}`;
};
for (const n of p.nodes) { const t = selfT.get(n.id) || 0; if (!t) continue; const k = name(n.callFrame); agg.set(k, (agg.get(k) || 0) + t); }
for (const [k, v] of [...agg].sort((a, b) => b[1] - a[1]).slice(0, 40)) console.log(v.toFixed(1).padStart(8), k);
// by package
const pk = new Map();
for (const [k, v] of agg) { const m = /^\S+ (\S+?)(\/|:)/.exec(k); const key = m ? m[1] : k; pk.set(key, (pk.get(key) || 0) + v); }
console.log('--- by top path');
for (const [k, v] of [...pk].sort((a, b) => b[1] - a[1]).slice(0, 15)) console.log(v.toFixed(1).padStart(8), k);
