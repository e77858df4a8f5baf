// The reader's chrome as a phone and a desktop reader use it: the menu drawer (touch, keyboard,
// Escape, tap outside, without script too), the current page in view in a long sidebar, the
// search dialog (Ctrl/Cmd+K, arrows, Enter, Escape) and its no-script results page, themes before
// the first paint, and axe in light, dark and the system's dark at both sizes.
import type { Page } from 'puppeteer-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { base, DESKTOP, newPage, open, PHONE, seriousViolations, startBrowser, stopBrowser, violations } from './browser/harness';

beforeAll(startBrowser);
afterAll(stopBrowser);
afterEach(() => {
  expect(violations.splice(0)).toEqual([]);
});

const drawerOpen = (page: Page) => page.$eval('#sidebar', (n) => n.matches(':popover-open'));
/** The drawer's `toggle` event (which sets aria-expanded) fires a task after the popover opened. */
const expanded = async (page: Page) => {
  const now = await page.$eval('.menu-toggle', (b) => b.getAttribute('aria-expanded'));
  const open = await drawerOpen(page);
  await page.waitForFunction((o) => document.querySelector('.menu-toggle')?.getAttribute('aria-expanded') === String(o), {}, open);
  return now === null ? null : String(open);
};
const focused = (page: Page) => page.evaluate(() => document.activeElement?.className ?? '');
/** Whether the element is inside its scrolling sidebar's visible box and inside the window. */
const currentVisible = (page: Page) =>
  page.$eval('#sidebar a[aria-current=page]', (a) => {
    const box = a.getBoundingClientRect();
    const nav = a.closest('nav')!.getBoundingClientRect();
    return box.top >= nav.top && box.bottom <= nav.bottom && box.bottom <= window.innerHeight && box.width > 0;
  });

describe('on a phone (390×844)', () => {
  it('keeps the page within the width, the tree out of the way, and the header controls large enough', async () => {
    const page = await open('/demo/docs/guides/api', PHONE);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await page.$eval('#sidebar', (n) => getComputedStyle(n).display)).toBe('none');
    for (const selector of ['.menu-toggle', 'a.search-open']) {
      const box = await page.$eval(selector, (b) => b.getBoundingClientRect().toJSON() as DOMRect);
      expect([selector, box.width >= 44 && box.height >= 44]).toEqual([selector, true]);
    }
    await page.close();
  });

  it('opens the drawer by touch at the current page and closes it by Escape, the close button and a tap outside', async () => {
    const page = await open('/demo/docs/guides/api', PHONE);
    await page.tap('.menu-toggle');
    expect(await drawerOpen(page)).toBe(true);
    expect(await expanded(page)).toBe('true');
    expect(await currentVisible(page)).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-current'))).toBe('page');
    await page.keyboard.press('Escape');
    expect(await drawerOpen(page)).toBe(false);
    expect(await expanded(page)).toBe('false');
    expect(await focused(page)).toContain('menu-toggle');

    await page.tap('.menu-toggle');
    await page.tap('.drawer-close');
    expect(await drawerOpen(page)).toBe(false);

    await page.tap('.menu-toggle');
    await page.touchscreen.tap(370, 500);
    expect(await drawerOpen(page)).toBe(false);
    await page.close();
  });

  it('opens and closes the drawer by keyboard', async () => {
    const page = await open('/demo/docs/welcome', PHONE);
    await page.focus('.menu-toggle');
    await page.keyboard.press('Enter');
    expect(await drawerOpen(page)).toBe(true);
    await page.keyboard.press('Escape');
    expect(await drawerOpen(page)).toBe(false);
    expect(await focused(page)).toContain('menu-toggle');
    await page.close();
  });

  it('works without script: the drawer opens, groups fold, the search form returns marked hits', async () => {
    const page = await newPage();
    await page.setJavaScriptEnabled(false);
    await page.setViewport(PHONE);
    await page.goto(`${base()}/demo/docs/guides/api`);
    await page.tap('.menu-toggle');
    expect(await drawerOpen(page)).toBe(true);
    await page.tap('#sidebar summary');
    expect(await page.$eval('#sidebar details', (d) => d.open)).toBe(false);
    await page.goto(`${base()}/demo/docs/welcome`);
    await Promise.all([page.waitForNavigation(), page.tap('a.search-open')]);
    await page.type('#results-q', 'visibility');
    await Promise.all([page.waitForNavigation(), page.keyboard.press('Enter')]);
    expect(await page.$$eval('.results-page mark', (ms) => ms.map((m) => m.textContent?.toLowerCase()))).toContain('visibility');
    expect(await page.$eval('.results-page .hit-path', (m) => m.textContent)).toBe('Guides');
    await page.close();
  });

  it('shows search as a dialog inside the viewport', async () => {
    const page = await open('/demo/docs/welcome', PHONE);
    await page.tap('a.search-open');
    await page.keyboard.type('api');
    await page.waitForSelector('#search-results:not([hidden]) a');
    const box = await page.$eval('dialog.search-dialog', (d) => d.getBoundingClientRect().toJSON() as DOMRect);
    expect(box.left).toBeGreaterThanOrEqual(0);
    expect(box.right).toBeLessThanOrEqual(390);
    await page.close();
  });
});

