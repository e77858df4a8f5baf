import type { SiteRef } from './sites';

/**
 * Request subjects of a site's publishing auth (visitor authentication: the per-site key that
 * signs visitor tokens, and where visitors without one are sent), `sites.publishing-auth.<verb>`.
 * Admins of the site's organization only (the answer holds the site's private key).
 */
export const PublishingAuthSubjects = {
  get: 'sites.publishing-auth.get',
  update: 'sites.publishing-auth.update',
  regenerate: 'sites.publishing-auth.regenerate',
} as const;

export type PublishingAuthBackend = 'custom' | 'integration';

/** Wire shape of `SitePublishingAuth`. */
export interface SitePublishingAuth {
  object: 'publishing-auth';
  backend: PublishingAuthBackend;
  /** Signs visitor tokens (HS256); a new one after `regenerate`, which invalidates older tokens. */
  privateKey: string;
  fallbackURL?: string;
  logoutURL?: string;
}

/** `SitePublishingAuthUpdate`: an absent field is unchanged, null unsets a URL. */
export interface SitePublishingAuthUpdateInput extends SiteRef {
  backend?: PublishingAuthBackend;
  fallbackURL?: string | null;
  logoutURL?: string | null;
}

export interface PublishingAuthRpc {
  [PublishingAuthSubjects.get]: { input: SiteRef; result: SitePublishingAuth };
  [PublishingAuthSubjects.update]: { input: SitePublishingAuthUpdateInput; result: SitePublishingAuth };
  [PublishingAuthSubjects.regenerate]: { input: SiteRef; result: SitePublishingAuth };
}

/** `details` of the 401 a published lookup answers for a visitor-auth site: where to send the visitor. */
export interface VisitorAuthRefusal {
  fallbackURL?: string;
}
