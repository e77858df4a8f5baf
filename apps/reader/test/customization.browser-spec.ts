// A customized site as readers see it (390×844 and 1366×900; light, dark and the system's dark):
// the brand colour is the link colour in each mode and readable, header and footer links, the
// last-updated date, and "was this helpful?" rated and commented without script; axe finds
// nothing serious, the CSP nothing to block.
import type { Page } from 'puppeteer-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  base,
  BRAND_EDIT_BASE,
  DESKTOP,
  feedback,
  newPage,
  PHONE,
  seriousViolations,
  startBrowser,
  stopBrowser,
  violations,
} from './browser/harness';

beforeAll(startBrowser);
afterAll(stopBrowser);
afterEach(() => {
  expect(violations.splice(0)).toEqual([]);
});

const THEMES = ['light', 'dark', 'os-dark'] as const;
const SIZES = [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const;

async function themed(path: string, viewport: typeof PHONE | typeof DESKTOP, theme: (typeof THEMES)[number], script = true): Promise<Page> {
  const page = await newPage();
  await page.setJavaScriptEnabled(script);
  await page.setViewport(viewport);
  await page.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: theme === 'os-dark' ? 'dark' : 'light' }]);
  await page.goto(`${base()}${path}`, { waitUntil: 'load' });
  // A chosen dark theme, as the switch leaves it (light and the system's dark need nothing).
  if (theme === 'dark') await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'dark'));
  return page;
}

/** The colour of a link of the page (the next page's), as the browser computes it. */
const linkColor = (page: Page) => page.$eval('nav.pagination a.next', (a) => getComputedStyle(a).color);

