import { join } from 'node:path';
import {
  COMMENT_COUNTS_CONSUMER,
  COMPUTED_OPENAPI_CONSUMER,
  COMPUTED_OPENAPI_EVENTS,
  COMMENT_COUNTS_EVENTS,
  COMMENT_SPACES_CONSUMER,
  COMMENT_SPACES_EVENTS,
  ContentSubjects,
  EVENT_PREFIX_TOKEN_REVOKED,
  GitSyncSubjects,
  IdentityBroadcasts,
  IdentitySubjects,
  PUBLISHED_CONTENT_EVENTS,
  PUBLISHED_SITE_EVENTS,
  SITE_SPACES_CONSUMER,
  SITE_SPACES_EVENTS,
  SitesSubjects,
  SPACE_COUNTS_CONSUMER,
  SPACE_COUNTS_EVENTS,
} from '@bindery/contracts';

/** What an app may do on NATS beyond answering its own subjects (see nats-permissions.ts). */
export interface NatsAccess {
  /** Other services' request subjects it sends to (exact subjects or wildcards). */
  calls: string[];
  /** Core NATS subjects it listens to beyond its own requests (e.g. one event subject). */
  listens?: string[];
  /** Further subjects it publishes to (e.g. the JetStream API of a KV bucket). */
  publishes?: string[];
  /** Durable consumers it runs on the EVENTS stream (`JetStreamBus.consumeEvents`): name and event subject. */
  consumes?: Array<{ durable: string; subject: string }>;
}

/** How the stack runs one app of `apps/`. */
export interface AppSpec {
  /** Directory name under apps/ (unless `dir` says otherwise), NATS queue group and log file name. */
  name: string;
  /** A worker process runs from its service's directory and entry file (`worker.js`) with the service's env. */
  dir?: string;
  entry?: string;
  /** Postgres schema the app owns (and the suffix of its database role); none for the gateway. */
  schema?: string;
  /** Postgres extensions provisioning installs in the app's schema (its role cannot create them). */
  extensions?: string[];
  /** Secrets the app needs, as env variable names; the stack generates each once per data directory. */
  secrets?: string[];
  /** The app's env class (compiled file under dist/, export name): the variables `pnpm start` passes through. */
  env: { file: string; className: string };
  nats: NatsAccess;
}

/** Every bounded-context service, in start order. A new service is added here and in docker-compose.yml. */
export const SERVICES: AppSpec[] = [
  {
    name: 'identity',
    schema: 'identity',
    env: { file: 'config/identity.env', className: 'IdentityEnv' },
    nats: {
      calls: [ContentSubjects.memberSpaces, ContentSubjects.spaceAccess, ContentSubjects.organizationSpaceCounts, SitesSubjects.siteExists],
      consumes: [{ durable: SPACE_COUNTS_CONSUMER, subject: SPACE_COUNTS_EVENTS }],
      // Tells the services that cache standings that one changed (`MembershipFeed`).
      publishes: [IdentityBroadcasts.membershipChanged],
    },
  },
  {
    name: 'content',
    schema: 'content',
    // Search's typo fallback (trigram similarity of words); the GIN operator class of `space_id` in
    // search's (space_id, tsv) index.
    extensions: ['pg_trgm', 'btree_gin'],
    secrets: ['FILE_URL_SECRET'],
    env: { file: 'config/content.env', className: 'ContentEnv' },
    nats: {
      calls: [
        IdentitySubjects.membershipGet,
        IdentitySubjects.membershipsAmong,
        IdentitySubjects.orgGet,
        IdentitySubjects.userGetCurrent,
        // Computed OpenAPI pages: the newest processed version of a spec.
        SitesSubjects.openApiForSite,
      ],
      consumes: [
        { durable: COMMENT_COUNTS_CONSUMER, subject: COMMENT_COUNTS_EVENTS },
        { durable: COMPUTED_OPENAPI_CONSUMER, subject: COMPUTED_OPENAPI_EVENTS },
      ],
    },
  },
  {
    name: 'collaboration',
    schema: 'collaboration',
    env: { file: 'config/collaboration.env', className: 'CollaborationEnv' },
    nats: {
      calls: [
        ContentSubjects.spaceAccess,
        ContentSubjects.commentTargetCheck,
        IdentitySubjects.userGetCurrent,
        IdentitySubjects.membershipsAmong,
        IdentitySubjects.memberGet,
      ],
      consumes: [{ durable: COMMENT_SPACES_CONSUMER, subject: COMMENT_SPACES_EVENTS }],
    },
  },
  {
    name: 'sites',
    schema: 'sites',
    secrets: ['SITES_AUTH_SECRET'],
    env: { file: 'config/sites.env', className: 'SitesEnv' },
    nats: {
      calls: [IdentitySubjects.membershipGet, IdentitySubjects.orgGet, IdentitySubjects.visitorClaimsKey, ContentSubjects.spaceGet],
      consumes: [{ durable: SITE_SPACES_CONSUMER, subject: SITE_SPACES_EVENTS }],
    },
  },
  {
    name: 'conversations',
    schema: 'conversations',
    env: { file: 'config/conversations.env', className: 'ConversationsEnv' },
    nats: { calls: [IdentitySubjects.membershipGet] },
  },
  {
    name: 'translations',
    schema: 'translations',
    env: { file: 'config/translations.env', className: 'TranslationsEnv' },
    nats: { calls: [IdentitySubjects.membershipGet, ContentSubjects.spaceAccess] },
  },
  {
    name: 'git-sync',
    schema: 'git_sync',
    secrets: ['GIT_CREDENTIALS_SECRET'],
    env: { file: 'config/git-sync.env', className: 'GitSyncEnv' },
    nats: { calls: [ContentSubjects.spaceAccess] },
  },
];

