// A site's own stylesheet (`~customization.<hash>.css`): the colours and font of its customization
// or of one of its site spaces' overrides. The hash names the text, so it is cached for good; a
// hash no customization of the site makes now (the settings changed since) is a 404.
import { customizationCss, hashOf } from '../../render/customization-css';
import { DEFAULT_READER_CUSTOMIZATION } from '../../sites/customization';
import type { ReaderResponse } from '../response';
import { notFound } from './not-found';
import type { SiteRequest } from './site-request';

const IMMUTABLE = 'public, max-age=31536000, immutable';

export function customizationCssRoute(request: SiteRequest, segment: string): ReaderResponse {
  const { site } = request;
  const candidates = [site.customization ?? DEFAULT_READER_CUSTOMIZATION, ...Object.values(site.siteSpaceCustomizations ?? {})];
  for (const custom of candidates) {
    const css = customizationCss(custom);
    if (css && segment === `~customization.${hashOf(css)}.css`)
      return { status: 200, headers: { 'content-type': 'text/css; charset=utf-8', 'cache-control': IMMUTABLE }, body: css };
  }
  return notFound();
}
