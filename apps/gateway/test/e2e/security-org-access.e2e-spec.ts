import { type ApiClient, type ApiResponse, expectError, expectOperation, type OpenApiValidator } from '@bindery/testing';
import { createSpace } from './content-helpers';
import { api146, conversation, ingest, processed } from './conversations-helpers';
import { addMember, newOrganization, type OrgWithAdmin, type TestUser } from './identity-helpers';
import { smallSpec } from './openapi-helpers';
import type { SiteBody } from './sites-helpers';

/**
 * The organization-level access rule (ARCHITECTURE.md, "Organization-level access"), walked over
 * every organization-level list and read route for each role: guests and other organizations get
 * the one 404 of an unknown organization; members with a role read; share-link keys only for
 * members who may change sites (`create` and up); publishing auth for admins.
 */

type Who = 'guest' | 'read' | 'edit' | 'create' | 'admin' | 'other';
const EVERYONE: Who[] = ['guest', 'read', 'edit', 'create', 'admin', 'other'];
const NOT_YOURS = 'No matching organization found';

interface Route {
  path: string;
  operationId: string;
  /** The official document the answer is checked against (conversations: 0.146). */
  api?: OpenApiValidator;
  /** Who may read it; everyone else of the organization gets a 403 (`adminOnly`) or the 404. */
  adminOnly?: boolean;
}

/** What a role gets from a route: 200, 403 for a member below an admin-only route, the 404 otherwise. */
function expected(who: Who, route: Route): string {
  if (who === 'guest' || who === 'other') return `404 ${NOT_YOURS}`;
  if (route.adminOnly && who !== 'admin') return '403';
  return '200';
}

function answer(response: ApiResponse): string {
  if (response.status === 404) return `404 ${(response.body as { error?: { message?: string } }).error?.message}`;
  return String(response.status);
}

interface World {
  org: OrgWithAdmin;
  clients: Record<Who, ApiClient>;
  routes: Route[];
  shareKey: string;
}

/** One organization with one of each organization-level resource, and a user per role. */
async function world(): Promise<World> {
  const org = await newOrganization('Org access');
  const base = `/v1/orgs/${org.organizationId}`;
  const admin = org.admin.client;
  const members: Record<'guest' | 'read' | 'edit' | 'create', TestUser> = {
    guest: await addMember(org, null, 'oa-guest'),
    read: await addMember(org, 'read', 'oa-read'),
    edit: await addMember(org, 'edit', 'oa-edit'),
    create: await addMember(org, 'create', 'oa-create'),
  };
  const other = await newOrganization('Another org');

  // Sites: a published share-link site and a published visitor-auth site, each with a space.
  const space = await createSpace(admin, org.organizationId, 'Handbook');
  const sites: SiteBody[] = [];
  for (const [basename, visibility] of [
    ['shared', 'share-link'],
    ['members', 'visitor-auth'],
  ]) {
    const site = expectOperation<SiteBody>(await admin.post(`${base}/sites`, { title: basename, spaces: [space.id] }), 'createSite', 201);
    expectOperation(await admin.patch(`${base}/sites/${site.id}`, { basename, visibility }), 'updateSiteById', 200);
    sites.push(expectOperation<SiteBody>(await admin.post(`${base}/sites/${site.id}/publish`), 'publishSite', 200));
  }
  const shareKey = sites[0].shareKey!;
  expect(shareKey).toEqual(expect.any(String));

  // An OpenAPI spec, a translation, and processed conversations (issues, clusters).
  expectOperation(await admin.post(`${base}/openapi`, { slug: 'pets', source: { text: smallSpec() } }), 'createOpenAPISpec', 201);
  const translation = expectOperation<{ id: string }>(
    await admin.post(`${base}/translations`, { language: 'es', source: { space: space.id, language: 'en' } }),
    'createTranslation',
    201,
  );
  await ingest(admin, org.organizationId, [conversation('refund', 'How do I get a refund for my subscription?')]);
  await processed(admin, org.organizationId, ['refund']);
  const issues = expectOperation<{ items: Array<{ issue: { id: string; cluster?: string } }> }>(
    await admin.get(`${base}/conversations-issues`),
    'listConversationsIssues',
    200,
    api146,
  );
  const { issue } = issues.items[0];

  const routes: Route[] = [
    { path: `${base}/sites`, operationId: 'listSites' },
    ...sites.flatMap((site): Route[] => {
      const at = `${base}/sites/${site.id}`;
      return [
        { path: at, operationId: 'getSiteById' },
        { path: `${at}/site-spaces`, operationId: 'listSiteSpaces' },
        { path: `${at}/sections`, operationId: 'listSiteSections' },
        { path: `${at}/section-groups`, operationId: 'listSiteSectionGroups' },
        { path: `${at}/published`, operationId: 'getPublishedContentSite' },
        { path: `${at}/adaptive-schema`, operationId: 'getSiteAdaptiveSchema' },
        { path: `${at}/adaptive-schema/template-conditions`, operationId: 'listSiteAdaptiveTemplateConditions' },
        { path: `${at}/publishing/auth`, operationId: 'getSitePublishingAuthById', adminOnly: true },
      ];
    }),
    { path: `${base}/openapi`, operationId: 'listOpenAPISpecs' },
    { path: `${base}/openapi/pets`, operationId: 'getOpenAPISpecBySlug' },
    { path: `${base}/openapi/pets/versions`, operationId: 'listOpenAPISpecVersions' },
    { path: `${base}/translations`, operationId: 'listTranslations' },
    { path: `${base}/translations/${translation.id}`, operationId: 'getTranslation' },
    { path: `${base}/conversations`, operationId: 'listConversations', api: api146 },
    { path: `${base}/conversations/refund`, operationId: 'getConversationById', api: api146 },
    { path: `${base}/conversations-issues`, operationId: 'listConversationsIssues', api: api146 },
    { path: `${base}/conversations-issues/${issue.id}`, operationId: 'getConversationIssueById', api: api146 },
    { path: `${base}/conversations-clusters`, operationId: 'listConversationsIssuesClusters', api: api146 },
    { path: `${base}/conversations-clusters/${issue.cluster}`, operationId: 'getConversationsIssuesCluster', api: api146 },
  ];
  const clients: Record<Who, ApiClient> = {
    guest: members.guest.client,
    read: members.read.client,
    edit: members.edit.client,
    create: members.create.client,
    admin,
    other: other.admin.client,
  };
  return { org, clients, routes, shareKey };
}

