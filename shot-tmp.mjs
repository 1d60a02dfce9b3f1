import { chromium } from 'playwright-core';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu','--disable-background-networking','--disable-component-update','--disable-sync','--no-first-run'] });
for (const width of [375, 1280]) for (const path of ['/', '/browse']) {
  const ctx = await browser.newContext({ viewport: { width, height: 900 }, javaScriptEnabled: false });
  const page = await ctx.newPage();
  await page.goto('http://localhost:5056' + path);
  await page.waitForTimeout(500);
  await page.screenshot({ path: `/tmp/nojs-${width}-${path.replace(/\W/g, '_')}.png` });
  await ctx.close();
}
await browser.close();
