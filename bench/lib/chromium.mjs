import { chromium } from 'playwright-core';
import { findChromium } from '../../scripts/find-chromium.mjs';

export const CHROMIUM_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export function chromePath() {
  const path = findChromium();
  if (!path) throw new Error('No Chromium: apt-get install chromium, or set CHROME_PATH');
  return path;
}

export function launchChromium() {
  return chromium.launch({ executablePath: chromePath(), headless: true, args: CHROMIUM_FLAGS.slice(1) });
}
