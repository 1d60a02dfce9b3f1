import { chromium } from 'playwright-core';
import { writeFileSync } from 'node:fs';
const url = process.argv[2];
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu','--disable-background-networking','--disable-component-update','--disable-sync','--no-first-run'] });
const ctx = await browser.newContext({ viewport: { width: 412, height: 823 } });
const page = await ctx.newPage();
const cdp = await ctx.newCDPSession(page);
await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
await cdp.send('Profiler.enable');
await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
await cdp.send('Profiler.start');
await page.goto(url, { waitUntil: 'networkidle' });
await page.waitForTimeout(1500);
const { profile } = await cdp.send('Profiler.stop');
writeFileSync('/tmp/prof.cpuprofile', JSON.stringify(profile));
// aggregate self time by function+url
const byId = new Map(profile.nodes.map(n => [n.id, n]));
const self = new Map();
const dt = profile.timeDeltas; 
for (let i = 0; i < profile.samples.length; i++) { const n = byId.get(profile.samples[i]); const k = `${n.callFrame.functionName||'(anon)'} ${n.callFrame.url.split('/').pop()}:${n.callFrame.lineNumber}:${n.callFrame.columnNumber}`; self.set(k, (self.get(k)||0) + (dt[i]||0)/1000); }
const top = [...self.entries()].sort((a,b)=>b[1]-a[1]).slice(0,40);
for (const [k,v] of top) console.log(v.toFixed(1).padStart(8), k);
// total inclusive by top-level url
await browser.close();
