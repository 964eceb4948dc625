// What a phone downloads to show the login screen, and how Lighthouse (mobile defaults) rates it.
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromePath, CHROMIUM_FLAGS, launchChromium } from './lib/chromium.mjs';

/**
 * Sums the gzip size of every script the page itself loads until the login form is visible
 * (the service worker's background precache is not part of showing the screen).
 */
export async function loginScriptBytes(url) {
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 390, height: 780 } });
    const page = await context.newPage();
    const scripts = [];
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'script') return;
      const sizes = response.request().sizes();
      scripts.push(Promise.all([response.body(), sizes]).then(([b, s]) => ({ url: response.url(), raw: b.length, gz: gzipSync(b, { level: 9 }).length, wire: s.responseBodySize })));
    });
    await page.goto(`${url}/#/login`);
    await page.getByRole('button', { name: /log ?in|sign ?in/i }).first().waitFor({ timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    const files = await Promise.all(scripts);
    const sum = (key) => files.reduce((s, f) => s + f[key], 0);
    return { files, gzip: sum('gz'), raw: sum('raw'), wire: sum('wire') };
  } finally {
    await browser.close();
  }
}

export async function lighthouseScores(url) {
  const chrome = await chromeLauncher.launch({ chromePath: chromePath(), chromeFlags: CHROMIUM_FLAGS });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
    });
    const { categories, audits } = result.lhr;
    const score = (id) => Math.round((categories[id]?.score ?? 0) * 100);
    const failed = Object.values(audits).filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary').map((a) => a.id);
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      fcpMs: Math.round(audits['first-contentful-paint'].numericValue),
      lcpMs: Math.round(audits['largest-contentful-paint'].numericValue),
      tbtMs: Math.round(audits['total-blocking-time'].numericValue),
      failedAudits: failed,
    };
  } finally {
    await chrome.kill();
  }
}
