// The HTML shell of a site page: header (menu button, site, sections, variant switcher, search,
// theme), left navigation of the page tree (a drawer on phones), the article with breadcrumbs, its
// table of contents and previous/next links; the same chrome around search results and the 404.
import type { ReaderPage } from '../content/content-source';
import type { PageEditLink } from '../content/git-links';
import type { PageIndex } from '../content/page-index';
import type { CustomLink, HeaderItem, ReaderCustomization } from '../sites/customization';
import { announcementKey } from './customization-css';
import type { ReaderSiteSpace, PublishedSite } from '../sites/site-directory';
import { CSS_PATH, JS_PATH, THEME_JS_PATH } from './assets';
import type { RenderedDocument } from './document-html';
import { esc } from './escape';
import { httpUrl, isSafeUrl, urlAttr } from './safe-url';

/** What the chrome around any page of a site needs (pages, search results, the 404). */
export interface ChromeView {
  site: PublishedSite;
  /** Path prefix of the site on this host (`/docs`, `/{org}/docs`, or ''). */
  sitePrefix: string;
  /** Path prefix of the variant being read, inside the site. */
  variantPrefix: string;
  sections: Array<{ title: string; href: string; current: boolean }>;
  variants: Array<{ siteSpace: ReaderSiteSpace; href: string; current: boolean }>;
  index: PageIndex;
  /** The variant's customization (the site's, or its site space's overrides). */
  custom: ReaderCustomization;
  /** Path of the site's own stylesheet (colours, font), when its customization needs one. */
  customCss?: string;
}

export interface PageView extends ChromeView {
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
  /** "Edit on GitHub/GitLab": the page's file in its repository. */
  edit?: PageEditLink;
}

export const pageHref = (view: Pick<PageView, 'sitePrefix' | 'variantPrefix'>, page: ReaderPage): string =>
  `${view.sitePrefix}${view.variantPrefix}/${page.path}`.replace(/\/+$/, '') || '/';

/** The address of the variant's first page: "Home" of its 404 and the brand link. */
export const homeHref = (view: Pick<ChromeView, 'sitePrefix' | 'variantPrefix'>): string =>
  `${view.sitePrefix}${view.variantPrefix}` || '/';

const searchEndpoint = (view: ChromeView): string => `${view.sitePrefix}${view.variantPrefix}/~search`;

export function renderPage(view: PageView): string {
  const { site, page, body, index } = view;
  const href = pageHref(view, page);
  const canonical = `${view.origin}${href}`;
  const position = index.order.indexOf(page);
  const previous = position > 0 ? index.order[position - 1] : undefined;
  const next = position >= 0 ? index.order[position + 1] : undefined;
  const description = page.description ?? '';
  const meta = `<meta name="description" content="${esc(description)}">
<link rel="canonical" href="${urlAttr(canonical)}">
<link rel="alternate" type="text/markdown" href="${urlAttr(`${href === '/' ? '' : href}.md`)}">
<meta property="og:type" content="article"><meta property="og:title" content="${esc(page.title)}"><meta property="og:site_name" content="${esc(site.title)}"><meta property="og:url" content="${urlAttr(canonical)}"><meta property="og:description" content="${esc(description)}">${
    view.custom.socialPreview ? `<meta property="og:image" content="${urlAttr(view.custom.socialPreview)}">` : ''
  }`;
  const main = `<article>
${breadcrumbs(view, page)}
<h1>${page.emoji ? `<span aria-hidden="true">${esc(page.emoji)}</span> ` : ''}${esc(page.title)}</h1>
${description ? `<p class="description">${esc(description)}</p>` : ''}
${view.edit ? pageActions(view.edit) : ''}
${body.html}
</article>
${view.custom.pagination ? `<nav class="pagination" aria-label="Previous and next pages">${previous ? `<a class="prev" rel="prev" href="${urlAttr(pageHref(view, previous))}"><small>Previous</small>${esc(previous.title)}</a>` : '<span></span>'}${next ? `<a class="next" rel="next" href="${urlAttr(pageHref(view, next))}"><small>Next</small>${esc(next.title)}</a>` : '<span></span>'}</nav>` : ''}
${view.custom.feedback ? feedbackForm(view, page) : ''}
${lastUpdated(page)}`;
  return shell(view, {
    title: `${page.title} | ${site.title}`,
    meta,
    noindex: view.noindex || page.noIndex === true,
    current: page,
    main,
    toc: toc(body),
  });
}

