// The chrome of a variant (sections, variants, its page tree) for a request inside a site.
import type { PageIndex } from '../../content/page-index';
import { customizationCssSegment } from '../../render/customization-css';
import type { ChromeView } from '../../render/layout';
import { DEFAULT_READER_CUSTOMIZATION, type ReaderCustomization } from '../../sites/customization';
import { type Addressed, variantPrefix } from '../../sites/site-view';
import type { SiteRequest } from './site-request';

export function chromeView(request: SiteRequest, addressed: Addressed, index: PageIndex): ChromeView {
  const { prefix, structure } = request;
  const custom = customizationOf(request, addressed);
  const segment = customizationCssSegment(custom);
  return {
    // The customized title names the site everywhere its title shows (header, <title>, og:site_name).
    site: custom.title ? { ...request.site, title: custom.title } : request.site,
    custom,
    ...(segment ? { customCss: `${prefix}/${segment}` } : {}),
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

/** The customization of the variant being read: its site space's overrides, else the site's. */
export function customizationOf(request: Pick<SiteRequest, 'site'>, addressed?: Pick<Addressed, 'siteSpace'>): ReaderCustomization {
  const { site } = request;
  return (addressed && site.siteSpaceCustomizations?.[addressed.siteSpace.id]) ?? site.customization ?? DEFAULT_READER_CUSTOMIZATION;
}
