// What crawlers and agents read: robots.txt, sitemap.xml, llms.txt and llms-full.txt (every page
// as Markdown, cached like pages) at the site's root.
import { createHash } from 'node:crypto';
import type { ReaderPage } from '../../content/content-source';
import { pageIndex } from '../../content/page-index';
import { linkTable } from '../../render/page-markdown';
import type { MarkdownLinks } from '../../render/reader-markdown';
import { esc } from '../../render/escape';
import { CompressedBodies } from '../compression';
import { ORIGIN_MARK as ORIGIN_PLACEHOLDER, type ReaderService } from '../reader.service';
import { type ReaderResponse, statusPage, textResponse } from '../response';
import { markdownLinks } from './markdown.route';
import type { SiteRequest } from './site-request';

export const SEO_FILES = ['robots.txt', 'sitemap.xml', 'llms.txt', 'llms-full.txt'] as const;

/** llms-full.txt stops before this many characters (a huge site still answers). */
const FULL_TEXT_LIMIT = 8_000_000;
export type SeoFile = (typeof SEO_FILES)[number];

export function isSeoFile(rest: string[]): SeoFile | undefined {
  return rest.length === 1 ? SEO_FILES.find((name) => name === rest[0]) : undefined;
}

export async function seoRoute(reader: ReaderService, request: SiteRequest, file: SeoFile): Promise<ReaderResponse> {
  if (file === 'robots.txt') return textResponse(robots(request), 'text/plain; charset=utf-8');
  if (file === 'sitemap.xml') return textResponse(await sitemap(reader, request), 'application/xml; charset=utf-8');
  if (request.site.agentsContext !== 'included') return statusPage(404, 'Not available', 'This site is not offered to agents.');
  if (file === 'llms-full.txt') return textResponse(await llmsFull(reader, request), 'text/plain; charset=utf-8');
  return textResponse(await llms(reader, request), 'text/plain; charset=utf-8');
}

async function llmsFull(reader: ReaderService, request: SiteRequest): Promise<string> {
  const { site, structure, origin, prefix, visitor } = request;
  const pages: Array<{ page: ReaderPage; url: string; links: MarkdownLinks }> = [];
  const revisions: string[] = [];
  let links: MarkdownLinks | undefined;
  let variant = '';
  await reader.eachPage(site, structure, (page, base, _group, content) => {
    if (revisions[revisions.length - 1] !== content.revisionId) revisions.push(content.revisionId);
    // Each variant's pages link within that variant.
    if (!links || variant !== `${base}|${content.revisionId}`) {
      variant = `${base}|${content.revisionId}`;
      links = markdownLinks(pageIndex(content), { sitePrefix: prefix, variantPrefix: base });
    }
    pages.push({ page, url: `${prefix}${base}/${page.path}`, links: links });
  });
  // Every page's `if` blocks are resolved for this visitor: the claims are part of the key.
  const claims = createHash('sha1').update(JSON.stringify(visitor.claims)).digest('base64url');
  const key = ['llms-full', site.id, site.version, structure.key, revisions.join(','), claims, prefix].join('|');
  let cached = reader.rendered.get(key);
  if (!cached) {
    const parts = [`# ${site.title}\n`];
    let length = parts[0].length;
    for (const { page, url, links: pageLinks } of pages) {
      // On a worker thread, page by page: a whole site's Markdown takes seconds to write.
      const body = await reader.markdown.render({
        document: page.document,
        visitor: { claims: visitor.claims },
        links: linkTable(page.document, pageLinks),
      });
      const part = `\n---\n\n# ${page.title}\n\nSource: ${ORIGIN_PLACEHOLDER}${url}.md\n\n${page.description ? `${page.description}\n\n` : ''}${body}\n`;
      if (length + part.length > FULL_TEXT_LIMIT) break;
      parts.push(part);
      length += part.length;
    }
    cached = { body: parts.join(''), etag: '', compressed: new CompressedBodies() };
    reader.rendered.set(key, cached);
  }
  return cached.body.split(ORIGIN_PLACEHOLDER).join(origin);
}

function robots({ site, origin, prefix }: SiteRequest): string {
  if (site.visibility !== 'public') return 'User-agent: *\nDisallow: /\n';
  return `User-agent: *\nAllow: /\nSitemap: ${origin}${prefix}/sitemap.xml\n`;
}

async function sitemap(reader: ReaderService, { site, structure, origin, prefix }: SiteRequest): Promise<string> {
  const urls: string[] = [];
  if (site.visibility === 'public') {
    await reader.eachPage(site, structure, (page, base) => {
      if (!page.noIndex && urls.length < 50_000) urls.push(`<url><loc>${esc(`${origin}${prefix}${base}/${page.path}`)}</loc></url>`);
    });
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

async function llms(reader: ReaderService, { site, structure, origin, prefix }: SiteRequest): Promise<string> {
  const lines = [`# ${site.title}`, ''];
  let heading = '';
  await reader.eachPage(site, structure, (page, base, group) => {
    if (group !== heading) {
      heading = group;
      lines.push('', `## ${group}`, '');
    }
    lines.push(`- [${page.title}](${origin}${prefix}${base}/${page.path}.md)${page.description ? `: ${page.description}` : ''}`);
  });
  return `${lines.join('\n')}\n`;
}
