import { ContentSubjects } from './content';
import { GitSyncSubjects } from './git-sync';
import { healthSubject } from './health';
import { IdentitySubjects } from './identity';
import { SitesSubjects } from './sites';

/**
 * Subjects a service answers without `ctx.caller`, per context. Every other subject refuses an
 * envelope without a caller (401), checked in one place (`CallerGuard` in `@bindery/platform/nest`),
 * so a service never acts on "no caller" as "anybody" or "everything". A subject belongs here only
 * when its input carries its own authorisation or asks for nothing private:
 */
export const IdentityCallerlessSubjects: readonly string[] = [
  healthSubject('identity'),
  // The gateway establishes the caller with it.
  IdentitySubjects.tokenVerify,
  // SAML sign-in: the browser has no token yet; the IdP's signed assertion is the authorisation.
  IdentitySubjects.ssoStart,
  IdentitySubjects.ssoAssert,
  // A public key, public by nature.
  IdentitySubjects.visitorClaimsKey,
];

export const ContentCallerlessSubjects: readonly string[] = [
  healthSubject('content'),
  // The signed, expiring URL is the authorisation (checked by content, which alone holds the key).
  ContentSubjects.fileDownload,
  ContentSubjects.pdfRender,
  // The reader app serves anonymous visitors of sites the sites service found published (NATS
  // permissions: only the reader's user may send it; no gateway route reaches it).
  ContentSubjects.publishedRevision,
  // Same reader, same scope: the search of one published space (no gateway route reaches it).
  ContentSubjects.publishedSearch,
  ContentSubjects.publishedPagePath,
  // Asked by identity's event consumer (no caller); counts only, and no gateway route reaches it.
  ContentSubjects.organizationSpaceCounts,
];

export const CollaborationCallerlessSubjects: readonly string[] = [healthSubject('collaboration')];

export const SitesCallerlessSubjects: readonly string[] = [
  healthSubject('sites'),
  // The public link of a spec its organization made public: the spec id is the link, nothing private is read.
  SitesSubjects.openApiPublished,
  // The reader (a spec of the organization whose site it serves, for API reference blocks) and content (computed pages
  // of a space the caller may view, or on a processed-spec event); no gateway route reaches it.
  SitesSubjects.openApiForSite,
  // The reader app serves anonymous visitors: the site's visibility, share key and visitor token are the authorisation.
  SitesSubjects.publishedLookup,
  // The reader: an anonymous visitor rates a page of a published site (rate-limited per visitor by sites).
  SitesSubjects.feedbackSubmit,
  // Asked by identity after it checked the caller; answers only whether an organization owns a site id.
  SitesSubjects.siteExists,
];
export const ConversationsCallerlessSubjects: readonly string[] = [healthSubject('conversations')];
export const TranslationsCallerlessSubjects: readonly string[] = [healthSubject('translations')];
export const GitSyncCallerlessSubjects: readonly string[] = [
  healthSubject('git-sync'),
  // A push delivery: its signature (or GitLab token), checked against the space's sealed secret, is the authorisation.
  GitSyncSubjects.webhookReceive,
  // The reader: where a space it publishes keeps its pages in the repository, for "Edit on Git"
  // (NATS permissions: only the reader's user may send it; no gateway route reaches it).
  GitSyncSubjects.editLinks,
];

const CALLERLESS = new Set<string>([
  ...IdentityCallerlessSubjects,
  ...ContentCallerlessSubjects,
  ...CollaborationCallerlessSubjects,
  ...SitesCallerlessSubjects,
  ...ConversationsCallerlessSubjects,
  ...TranslationsCallerlessSubjects,
  ...GitSyncCallerlessSubjects,
]);

/** True when `subject` is answered without a caller (see the lists above). */
export const isCallerlessSubject = (subject: string): boolean => CALLERLESS.has(subject);
