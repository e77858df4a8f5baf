import type { SiteRef } from './sites';
import type { SitesSubjects } from './subjects';

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
  [SitesSubjects.publishingAuthGet]: { input: SiteRef; result: SitePublishingAuth };
  [SitesSubjects.publishingAuthUpdate]: { input: SitePublishingAuthUpdateInput; result: SitePublishingAuth };
  [SitesSubjects.publishingAuthRegenerate]: { input: SiteRef; result: SitePublishingAuth };
}

/** `details` of the 401 a published lookup answers for a visitor-auth site: where to send the visitor. */
export interface VisitorAuthRefusal {
  fallbackURL?: string;
}
