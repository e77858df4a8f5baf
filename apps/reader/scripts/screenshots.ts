// Screenshots of the reader for the docs: home, a deep page, search and the 404, on a phone
// (390×844) and a desktop (1366×900), a customized site at both sizes, plus the phone's open menu and a dark desktop page. Run
// `pnpm --filter @bindery/reader run screenshots` (needs Chromium, as the browser tests); the
// images are written to docs/screenshots/ at the repository root.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, it } from 'vitest';
import { DESKTOP, newPage, PHONE, base, startBrowser, stopBrowser } from '../test/browser/harness';

const OUT = join(__dirname, '..', '..', '..', 'docs', 'screenshots');

beforeAll(async () => {
  mkdirSync(OUT, { recursive: true });
  await startBrowser();
});
afterAll(stopBrowser);

const SIZES = [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const;

async function shot(
  name: string,
  viewport: typeof PHONE | typeof DESKTOP,
  path: string,
  act?: (page: Page) => Promise<void>,
): Promise<void> {
  const page = await newPage();
  await page.setViewport(viewport);
  await page.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: name.endsWith('-dark') ? 'dark' : 'light' }]);
  await page.goto(`${base()}${path}`, { waitUntil: 'load' });
  if (act) await act(page);
  await page.screenshot({ path: join(OUT, `${name}.png`) });
  await page.close();
}

const openSearch = async (page: Page): Promise<void> => {
  await page.keyboard.down('Control');
  await page.keyboard.press('k');
  await page.keyboard.up('Control');
  await page.keyboard.type('site');
  await page.waitForSelector('#search-results:not([hidden])');
};

it('takes the screenshots', async () => {
  for (const [size, viewport] of SIZES) {
    await shot(`home-${size}`, viewport, '/demo/docs');
    await shot(`deep-page-${size}`, viewport, '/demo/docs/guides/api');
    await shot(`search-${size}`, viewport, '/demo/docs/welcome', openSearch);
    await shot(`not-found-${size}`, viewport, '/demo/docs/guides/configur');
  }
  for (const [size, viewport] of SIZES) await shot(`customized-${size}`, viewport, '/demo/brand/welcome');
  await shot('menu-phone', PHONE, '/demo/docs/guides/api', (page) => page.tap('.menu-toggle'));
  await shot('deep-page-desktop-dark', DESKTOP, '/demo/docs/guides/api');
}, 120_000);