describe('security: organization-level access, one rule for every service', () => {
  let w: World;
  beforeAll(async () => {
    w = await world();
  }, 240_000);

  it('walks the table: guests and other organizations get the one 404, members with a role read, admins alone see publishing auth', async () => {
    const got: string[] = [];
    const want: string[] = [];
    for (const who of EVERYONE) {
      for (const route of w.routes) {
        const response = await w.clients[who].get(route.path);
        got.push(`${who} ${route.path}: ${answer(response)}`);
        want.push(`${who} ${route.path}: ${expected(who, route)}`);
        if (response.status === 200) expectOperation(response, route.operationId, 200, route.api);
        else if (response.status === 403 || response.status === 404) expectError(response, response.status);
      }
    }
    expect(got).toEqual(want);
  }, 240_000);

  it('gives the share-link key (shareKey, urls.published) only to members who may change sites', async () => {
    const sitesPath = `/v1/orgs/${w.org.organizationId}/sites`;
    for (const who of ['read', 'edit'] as const) {
      for (const route of w.routes.filter((r) => r.path.startsWith(sitesPath) && !r.adminOnly)) {
        const response = await w.clients[who].get(route.path);
        expect(response.status).toBe(200);
        // Not in any field, under any name: the key opens the site to anyone who holds it.
        expect({ who, path: route.path, leaks: JSON.stringify(response.body).includes(w.shareKey) }).toEqual({
          who,
          path: route.path,
          leaks: false,
        });
      }
    }
    for (const who of ['create', 'admin'] as const) {
      const list = expectOperation<{ items: SiteBody[] }>(await w.clients[who].get(sitesPath), 'listSites', 200);
      const shared = list.items.find((site) => site.visibility === 'share-link')!;
      expect(shared.shareKey).toBe(w.shareKey);
      expect(shared.urls.published).toMatch(new RegExp(`/~share/${w.shareKey}$`));
    }
  }, 120_000);

  it('refuses an OpenAPI create or replace before looking at its URL: no address check, no name resolved', async () => {
    const base = `/v1/orgs/${w.org.organizationId}/openapi`;
    // Addresses the policy refuses (a 400 that names what the host is) and a name that resolves nowhere.
    const urls = [
      'http://127.0.0.1:9/openapi.yaml',
      'http://10.1.2.3/openapi.yaml',
      'http://[::1]/openapi.yaml',
      'http://no-such-host.invalid/spec.yaml',
    ];
    for (const url of urls) {
      for (const who of ['guest', 'other'] as const) {
        expectError(await w.clients[who].post(base, { slug: 'probe', source: { url } }), 404, new RegExp(`^${NOT_YOURS}$`));
        expectError(await w.clients[who].put(`${base}/probe`, { source: { url } }), 404, new RegExp(`^${NOT_YOURS}$`));
      }
      for (const who of ['read', 'edit'] as const) {
        expectError(await w.clients[who].post(base, { slug: 'probe', source: { url } }), 403, /"create" role/);
        expectError(await w.clients[who].put(`${base}/probe`, { source: { url } }), 403, /"create" role/);
      }
    }
    // A member who may create specs gets the address check, as before.
    expectError(await w.clients.create.post(base, { slug: 'probe', source: { url: urls[0] } }), 400, /source\.url/);
  }, 120_000);
});
