// A person reading the demo site in Chromium: open it, use the sidebar, a tab block, the search
// box, the theme switch; accessibility checked with axe-core (serious and critical violations
// fail). Screenshots go to test/artifacts/ (gitignored).
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ARTIFACTS, axeViolations, base, newPage, open, startBrowser, stopBrowser, violations } from './browser/harness';
import { HOSTILE_ORG, SCRIPT_URLS } from './fixtures/hostile-site';

beforeAll(startBrowser);
afterAll(stopBrowser);
afterEach(() => {
  // The reader's pages, scripts and styles all obey its own policy.
  expect(violations.splice(0)).toEqual([]);
});

describe('a published site in Chromium', () => {
  it('opens the site, follows the sidebar and the next link', async () => {
    const page = await open('/demo/docs');
    expect(await page.$eval('h1', (h) => h.textContent)).toBe('Welcome');
    await page.screenshot({ path: join(ARTIFACTS, 'welcome.png'), fullPage: true });
    await Promise.all([page.waitForNavigation(), page.click('nav.sidebar a[href="/demo/docs/guides/api"]')]);
    expect(await page.$eval('h1', (h) => h.textContent)).toBe('Use the API');
    expect(await page.$eval('nav.sidebar a[aria-current=page]', (a) => a.textContent)).toBe('Use the API');
    await Promise.all([page.waitForNavigation(), page.click('nav.pagination a.prev')]);
    expect(await page.$eval('h1', (h) => h.textContent)).toBe('Configure a site');
    await page.screenshot({ path: join(ARTIFACTS, 'configure.png'), fullPage: true });
    await page.close();
  });

  it('switches a tab block with the mouse and the keyboard', async () => {
    const page = await open('/demo/docs/welcome');
    const visiblePanel = () => page.$eval('.tabs [role=tabpanel]:not([hidden]) pre', (p) => p.textContent?.trim());
    expect(await visiblePanel()).toBe('pnpm add @bindery/cli');
    await page.click('.tabs [role=tab]:nth-child(2)');
    expect(await visiblePanel()).toBe('npm install @bindery/cli');
    await page.focus('.tabs [role=tab][aria-selected=true]');
    await page.keyboard.press('ArrowRight');
    expect(await visiblePanel()).toBe('pnpm add @bindery/cli');
    await page.close();
  });

  it('searches without a page reload and opens a result', async () => {
    const page = await open('/demo/docs/welcome');
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
    await page.click('form.search input');
    await page.waitForSelector('dialog.search-dialog[open]');
    await page.keyboard.type('visibility');
    await page.waitForSelector('#search-results:not([hidden]) a');
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
    const first = await page.$eval('#search-results a', (a) => a.getAttribute('href'));
    expect(first).toBe('/demo/docs/guides/configure');
    await Promise.all([page.waitForNavigation(), page.click('#search-results a')]);
    expect(await page.$eval('h1', (h) => h.textContent)).toBe('Configure a site');
    await page.close();
  });

  it('switches to the dark theme and keeps it on the next page', async () => {
    const page = await open('/demo/docs/welcome');
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const light = await background();
    await page.click('button.theme');
    expect(await page.evaluate(() => document.documentElement.getAttribute('data-theme'))).toBe('dark');
    expect(await background()).not.toBe(light);
    await page.screenshot({ path: join(ARTIFACTS, 'welcome-dark.png') });
    await Promise.all([page.waitForNavigation(), page.click('nav.pagination a.next')]);
    expect(await page.evaluate(() => document.documentElement.getAttribute('data-theme'))).toBe('dark');
    await page.close();
  });

  it('has landmarks, ordered headings and a keyboard path to the content; axe finds nothing serious', async () => {
    for (const theme of ['light', 'dark']) {
      for (const path of [
        '/demo/docs/welcome',
        '/demo/docs/guides/configure',
        '/demo/docs/guides/api',
        '/demo/docs/blocks?visitor.beta=true',
        '/demo/docs/nope',
      ]) {
        const page = await newPage();
        await page.goto(`${base()}${path}`);
        await page.evaluate((t) => document.documentElement.setAttribute('data-theme', t), theme);
        const serious = (await axeViolations(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical');
        expect([theme, path, serious]).toEqual([theme, path, []]);
        await page.close();
      }
    }
    const page = await open('/demo/docs/welcome');
    expect(await page.$$eval('header[role=banner], nav, main, aside', (els) => els.length)).toBeGreaterThanOrEqual(4);
    const levels = await page.$$eval('main h1, main h2, main h3, main h4', (hs) => hs.map((h) => Number(h.tagName[1])));
    levels.forEach((level, i) => i > 0 && expect(level - levels[i - 1]).toBeLessThanOrEqual(1));
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to content');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('content');
    await page.close();
  });

  it('shows an API reference block: operation, parameters, request and response schemas, examples', async () => {
    const page = await open('/demo/docs/guides/api');
    const operation = await page.waitForSelector('section.openapi-operation');
    expect(await operation!.$eval('.oa-head', (h) => h.textContent?.replace(/\s+/g, ' ').trim())).toBe('POST https://api.example.com/pets');
    expect(await page.$$eval('table.oa-params tbody tr', (rows) => rows.length)).toBe(1);
    expect(await page.$eval('details.oa-response[open] summary', (s) => s.textContent)).toContain('201');
    await page.click('details.oa-response:not([open]) summary');
    expect(await page.$$eval('details.oa-response[open]', (d) => d.length)).toBe(2);
    expect(await page.$eval('figure.oa-example', (f) => f.textContent)).toContain('"name": "Rex"');
    await page.screenshot({ path: join(ARTIFACTS, 'api-reference.png'), fullPage: true });
    await page.close();
  });

  it('lays out the GitBook blocks: numbered steps, columns side by side (stacked when narrow), dated updates, colors per theme', async () => {
    const page = await open('/demo/docs/blocks?visitor.beta=true');
    expect(await page.$$eval('ol.stepper > li.step', (steps) => steps.length)).toBe(2);
    expect(await page.$eval('main', (m) => m.textContent)).toContain('Beta-only notes.');
    const tops = () => page.$$eval('.columns > .column', (cols) => cols.map((c) => Math.round(c.getBoundingClientRect().top)));
    const [a, b] = await tops();
    expect(a).toBe(b);
    const color = () => page.$eval('mark.tc-red', (m) => getComputedStyle(m).color);
    // An earlier test stored the dark theme: start from light explicitly.
    await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'light'));
    const lightRed = await color();
    await page.screenshot({ path: join(ARTIFACTS, 'blocks.png'), fullPage: true });
    await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'dark'));
    expect(await color()).not.toBe(lightRed);
    await page.screenshot({ path: join(ARTIFACTS, 'blocks-dark.png'), fullPage: true });
    await page.setViewport({ width: 400, height: 900 });
    const [c, d] = await tops();
    expect(d).toBeGreaterThan(c);
    await page.close();
  });

  it('answers unknown pages with the styled 404 page', async () => {
    const page = await newPage();
    const response = await page.goto(`${base()}/demo/docs/does-not-exist`);
    expect(response?.status()).toBe(404);
    expect(await page.$eval('h1', (h) => h.textContent)).toBe('Page not found');
    expect(await page.$eval('main a[href="/demo/docs"]', (a) => a.textContent)).toBe('Home');
    await page.close();
  });

  it('runs no script from a hostile document: script URLs in links, cards, files and link pages are inert when clicked', async () => {
    // Every link of the article and the navigation's link pages (not the page itself: it reloads).
    const CLICKED = 'main a, nav.sidebar a:not([aria-current])';
    const page = await open(`/${HOSTILE_ORG}/docs/attack`);
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    // As the browser resolved them: no link of the page has a script scheme.
    const protocols = await page.$$eval('a[href], img[src]', (els) =>
      els.map((el) => (el instanceof HTMLAnchorElement ? el.protocol : new URL(el.src).protocol)),
    );
    expect(protocols.filter((p) => p !== 'http:' && p !== 'https:')).toEqual([]);
    const targets = await page.$$eval(CLICKED, (links) => links.map((_link, i) => i));
    // Each spelling as a link, an embed, a card and a link page in the navigation (file and API
    // cards with a refused URL are left out).
    expect(targets.length).toBeGreaterThanOrEqual(SCRIPT_URLS.length * 4);
    for (const i of targets) {
      await page.goto(`${base()}/${HOSTILE_ORG}/docs/attack`);
      const links = await page.$$(CLICKED);
      await links[i].click();
      expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();
    }
    expect(dialogs).toEqual([]);
    await page.close();
  });
});
