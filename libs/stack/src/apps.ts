import { join } from 'node:path';
import {
  ContentSubjects,
  EVENT_PREFIX_TOKEN_REVOKED,
  IdentitySubjects,
  SITE_SPACES_CONSUMER,
  SITE_SPACES_EVENTS,
  SiteSubjects,
  SitesSubjects,
  SPACE_COUNTS_CONSUMER,
  SPACE_COUNTS_EVENTS,
  SpaceCountSubjects,
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
      calls: [
        ContentSubjects.memberSpaces,
        ContentSubjects.spaceAccess,
        SpaceCountSubjects.organizationSpaceCounts,
        SitesSubjects.siteExists,
      ],
      consumes: [{ durable: SPACE_COUNTS_CONSUMER, subject: SPACE_COUNTS_EVENTS }],
    },
  },
  {
    name: 'content',
    schema: 'content',
    secrets: ['FILE_URL_SECRET'],
    env: { file: 'config/content.env', className: 'ContentEnv' },
    nats: {
      calls: [IdentitySubjects.membershipGet, IdentitySubjects.membershipsAmong, IdentitySubjects.orgGet, IdentitySubjects.userGetCurrent],
    },
  },
  {
    name: 'collaboration',
    schema: 'collaboration',
    env: { file: 'config/collaboration.env', className: 'CollaborationEnv' },
    nats: { calls: [] },
  },
  {
    name: 'sites',
    schema: 'sites',
    env: { file: 'config/sites.env', className: 'SitesEnv' },
    nats: {
      calls: [IdentitySubjects.orgGet, IdentitySubjects.visitorClaimsKey, ContentSubjects.spaceGet],
      consumes: [{ durable: SITE_SPACES_CONSUMER, subject: SITE_SPACES_EVENTS }],
    },
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
];

/** The reader: stateless HTTP app serving published sites as HTML; reads sites and content over NATS. */
export const READER: AppSpec = {
  name: 'reader',
  env: { file: 'config/reader.env', className: 'ReaderEnv' },
  nats: { calls: [SiteSubjects.publishedLookup, ContentSubjects.publishedRevision] },
};

export const ALL_APPS: AppSpec[] = [...SERVICES, ...WORKERS, GATEWAY, READER];

export const repoRoot = (): string => join(__dirname, '..', '..', '..');
export const appEntry = (app: AppSpec, file = app.entry ?? 'main.js'): string =>
  join(repoRoot(), 'apps', app.dir ?? app.name, 'dist', file);
export const roleOf = (schema: string): string => `bindery_${schema.replace(/-/g, '_')}`;