/** The page menu: its file in the repository (a URL made of stored data, so it goes through `urlAttr`). */
function pageActions(edit: PageEditLink): string {
  if (!httpUrl(edit.url)) return '';
  return `<nav class="page-actions" aria-label="Page actions"><a class="edit-on-git" href="${urlAttr(edit.url)}" rel="noopener">${esc(edit.label)}</a></nav>`;
}

const feedbackAction = (view: Pick<ChromeView, 'sitePrefix' | 'variantPrefix'>): string =>
  `${view.sitePrefix}${view.variantPrefix}/~feedback`;

/** "Was this page helpful?": a plain POST form (no script needed); the answer asks for a comment. */
function feedbackForm(view: PageView, page: ReaderPage): string {
  const choices: Array<[string, string]> = [
    ['good', 'Yes'],
    ['ok', 'Somewhat'],
    ['bad', 'No'],
  ];
  return `<form class="feedback" method="post" action="${urlAttr(feedbackAction(view))}"><fieldset><legend>Was this page helpful?</legend><input type="hidden" name="page" value="${esc(page.id)}">${choices
    .map(([value, label]) => `<button type="submit" name="rating" value="${value}">${label}</button>`)
    .join('')}</fieldset></form>`;
}

/** After a rating: thanks, a comment box (once), and the way back to the page. */
export function renderFeedbackThanks(view: ChromeView, page: ReaderPage, rating: string, commented: boolean): string {
  const back = `<p><a href="${urlAttr(pageHref(view, page))}">Back to “${esc(page.title)}”</a></p>`;
  const ask = commented
    ? ''
    : `<form class="feedback-comment" method="post" action="${urlAttr(feedbackAction(view))}"><input type="hidden" name="page" value="${esc(page.id)}"><input type="hidden" name="rating" value="${esc(rating)}"><label for="feedback-comment">Anything we could do better? (optional)</label><textarea id="feedback-comment" name="comment" maxlength="512" rows="4"></textarea><button type="submit">Send</button></form>`;
  const main = `<article class="status feedback-thanks"><h1>Thank you</h1><p role="status">${commented ? 'Your comment was sent.' : 'Your rating was recorded.'}</p>${ask}${back}</article>`;
  return shell(view, { title: `Thank you | ${view.site.title}`, meta: '', noindex: true, main, toc: '' });
}