describe('a customized site', () => {
  for (const [size, viewport] of SIZES) {
    it(`shows its brand on a ${size} in every theme, with nothing serious for axe`, async () => {
      for (const theme of THEMES) {
        const page = await themed('/demo/brand/welcome', viewport, theme);
        expect(await page.title()).toBe('Welcome | Acme Docs');
        // Light: the brand green as given; dark (chosen or the system's): its dark variant.
        expect([theme, await linkColor(page)]).toEqual([theme, theme === 'light' ? 'rgb(10, 125, 51)' : 'rgb(95, 211, 138)']);
        expect(await page.$eval('.page-meta time', (t) => [t.getAttribute('datetime'), t.textContent])).toEqual([
          '2026-11-20T09:30:00.000Z',
          'November 20, 2026',
        ]);
        expect(await page.$$eval('footer a', (links) => links.map((a) => a.textContent))).toEqual(['About', 'Configure']);
        expect(await page.$eval('footer .copyright', (p) => p.textContent)).toBe('© 2026 Acme Inc.');
        if (size === 'desktop')
          expect(await page.$eval('nav.header-links a', (a) => a.getAttribute('href'))).toBe('https://status.example.com');
        const buttons = await page.$$eval('form.feedback button', (bs) => bs.map((b) => b.getBoundingClientRect().height));
        expect(buttons.every((h) => h >= 44)).toBe(true);
        expect([size, theme, await seriousViolations(page)]).toEqual([size, theme, []]);
        await page.close();
      }
    }, 120_000);
  }

  it('takes a rating and then a comment, with and without script, and thanks the reader', async () => {
    for (const [size, viewport] of SIZES) {
      for (const script of [false, true]) {
        feedback.ratings.splice(0);
        const page = await themed('/demo/brand/guides/configure', viewport, 'light', script);
        await Promise.all([page.waitForNavigation(), page.click('form.feedback button[value=bad]')]);
        expect(await page.$eval('h1', (h) => h.textContent)).toBe('Thank you');
        // axe runs as a script in the page: only where scripts run.
        if (script) expect([size, await seriousViolations(page)]).toEqual([size, []]);
        await page.type('#feedback-comment', 'The proxy section is unclear.');
        await Promise.all([page.waitForNavigation(), page.click('form.feedback-comment button')]);
        expect(await page.$eval('[role=status]', (p) => p.textContent)).toBe('Your comment was sent.');
        expect(feedback.ratings).toEqual([
          expect.objectContaining({ pageId: 'p-configure', rating: 'bad', comment: 'The proxy section is unclear.' }),
        ]);
        await Promise.all([page.waitForNavigation(), page.click('main article > p > a')]);
        expect(new URL(page.url()).pathname).toBe('/demo/brand/guides/configure');
        await page.close();
      }
    }
  }, 90_000);

  it('uses its own fonts and code theme, links to the page in Git, and asks nothing of another origin', async () => {
    for (const [size, viewport] of SIZES) {
      for (const theme of THEMES) {
        const requested: string[] = [];
        const page = await newPage();
        page.on('request', (r) => requested.push(r.url()));
        await page.setViewport(viewport);
        await page.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: theme === 'os-dark' ? 'dark' : 'light' }]);
        await page.goto(`${base()}/demo/brand/welcome`, { waitUntil: 'load' });
        if (theme === 'dark') await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'dark'));
        const fonts = await page.evaluate(async () => {
          await document.fonts.ready;
          await document.fonts.load('16px "Lato"');
          return {
            body: getComputedStyle(document.body).fontFamily.split(',')[0],
            code: getComputedStyle(document.querySelector('pre code')!).fontFamily.split(',')[0],
            lato: document.fonts.check('16px "Lato"'),
          };
        });
        expect([size, theme, fonts]).toEqual([size, theme, { body: 'Lato', code: '"JetBrains Mono Variable"', lato: true }]);
        // Every request (page, styles, scripts, fonts) went to the reader itself.
        expect(requested.filter((url) => !url.startsWith(base()))).toEqual([]);
        expect(requested.some((url) => /\/_reader\/fonts\/lato-[\d.]+\/lato-latin-400-normal\.woff2$/.test(url))).toBe(true);
        // Code blocks in the theme of the mode: GitHub light, Dracula dark.
        const codeBackground = await page.$eval('pre', (pre) => getComputedStyle(pre).backgroundColor);
        expect([size, theme, codeBackground]).toEqual([size, theme, theme === 'light' ? 'rgb(255, 255, 255)' : 'rgb(40, 42, 54)']);
        const edit = await page.$eval('a.edit-on-git', (a) => ({
          href: a.getAttribute('href'),
          text: a.textContent,
          height: a.getBoundingClientRect().height,
        }));
        expect(edit).toEqual({ href: `${BRAND_EDIT_BASE}README.md`, text: 'Edit on GitHub', height: 44 });
        expect([size, theme, await seriousViolations(page)]).toEqual([size, theme, []]);
        await page.close();
      }
    }
  }, 120_000);

  it('opens a header dropdown by keyboard and by pointer; a dismissed banner stays away on the next page', async () => {
    const page = await themed('/demo/brand/welcome', DESKTOP, 'light');
    const dropdownOpen = () => page.$eval('nav.header-links details.dropdown', (d) => d.open);
    expect(await dropdownOpen()).toBe(false);
    await page.focus('nav.header-links details.dropdown > summary');
    await page.keyboard.press('Enter');
    expect(await dropdownOpen()).toBe(true);
    expect(
      await page.$$eval('nav.header-links details.dropdown a', (links) =>
        links.map((a) => [a.textContent, a.getBoundingClientRect().height >= 44]),
      ),
    ).toEqual([
      ['Blog', true],
      ['Configure', true],
    ]);
    expect(await seriousViolations(page)).toEqual([]);
    await page.click('nav.header-links details.dropdown > summary');
    expect(await dropdownOpen()).toBe(false);
    expect(await page.$eval('nav.header-links a.header-button', (a) => [a.textContent, a.getBoundingClientRect().height >= 44])).toEqual([
      'Sign up',
      true,
    ]);

    expect(await page.$eval('.drawer-links', (ul) => getComputedStyle(ul).display)).toBe('none');

    // On a phone the header has no room: its items are in the drawer, large enough to tap.
    const small = await themed('/demo/brand/welcome', PHONE, 'light');
    await small.tap('.menu-toggle');
    await small.waitForSelector('#sidebar:popover-open');
    expect(
      await small.$$eval('.drawer-links a', (links) => links.map((a) => [a.textContent, a.getBoundingClientRect().height >= 44])),
    ).toEqual([
      ['Status', true],
      ['Blog', true],
      ['Configure', true],
      ['Sign up', true],
    ]);
    expect(await seriousViolations(small)).toEqual([]);
    await small.close();

    for (const [size, viewport] of SIZES) {
      const phone = await themed('/demo/brand/welcome', viewport, 'os-dark');
      const shown = () => phone.$eval('.announcement', (a) => getComputedStyle(a).display !== 'none');
      expect([size, await shown()]).toEqual([size, true]);
      expect(await phone.$eval('.announcement a', (a) => a.getAttribute('href'))).toBe('/demo/brand/guides/configure');
      await phone.click('.announcement-dismiss');
      expect([size, await shown()]).toEqual([size, false]);
      await phone.goto(`${base()}/demo/brand/guides/configure`, { waitUntil: 'domcontentloaded' });
      expect([size, await shown()]).toEqual([size, false]);
      await phone.evaluate(() => localStorage.removeItem('bindery-announcement'));
      await phone.close();
    }
    // Without script the banner shows, its dismiss button (which needs script) does not.
    const plain = await themed('/demo/brand/welcome', PHONE, 'light', false);
    expect(await plain.$eval('.announcement-dismiss', (b) => getComputedStyle(b).display)).toBe('none');
    await plain.close();
    await page.close();
  }, 90_000);
});