/** The gateway: stateless, listens on HTTP, calls every service. */
export const GATEWAY: AppSpec = {
  name: 'gateway',
  env: { file: 'config/gateway.env', className: 'GatewayEnv' },
  nats: {
    calls: SERVICES.map((service) => `${service.name}.>`),
    listens: [EVENT_PREFIX_TOKEN_REVOKED],
    // Its idempotency store is a JetStream KV bucket it creates, reads and writes.
    publishes: ['$JS.API.>', '$KV.>'],
  },
};

/** Worker processes (`apps/<service>/src/worker.ts`): the service's schema and secrets, their own process. */
export const WORKERS: AppSpec[] = [
  {
    name: 'content-worker',
    dir: 'content',
    entry: 'worker.js',
    schema: 'content',
    secrets: ['FILE_URL_SECRET'],
    env: { file: 'config/content.env', className: 'ContentEnv' },
    nats: { calls: [] },
  },
  {
    name: 'conversations-worker',
    dir: 'conversations',
    entry: 'worker.js',
    schema: 'conversations',
    env: { file: 'config/conversations.env', className: 'ConversationsEnv' },
    nats: { calls: [] },
  },
  {
    name: 'sites-worker',
    dir: 'sites',
    entry: 'worker.js',
    schema: 'sites',
    secrets: ['SITES_AUTH_SECRET'],
    env: { file: 'config/sites.env', className: 'SitesEnv' },
    nats: { calls: [] },
  },
  {
    name: 'translations-worker',
    dir: 'translations',
    entry: 'worker.js',
    schema: 'translations',
    env: { file: 'config/translations.env', className: 'TranslationsEnv' },
    nats: {
      calls: [ContentSubjects.revisionGet, ContentSubjects.revisionWriteTree, ContentSubjects.spaceGet, ContentSubjects.spaceCreate],
    },
  },
  {
    name: 'git-sync-worker',
    dir: 'git-sync',
    entry: 'worker.js',
    schema: 'git_sync',
    secrets: ['GIT_CREDENTIALS_SECRET'],
    env: { file: 'config/git-sync.env', className: 'GitSyncEnv' },
    nats: {
      calls: [
        ContentSubjects.importApply,
        ContentSubjects.importStoreFiles,
        ContentSubjects.importStoreDocuments,
        ContentSubjects.importRead,
        ContentSubjects.importReadDocuments,
        ContentSubjects.importReadFile,
      ],
    },
  },
];

/** The reader: stateless HTTP app serving published sites as HTML; reads sites and content over NATS. */
export const READER: AppSpec = {
  name: 'reader',
  env: { file: 'config/reader.env', className: 'ReaderEnv' },
  nats: {
    calls: [
      SitesSubjects.publishedLookup,
      ContentSubjects.publishedRevision,
      ContentSubjects.publishedSearch,
      ContentSubjects.publishedPagePath,
      SitesSubjects.openApiForSite,
      SitesSubjects.feedbackSubmit,
      GitSyncSubjects.editLinks,
    ],
    // Content's and sites' events as core NATS messages: every replica drops what they make stale.
    listens: [...PUBLISHED_CONTENT_EVENTS, ...PUBLISHED_SITE_EVENTS],
  },
};

export const ALL_APPS: AppSpec[] = [...SERVICES, ...WORKERS, GATEWAY, READER];

export const repoRoot = (): string => join(__dirname, '..', '..', '..');
export const appEntry = (app: AppSpec, file = app.entry ?? 'main.js'): string =>
  join(repoRoot(), 'apps', app.dir ?? app.name, 'dist', file);
export const roleOf = (schema: string): string => `bindery_${schema.replace(/-/g, '_')}`;
