// The HTML shell of a site page: header (site, sections, variant switcher, search, theme), left
// navigation of the page tree, the article, its table of contents and previous/next links.
import type { ReaderPage } from '../content/content-source';
import type { PageIndex } from '../content/page-index';
import type { ReaderSiteSpace, PublishedSite } from '../sites/site-directory';
import { CSS_PATH, JS_PATH } from './assets';
import type { RenderedDocument } from './document-html';
import { esc } from './escape';
import { urlAttr } from './safe-url';

export interface PageView {
  site: PublishedSite;
  /** Absolute URL prefix of the site (scheme, host, site path), for canonical and Open Graph URLs. */
  origin: string;
  /** Path prefix of the site on this host (`/docs`, `/{org}/docs`, or ''). */
  sitePrefix: string;
  /** Path prefix of the variant being read, inside the site. */
  variantPrefix: string;
  sections: Array<{ title: string; href: string; current: boolean }>;
  variants: Array<{ siteSpace: ReaderSiteSpace; href: string; current: boolean }>;
  index: PageIndex;
  page: ReaderPage;
  body: RenderedDocument;
  noindex: boolean;
}

export const pageHref = (view: Pick<PageView, 'sitePrefix' | 'variantPrefix'>, page: ReaderPage): string =>
  `${view.sitePrefix}${view.variantPrefix}/${page.path}`.replace(/\/+$/, '') || '/';

export function renderPage(view: PageView): string {
  const { site, page, body, index } = view;
  const href = pageHref(view, page);
  const canonical = `${view.origin}${href}`;
  const position = index.order.indexOf(page);
  const previous = position > 0 ? index.order[position - 1] : undefined;
  const next = position >= 0 ? index.order[position + 1] : undefined;
  const title = `${page.title} | ${site.title}`;
  const description = page.description ?? '';
  const robots = view.noindex || page.noIndex ? '<meta name="robots" content="noindex, nofollow">' : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(title)}</title>${robots}
<meta name="description" content="${esc(description)}">
<link rel="canonical" href="${urlAttr(canonical)}">
<link rel="alternate" type="text/markdown" href="${urlAttr(`${href === '/' ? '' : href}.md`)}">
<meta property="og:type" content="article"><meta property="og:title" content="${esc(page.title)}"><meta property="og:site_name" content="${esc(site.title)}"><meta property="og:url" content="${urlAttr(canonical)}"><meta property="og:description" content="${esc(description)}">
<link rel="stylesheet" href="${urlAttr(CSS_PATH)}"><script src="${urlAttr(JS_PATH)}" defer></script>
</head><body>
<a class="skip" href="${urlAttr('#content')}">Skip to content</a>
${header(view)}
<div class="layout">
<nav class="sidebar" aria-label="Pages">${navigation(view, index.content.pages, page, index.order.length > FULL_NAVIGATION_PAGES)}</nav>
<main id="content" tabindex="-1"><article>
<h1>${page.emoji ? `<span aria-hidden="true">${esc(page.emoji)}</span> ` : ''}${esc(page.title)}</h1>
${description ? `<p class="description">${esc(description)}</p>` : ''}
${body.html}
</article>
<nav class="pagination" aria-label="Previous and next pages">${previous ? `<a class="prev" rel="prev" href="${urlAttr(pageHref(view, previous))}"><small>Previous</small>${esc(previous.title)}</a>` : '<span></span>'}${next ? `<a class="next" rel="next" href="${urlAttr(pageHref(view, next))}"><small>Next</small>${esc(next.title)}</a>` : '<span></span>'}</nav>
</main>
<aside class="toc" aria-label="On this page">${toc(body)}</aside>
</div>
<footer>${esc(site.title)} · published with Bindery</footer>
</body></html>`;
}

function header(view: PageView): string {
  const sections =
    view.sections.length > 1
      ? `<nav class="sections" aria-label="Sections"><ul>${view.sections.map((s) => `<li><a href="${urlAttr(s.href)}"${s.current ? ' aria-current="true"' : ''}>${esc(s.title)}</a></li>`).join('')}</ul></nav>`
      : '';
  const variants =
    view.variants.length > 1
      ? `<label><span class="sr-only">Version</span><select class="variant" aria-label="Version">${view.variants
          .map((v) => `<option value="${urlAttr(v.href)}"${v.current ? ' selected' : ''}>${esc(v.siteSpace.title)}</option>`)
          .join('')}</select></label>`
      : '';
  const endpoint = `${view.sitePrefix}${view.variantPrefix}/~search`;
  return `<header class="top" role="banner"><a class="brand" href="${urlAttr(view.sitePrefix || '/')}">${esc(view.site.title)}</a>${sections}${variants}
<form class="search" role="search" action="${urlAttr(endpoint)}" data-endpoint="${urlAttr(endpoint)}"><label class="sr-only" for="q">Search</label><input id="q" name="q" type="search" placeholder="Search…" autocomplete="off"><ul hidden></ul></form>
<button class="theme" type="button" aria-pressed="false">Theme</button></header>`;
}

/** Above this many pages, only the branch of the current page is expanded (a 10,000-page tree is ~1 MB of links). */
const FULL_NAVIGATION_PAGES = 300;

function navigation(view: PageView, pages: ReaderPage[], current: ReaderPage, collapse: boolean): string {
  const open = (p: ReaderPage): boolean => !collapse || current.path.startsWith(`${p.path}/`);
  const items = pages
    .filter((p) => !p.hidden)
    .map((p) => {
      if (p.type === 'group')
        return `<li><span class="group">${esc(p.title)}</span>${open(p) ? navigation(view, p.pages, current, collapse) : ''}</li>`;
      // A link page's href is whatever its author wrote: `urlAttr` refuses script URLs here as in bodies.
      const target = p.type === 'link' ? (p.href ?? '#') : pageHref(view, p);
      const here = p === current ? ' aria-current="page"' : '';
      const children = p.pages.some((c) => !c.hidden) && (open(p) || p === current) ? navigation(view, p.pages, current, collapse) : '';
      return `<li><a href="${urlAttr(target)}"${here}>${esc(p.title)}</a>${children}</li>`;
    })
    .join('');
  return `<ul>${items}</ul>`;
}

function toc(body: RenderedDocument): string {
  if (body.toc.length === 0) return '';
  return `<p><strong>On this page</strong></p><ul>${body.toc.map((e) => `<li class="l${e.level}"><a href="${urlAttr(`#${e.id}`)}">${esc(e.text)}</a></li>`).join('')}</ul>`;
}

export function renderStatusPage(status: number, title: string, message: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${esc(title)}</title><link rel="stylesheet" href="${urlAttr(CSS_PATH)}"></head>
<body><header class="top" role="banner"><span class="brand">Bindery</span></header><main id="content" class="status"><h1>${status} · ${esc(title)}</h1><p>${esc(message)}</p><p><a href="${urlAttr('/')}">Home</a></p></main></body></html>`;
}