/** An absolute date from the server (relative text would go stale in the cache), in UTC. */
const DATE = new Intl.DateTimeFormat('en', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

function lastUpdated(page: ReaderPage): string {
  const at = page.updatedAt ? new Date(page.updatedAt) : undefined;
  if (!at || Number.isNaN(at.getTime())) return '';
  return `<p class="page-meta">Last updated <time datetime="${esc(at.toISOString())}">${esc(DATE.format(at))}</time></p>`;
}

export interface SearchResultView {
  title: string;
  url: string;
  snippet: string;
  /** Titles of the page's ancestors, outermost first. */
  path: string[];
}

/** The search results page: what the search form leads to without script. */
export function renderSearchPage(view: ChromeView, query: string, results: SearchResultView[] | null): string {
  const terms = searchTerms(query);
  const list =
    results === null
      ? '<p>Search is not available yet.</p>'
      : results.length === 0
        ? query.trim()
          ? `<p>No results for “${esc(query)}”.</p>`
          : ''
        : `<ol>${results
            .map(
              (r) =>
                `<li>${r.path.length > 0 ? `<span class="hit-path">${esc(r.path.join(' › '))}</span>` : ''}<a href="${urlAttr(r.url)}">${highlight(r.title, terms)}</a><span class="hit-snippet">${highlight(r.snippet, terms)}</span></li>`,
            )
            .join('')}</ol>`;
  const main = `<article class="results-page"><h1>Search</h1>
<form role="search" action="${urlAttr(searchEndpoint(view))}" method="get"><label for="results-q">Search this site</label> <input id="results-q" name="q" type="search"> <button type="submit">Search</button></form>
${results && query.trim() ? `<p role="status">${results.length} result${results.length === 1 ? '' : 's'} for “${esc(query)}”</p>` : ''}
${list}</article>`;
  return shell(view, { title: `Search | ${view.site.title}`, meta: '', noindex: true, main, toc: '' });
}

/** The 404 inside a site: its navigation, search and a way home, with pages whose path is nearest. */
export function renderNotFoundPage(view: ChromeView, suggestions: ReaderPage[]): string {
  const main = `<article class="status"><h1>Page not found</h1><p>There is no page at this address.</p>
${suggestions.length > 0 ? `<p>Perhaps you were looking for:</p><ul class="suggestions">${suggestions.map((p) => `<li><a href="${urlAttr(pageHref(view, p))}">${esc(p.title)}</a></li>`).join('')}</ul>` : ''}
<form role="search" action="${urlAttr(searchEndpoint(view))}" method="get"><label for="notfound-q">Search this site</label> <input id="notfound-q" name="q" type="search"> <button type="submit">Search</button></form>
<p><a href="${urlAttr(homeHref(view))}">Home</a></p></article>`;
  return shell(view, { title: `Page not found | ${view.site.title}`, meta: '', noindex: true, main, toc: '' });
}

function shell(
  view: ChromeView,
  page: { title: string; meta: string; noindex: boolean; current?: ReaderPage; main: string; toc: string },
): string {
  const robots = page.noindex ? '<meta name="robots" content="noindex, nofollow">' : '';
  const { index, custom } = view;
  // A default mode other than "system" is rendered on the server (no flash); a stored choice still wins (theme-boot).
  const mode = custom.themeDefault === 'system' ? '' : ` data-theme="${custom.themeDefault}" data-theme-default="${custom.themeDefault}"`;
  return `<!doctype html>
<html lang="en"${mode}${styleClasses(custom)}><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(page.title)}</title>${robots}
${page.meta}
<meta name="color-scheme" content="light dark">
<script src="${urlAttr(THEME_JS_PATH)}"></script>
<link rel="stylesheet" href="${urlAttr(CSS_PATH)}">${view.customCss ? `<link rel="stylesheet" href="${urlAttr(view.customCss)}">` : ''}${favicon(custom)}<script src="${urlAttr(JS_PATH)}" defer></script>
</head><body>
<a class="skip" href="${urlAttr('#content')}">Skip to content</a>
${announcement(view)}${header(view)}
<div class="layout">
<nav class="sidebar" id="sidebar" aria-label="Pages" popover><div class="drawer-head"><span>${esc(view.site.title)}</span><button class="icon-button drawer-close" type="button" popovertarget="sidebar" popovertargetaction="hide" aria-label="Close menu">✕</button></div>${drawerLinks(view)}${navigation(view, index.content.pages, page.current, index.order.length > FULL_NAVIGATION_PAGES)}</nav>
<main id="content" tabindex="-1">${page.main}
</main>
<aside class="toc" aria-label="On this page">${page.toc}</aside>
</div>
${searchDialog(view)}
${footer(view)}
</body></html>`;
}

function header(view: ChromeView): string {
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
  const endpoint = searchEndpoint(view);
  const { custom } = view;
  const brand = custom.logo
    ? `<img class="logo img-light" src="${urlAttr(custom.logo.light)}" alt="${esc(view.site.title)}" height="32"><img class="logo img-dark" src="${urlAttr(custom.logo.dark)}" alt="${esc(view.site.title)}" height="32">`
    : esc(view.site.title);
  const links =
    custom.headerLinks.length > 0
      ? `<nav class="header-links" aria-label="Site links"><ul>${custom.headerLinks.map((item) => `<li>${headerItem(view, item)}</li>`).join('')}</ul></nav>`
      : '';
  return `<header class="top" role="banner"><button class="icon-button menu-toggle" type="button" popovertarget="sidebar" aria-controls="sidebar" aria-expanded="false" aria-label="Menu">☰</button><a class="brand" href="${urlAttr(homeHref(view))}">${brand}</a>${sections}${variants}${links}
<form class="search" role="search" action="${urlAttr(endpoint)}" method="get"><label class="sr-only" for="q">Search</label><input id="q" name="q" type="search" placeholder="Search… (Ctrl K)" autocomplete="off"></form>
<a class="icon-button search-open" href="${urlAttr(endpoint)}" aria-label="Search">⌕</a>
${custom.toggeable ? '<button class="theme" type="button" aria-pressed="false">Theme</button>' : ''}</header>`;
}

/** A header or footer link: a URL (refused ones are left out) or a page of the space being read. */
function customLink(view: ChromeView, link: CustomLink, className = ''): string {
  const href = customHref(view, link);
  const cls = className ? ` class="${className}"` : '';
  return href ? `<a${cls} href="${urlAttr(href)}">${esc(link.title)}</a>` : esc(link.title);
}

function customHref(view: ChromeView, link: CustomLink): string | undefined {
  if ('url' in link) return isSafeUrl(link.url) ? link.url : undefined;
  const page = view.index.byId.get(link.pageId);
  return page ? pageHref(view, page) : undefined;
}

const BUTTON_CLASS: Record<HeaderItem['style'], string> = {
  link: '',
  'button-primary': 'header-button primary',
  'button-secondary': 'header-button secondary',
};

/**
 * A header item: a link or button, or, with nested links, a disclosure (`<details>`: opens by
 * keyboard and touch without script) whose list holds the item's own target first.
 */
function headerItem(view: ChromeView, item: HeaderItem): string {
  if (item.links.length === 0) return item.to ? customLink(view, item.to, BUTTON_CLASS[item.style]) : esc(item.title);
  const own = item.to ? [{ ...item.to, title: item.title }] : [];
  return `<details class="dropdown"><summary>${esc(item.title)}</summary><ul>${[...own, ...item.links]
    .map((l) => `<li>${customLink(view, l)}</li>`)
    .join('')}</ul></details>`;
}

/** The header's items inside the phone's drawer (the header has no room for them there); hidden on desktops. */
function drawerLinks(view: ChromeView): string {
  const items = view.custom.headerLinks;
  if (items.length === 0) return '';
  const links = items.flatMap((item) => [...(item.to ? [{ ...item.to, title: item.title }] : []), ...item.links]);
  return `<ul class="drawer-links">${links.map((l) => `<li>${customLink(view, l)}</li>`).join('')}</ul>`;
}

/** `styling.corners`, `depth` and `links` as classes of <html> (the defaults need none). */
function styleClasses(custom: ReaderCustomization): string {
  const classes = [
    custom.corners !== 'rounded' ? `corners-${custom.corners}` : '',
    custom.depth !== 'subtle' ? `depth-${custom.depth}` : '',
    custom.links !== 'default' ? `links-${custom.links}` : '',
  ].filter(Boolean);
  return classes.length > 0 ? ` class="${classes.join(' ')}"` : '';
}

/** The banner: plain text, its link, and (except for `danger`) a dismiss button the script shows. */
function announcement(view: ChromeView): string {
  const banner = view.custom.announcement;
  if (!banner) return '';
  const link = banner.link ? customHref(view, banner.link) : undefined;
  const dismiss =
    banner.style === 'danger'
      ? ''
      : `<button class="announcement-dismiss" type="button" aria-label="Dismiss announcement" data-key="${esc(announcementKey(banner))}" hidden>✕</button>`;
  return `<aside class="announcement announcement-${banner.style}" aria-label="Announcement"><p>${esc(banner.message)}${
    link && banner.link ? ` <a href="${urlAttr(link)}">${esc(banner.link.title)}</a>` : ''
  }</p>${dismiss}</aside>
`;
}

function footer(view: ChromeView): string {
  const { custom } = view;
  const groups = custom.footerGroups
    .slice(0, 4)
    .map(
      (g) =>
        `<nav aria-label="${esc(g.title)}"><p class="footer-title">${esc(g.title)}</p><ul>${g.links.map((l) => `<li>${customLink(view, l)}</li>`).join('')}</ul></nav>`,
    )
    .join('');
  const line = custom.copyright ?? view.site.title;
  return `<footer>${groups ? `<div class="footer-groups">${groups}</div>` : ''}<p class="copyright">${esc(line)}</p></footer>`;
}

/** The site's favicon per mode (the dark one for a dark system scheme). */
function favicon(custom: ReaderCustomization): string {
  if (!custom.favicon) return '';
  return `<link rel="icon" href="${urlAttr(custom.favicon.light)}"><link rel="icon" href="${urlAttr(custom.favicon.dark)}" media="(prefers-color-scheme: dark)">`;
}

/** Upgraded by the script (Ctrl/Cmd+K, the search box, the phone's search button); unused without it. */
function searchDialog(view: ChromeView): string {
  const endpoint = searchEndpoint(view);
  return `<dialog class="search-dialog" aria-label="Search this site" data-endpoint="${urlAttr(endpoint)}"><form class="search-box" role="search" action="${urlAttr(endpoint)}" method="get"><input name="q" type="search" role="combobox" aria-label="Search this site" aria-expanded="false" aria-controls="search-results" aria-autocomplete="list" autocomplete="off" placeholder="Search…"><button class="icon-button search-close" type="button" aria-label="Close search">✕</button></form><p class="search-status" role="status"></p><ul id="search-results" class="search-results" role="listbox" aria-label="Results" hidden></ul></dialog>`;
}

/** Above this many pages, only the branch of the current page is expanded (a 10,000-page tree is ~1 MB of links). */
const FULL_NAVIGATION_PAGES = 300;

function navigation(view: ChromeView, pages: ReaderPage[], current: ReaderPage | undefined, collapse: boolean): string {
  const inBranch = (p: ReaderPage): boolean => current !== undefined && current.path.startsWith(`${p.path}/`);
  const open = (p: ReaderPage): boolean => !collapse || inBranch(p);
  const items = pages
    .filter((p) => !p.hidden)
    .map((p) => {
      // Groups fold without script (`<details>`); in a large site the groups off the current branch
      // are a link to their first page instead of their whole subtree.
      if (p.type === 'group')
        return open(p)
          ? `<li><details open><summary>${esc(p.title)}</summary>${navigation(view, p.pages, current, collapse)}</details></li>`
          : `<li><a class="group" href="${urlAttr(pageHref(view, p))}">${esc(p.title)}</a></li>`;
      // A link page's href is whatever its author wrote: `urlAttr` refuses script URLs here as in bodies.
      const target = p.type === 'link' ? linkHref(view, p) : pageHref(view, p);
      const here = p === current ? ' aria-current="page"' : '';
      const children = p.pages.some((c) => !c.hidden) && (open(p) || p === current) ? navigation(view, p.pages, current, collapse) : '';
      return `<li><a href="${urlAttr(target)}"${here}>${esc(p.title)}</a>${children}</li>`;
    })
    .join('');
  return `<ul>${items}</ul>`;
}

/** Where a link page goes: its URL, or the page of this space it targets; `#` when neither is known. */
function linkHref(view: ChromeView, page: ReaderPage): string {
  if (page.href !== undefined) return page.href;
  const target = page.linkTo === undefined ? undefined : view.index.byId.get(page.linkTo);
  return target === undefined ? '#' : pageHref(view, target);
}

/** The page's ancestors (groups and parent pages), outermost first. */
export function ancestorsOf(index: PageIndex, page: ReaderPage): ReaderPage[] {
  const parts = page.path.split('/');
  const out: ReaderPage[] = [];
  for (let i = 1; i < parts.length; i++) {
    const ancestor = index.byPath.get(parts.slice(0, i).join('/'));
    if (ancestor) out.push(ancestor);
  }
  return out;
}

function breadcrumbs(view: PageView, page: ReaderPage): string {
  const ancestors = ancestorsOf(view.index, page);
  if (ancestors.length === 0) return '';
  return `<nav class="breadcrumbs" aria-label="Breadcrumb"><ol>${ancestors.map((a) => `<li><a href="${urlAttr(pageHref(view, a))}">${esc(a.title)}</a></li>`).join('')}</ol></nav>`;
}

function toc(body: RenderedDocument): string {
  if (body.toc.length === 0) return '';
  return `<p><strong>On this page</strong></p><ul>${body.toc.map((e) => `<li class="l${e.level}"><a href="${urlAttr(`#${e.id}`)}">${esc(e.text)}</a></li>`).join('')}</ul>`;
}

/** Words of a query worth marking (two characters or more), longest first so marks do not nest. */
export function searchTerms(query: string): string[] {
  return [
    ...new Set(
      query
        .toLowerCase()
        .split(/\s+/)
        .filter((w) => w.length >= 2),
    ),
  ]
    .sort((a, b) => b.length - a.length)
    .slice(0, 8);
}

/** Text escaped, with each occurrence of a term wrapped in `<mark>` (matched on the raw text, then escaped piecewise). */
export function highlight(text: string, terms: string[]): string {
  const lower = text.toLowerCase();
  // Lower-casing can change the length of some characters (İ): then positions would not match.
  if (terms.length === 0 || lower.length !== text.length) return esc(text);
  let out = '';
  let at = 0;
  while (at < text.length) {
    let hit = -1;
    let length = 0;
    for (const term of terms) {
      const found = lower.indexOf(term, at);
      if (found >= 0 && (hit < 0 || found < hit)) {
        hit = found;
        length = term.length;
      }
    }
    if (hit < 0) break;
    out += `${esc(text.slice(at, hit))}<mark>${esc(text.slice(hit, hit + length))}</mark>`;
    at = hit + length;
  }
  return out + esc(text.slice(at));
}

/** A page outside any site (an unknown site, a refused visitor): no site chrome, no product name. */
export function renderStatusPage(status: number, title: string, message: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><meta name="color-scheme" content="light dark"><title>${esc(title)}</title><script src="${urlAttr(THEME_JS_PATH)}"></script><link rel="stylesheet" href="${urlAttr(CSS_PATH)}"></head>
<body><main id="content" class="status"><h1>${status} · ${esc(title)}</h1><p>${esc(message)}</p></main></body></html>`;
}
