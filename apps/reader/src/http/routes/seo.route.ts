// What crawlers and agents read: robots.txt, sitemap.xml and llms.txt at the site's root.
import { esc } from '../../render/escape';
import type { ReaderService } from '../reader.service';
import { type ReaderResponse, statusPage, textResponse } from '../response';
import type { SiteRequest } from './site-request';

export const SEO_FILES = ['robots.txt', 'sitemap.xml', 'llms.txt'] as const;
export type SeoFile = (typeof SEO_FILES)[number];

export function isSeoFile(rest: string[]): SeoFile | undefined {
  return rest.length === 1 ? SEO_FILES.find((name) => name === rest[0]) : undefined;
}

export async function seoRoute(reader: ReaderService, request: SiteRequest, file: SeoFile): Promise<ReaderResponse> {
  if (file === 'robots.txt') return textResponse(robots(request), 'text/plain; charset=utf-8');
  if (file === 'sitemap.xml') return textResponse(await sitemap(reader, request), 'application/xml; charset=utf-8');
  if (request.site.agentsContext !== 'included') return statusPage(404, 'Not available', 'This site is not offered to agents.');
  return textResponse(await llms(reader, request), 'text/plain; charset=utf-8');
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
