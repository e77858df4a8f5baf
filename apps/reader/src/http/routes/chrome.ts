// The chrome of a variant (sections, variants, its page tree) for a request inside a site.
import type { PageIndex } from '../../content/page-index';
import type { ChromeView } from '../../render/layout';
import { type Addressed, variantPrefix } from '../../sites/site-view';
import type { SiteRequest } from './site-request';

export function chromeView(request: SiteRequest, addressed: Addressed, index: PageIndex): ChromeView {
  const { site, prefix, structure } = request;
  return {
    site,
    sitePrefix: prefix,
    variantPrefix: addressed.variantPrefix,
    sections: structure.sections.map((s) => ({
      title: s.title,
      href: `${prefix}${variantPrefix(structure, s)}` || '/',
      current: s.id === addressed.section.id,
    })),
    variants: addressed.section.siteSpaces.map((v) => ({
      siteSpace: v,
      href: `${prefix}${variantPrefix(structure, addressed.section, v)}` || '/',
      current: v.id === addressed.siteSpace.id,
    })),
    index,
  };
}
