import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { writeFileSync, mkdtempSync } from 'node:fs';
import { loadavg } from 'node:os';
const base = process.argv[2] ?? 'http://localhost:5055';
const paths = (process.argv[3] ?? '/,/browse').split(',');
const runs = Number(process.argv[4] ?? 2);
const chrome = await launch({ chromePath: '/usr/bin/chromium', userDataDir: mkdtempSync('/tmp/lhprof-'), chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'] });
for (const p of paths) for (let i = 0; i < runs; i++) {
  const r = await lighthouse(base + p, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
  const a = r.lhr.audits;
  const name = p.replace(/\W/g, '_') + i;
  writeFileSync(`/tmp/lh/${name}.json`, r.report);
  const m = (id) => Math.round(a[id]?.numericValue ?? 0);
  console.log(p, 'perf', Math.round(r.lhr.categories.performance.score * 100), 'FCP', m('first-contentful-paint'), 'LCP', m('largest-contentful-paint'), 'TBT', m('total-blocking-time'), 'SI', m('speed-index'), 'CLS', a['cumulative-layout-shift'].numericValue.toFixed(3), 'load', loadavg()[0].toFixed(2), 'bench', r.lhr.environment.benchmarkIndex);
}
chrome.kill();
