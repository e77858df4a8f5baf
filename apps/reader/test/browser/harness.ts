// What the browser specs share: the reader served in-process on a free loopback port with the demo
// and hostile sites, one headless Chromium (Debian's `chromium`, installed by
// scripts/ensure-deps.sh --for-tests) driven by puppeteer-core, CSP violations collected, axe-core.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { expect } from 'vitest';
import { MemoryGitLinks } from '../../src/content/git-links';
import { ReaderService } from '../../src/http/reader.service';
import { buildServer } from '../../src/http/server';
import { MemoryFeedbackSink } from '../../src/feedback/feedback-sink';
import { DEFAULT_READER_CUSTOMIZATION } from '../../src/sites/customization';
import { largeSpace } from '../fixtures/demo-content';
import { demoContents, demoSite, demoSpecs } from '../fixtures/demo-site';
import { hostileContents, hostileSite } from '../fixtures/hostile-site';
import { MemoryContentSource } from '../fixtures/memory-content';
import { MemorySiteDirectory } from '../fixtures/memory-directory';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- axe-core ships its browser bundle as `source`
const AXE_SOURCE: string = (require('axe-core') as { source: string }).source;
export const ARTIFACTS = join(__dirname, '..', 'artifacts');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const DESKTOP = { width: 1366, height: 900 };
export const PHONE = { width: 390, height: 844, isMobile: true, hasTouch: true };

/** Ratings the customized site's visitors gave (its feedback form is on). */
export const feedback = new MemoryFeedbackSink();

let server: FastifyInstance | undefined;
let browser: Browser | undefined;
let baseUrl = '';
/** The reader's address (after startBrowser). */
export const base = (): string => baseUrl;
/** Content-Security-Policy violations any page reported (the reader's own pages must cause none). */
export const violations: string[] = [];

export async function startBrowser(): Promise<void> {
  mkdirSync(ARTIFACTS, { recursive: true });
  const reader = new ReaderService(
    new MemorySiteDirectory([demoSite(), hostileSite(), bigSite(), brandSite()]),
    new MemoryContentSource([...demoContents(), ...hostileContents(), largeSpace('space-big', 400)]),
    { cacheBytes: 16 << 20, specs: demoSpecs(), feedback, git: brandGitLinks() },
  );
  server = buildServer(reader, { trustProxy: false });
  baseUrl = await server.listen({ port: 0, host: '127.0.0.1' });
  browser = await puppeteer.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
}

export async function stopBrowser(): Promise<void> {
  await browser?.close();
  await server?.close();
}

/** A new tab that reports CSP violations, both as events in the page and as Chromium's console errors. */
export async function newPage(): Promise<Page> {
  if (!browser) throw new Error('startBrowser first');
  const page = await browser.newPage();
  await page.exposeFunction('__reportViolation', (what: string) => violations.push(what));
  await page.evaluateOnNewDocument(() => {
    document.addEventListener('securitypolicyviolation', (e) =>
      (window as unknown as { __reportViolation: (w: string) => void }).__reportViolation(`${e.violatedDirective} ${e.blockedURI}`),
    );
  });
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return page;
}

export async function open(path: string, viewport: Parameters<Page['setViewport']>[0] = { width: 1280, height: 900 }): Promise<Page> {
  const page = await newPage();
  await page.setViewport(viewport);
  const response = await page.goto(`${baseUrl}${path}`, { waitUntil: 'load' });
  // 304: the browser revalidated a page it holds (the ETag at work).
  expect([200, 304]).toContain(response?.status());
  return page;
}

export async function axeViolations(page: Page): Promise<Array<{ id: string; impact: string; nodes: number; targets: string[] }>> {
  await page.evaluate(AXE_SOURCE);
  const result = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (ctx: Document, opts: object) => Promise<{ violations: Array<{ id: string; impact: string; nodes: unknown[] }> }> };
      }
    ).axe;
    return axe.run(document, { resultTypes: ['violations'] });
  });
  return result.violations.map((v) => ({
    id: v.id,
    impact: v.impact,
    nodes: v.nodes.length,
    targets: (v.nodes as Array<{ target: string[]; failureSummary?: string }>).map(
      (n) => `${n.target.join(' ')}: ${n.failureSummary ?? ''}`,
    ),
  }));
}

/** Serious and critical violations only (what fails a test). */
export async function seriousViolations(page: Page): Promise<Array<{ id: string; targets: string[] }>> {
  return (await axeViolations(page))
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(({ id, targets }) => ({ id, targets }));
}

/** A 400-page site at /demo/big (groups of 100): deep pages sit far down a long sidebar. */
function bigSite() {
  return demoSite({
    id: 'site-big',
    basename: 'big',
    title: 'Big Docs',
    sections: [
      {
        id: 'sec-big',
        title: 'Docs',
        path: 'docs',
        default: true,
        siteSpaces: [{ id: 'ss-big', title: 'Docs', path: 'docs', default: true, spaceId: 'space-big' }],
      },
    ],
  });
}

/** The brand site's space as if synced with a GitHub repository (its content under `docs/`). */
export const BRAND_EDIT_BASE = 'https://github.com/acme/docs/edit/main/docs/';
function brandGitLinks(): MemoryGitLinks {
  return new MemoryGitLinks({
    'space-demo': {
      provider: 'github',
      editBase: BRAND_EDIT_BASE,
      pages: { 'p-welcome': 'README.md', 'p-configure': 'guides/configure.md' },
    },
  });
}

/** The demo content customized at /demo/brand: title, colours, header and footer links, copyright, feedback. */
function brandSite() {
  const site = demoSite();
  return demoSite({
    id: 'site-brand',
    basename: 'brand',
    sections: site.sections.map((s) => ({
      ...s,
      id: `${s.id}-brand`,
      siteSpaces: s.siteSpaces.map((v) => ({ ...v, id: `${v.id}-brand` })),
    })),
    customization: {
      ...DEFAULT_READER_CUSTOMIZATION,
      title: 'Acme Docs',
      primary: { light: '#0a7d33', dark: '#5fd38a' },
      tint: { light: '#eef7f1', dark: '#13241a' },
      headerLinks: [
        { title: 'Status', style: 'link', to: { title: 'Status', url: 'https://status.example.com' }, links: [] },
        {
          title: 'Resources',
          style: 'link',
          links: [
            { title: 'Blog', url: 'https://example.com/blog' },
            { title: 'Configure', pageId: 'p-configure' },
          ],
        },
        { title: 'Sign up', style: 'button-primary', to: { title: 'Sign up', url: 'https://example.com/signup' }, links: [] },
      ],
      announcement: { message: 'Version 3 is out.', style: 'info', link: { title: 'Read the notes', pageId: 'p-configure' } },
      corners: 'circular',
      codeTheme: { light: 'github-light', dark: 'dracula' },
      font: 'Lato',
      monospaceFont: 'JetBrainsMono',
      gitEdit: true,
      footerGroups: [
        { title: 'Company', links: [{ title: 'About', url: 'https://example.com/about' }] },
        { title: 'Guides', links: [{ title: 'Configure', pageId: 'p-configure' }] },
      ],
      copyright: '© 2026 Acme Inc.',
      socialPreview: 'https://cdn.example.com/card.png',
      feedback: true,
    },
  });
}