describe('on a desktop (1366×900)', () => {
  it('shows the current page of a deep page inside the sidebar, the window still at the top', async () => {
    const page = await open('/demo/big/group-3/page-377', DESKTOP);
    expect(await currentVisible(page)).toBe(true);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(await page.$eval('nav.breadcrumbs', (n) => n.textContent)).toBe('Group 3');
    await page.close();
  });

  it('opens search with Ctrl+K, moves with the arrows, opens with Enter; Escape gives focus back', async () => {
    const page = await open('/demo/docs/welcome', DESKTOP);
    await page.focus('button.theme');
    await page.keyboard.down('Control');
    await page.keyboard.press('k');
    await page.keyboard.up('Control');
    expect(await page.$eval('dialog.search-dialog', (d) => d.open)).toBe(true);
    await page.keyboard.press('Escape');
    expect(await page.$eval('dialog.search-dialog', (d) => d.open)).toBe(false);
    expect(await focused(page)).toBe('theme');

    await page.keyboard.down('Control');
    await page.keyboard.press('k');
    await page.keyboard.up('Control');
    await page.keyboard.type('page');
    await page.waitForFunction(() => document.querySelectorAll('#search-results [role=option]').length >= 2);
    const active = () => page.$eval('dialog.search-dialog input', (i) => i.getAttribute('aria-activedescendant'));
    expect(await active()).toBe('search-hit-0');
    await page.keyboard.press('ArrowDown');
    expect(await active()).toBe('search-hit-1');
    expect(await page.$eval('#search-hit-1 mark', (m) => m.textContent?.toLowerCase())).toBe('page');
    const target = await page.$eval('#search-hit-1', (a) => new URL((a as HTMLAnchorElement).href).pathname);
    await Promise.all([page.waitForNavigation(), page.keyboard.press('Enter')]);
    expect(new URL(page.url()).pathname).toBe(target);
    await page.close();
  });

  it('opens the dialog from the header box with what is typed; closing gives focus back to the box', async () => {
    const page = await open('/demo/docs/welcome', DESKTOP);
    await page.focus('form.search input');
    await page.keyboard.type('visibility');
    expect(await page.$eval('dialog.search-dialog input', (i) => i.value)).toBe('visibility');
    await page.waitForSelector('#search-results:not([hidden]) a');
    await page.keyboard.press('Escape');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('q');
    expect(await page.$eval('dialog.search-dialog', (d) => d.open)).toBe(false);
    await page.close();
  });

  it('applies a stored dark choice before the first paint (the deferred script blocked), and OS dark to code', async () => {
    const page = await newPage();
    await page.setViewport(DESKTOP);
    await page.goto(`${base()}/demo/docs/welcome`);
    await page.evaluate(() => localStorage.setItem('bindery-theme', 'dark'));
    await page.setRequestInterception(true);
    page.on('request', (request) => void (/\/_reader\/site\..*\.js$/.test(request.url()) ? request.abort() : request.continue()));
    await page.reload();
    expect(await page.evaluate(() => document.documentElement.getAttribute('data-theme'))).toBe('dark');
    await page.evaluate(() => localStorage.removeItem('bindery-theme'));
    await page.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: 'dark' }]);
    await page.reload();
    expect(await page.evaluate(() => document.documentElement.getAttribute('data-theme'))).toBeNull();
    expect(await page.$eval('.hljs-keyword', (k) => getComputedStyle(k).color)).toBe('rgb(211, 166, 255)');
    await page.close();
  });
});

describe('axe, in every theme and at both sizes', () => {
  const THEMES = ['light', 'dark', 'os-dark'] as const;
  async function themed(path: string, viewport: typeof PHONE | typeof DESKTOP, theme: (typeof THEMES)[number]): Promise<Page> {
    const page = await newPage();
    await page.setViewport(viewport);
    await page.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: theme === 'os-dark' ? 'dark' : 'light' }]);
    await page.goto(`${base()}${path}`);
    await page.evaluate((t) => {
      localStorage.removeItem('bindery-theme');
      if (t === 'os-dark') document.documentElement.removeAttribute('data-theme');
      else document.documentElement.setAttribute('data-theme', t);
    }, theme);
    return page;
  }

  for (const [size, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    it(`finds nothing serious on a ${size}: pages, the 404, search results, the open drawer and the search dialog`, async () => {
      for (const theme of THEMES) {
        for (const path of ['/demo/docs/welcome', '/demo/docs/guides/api', '/demo/docs/nope', '/demo/docs/~search?q=site']) {
          const page = await themed(path, viewport, theme);
          expect([size, theme, path, await seriousViolations(page)]).toEqual([size, theme, path, []]);
          await page.close();
        }
        const page = await themed('/demo/docs/guides/configure', viewport, theme);
        if (size === 'phone') {
          await page.tap('.menu-toggle');
          expect([theme, 'drawer', await seriousViolations(page)]).toEqual([theme, 'drawer', []]);
          await page.keyboard.press('Escape');
        }
        await page.keyboard.down('Control');
        await page.keyboard.press('k');
        await page.keyboard.up('Control');
        await page.keyboard.type('site');
        await page.waitForSelector('#search-results:not([hidden])');
        expect([theme, 'search', await seriousViolations(page)]).toEqual([theme, 'search', []]);
        await page.close();
      }
    }, 120_000);
  }
});
