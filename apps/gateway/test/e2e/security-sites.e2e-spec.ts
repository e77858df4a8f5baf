import { createHmac } from 'node:crypto';
import { request } from 'node:http';
import { expectError, expectOperation, testStack } from '@bindery/testing';
import { type PageBody, seedSpace } from './content-helpers';
import { eventually } from './helpers';
import { addMember, newOrganization, type TestUser } from './identity-helpers';
import { type OpenApiSpecBody, processed, smallSpec, specWhen } from './openapi-helpers';
import { type SiteBody, siteWithIntro, siteWithSpaces } from './sites-helpers';

/** A visitor token signed with a site's publishing-auth key (HS256), as a customer's login server makes it. */
function hs256(key: string): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const body = `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ exp: Math.floor(Date.now() / 1000) + 3600 })}`;
  return `${body}.${createHmac('sha256', key).update(body).digest('base64url')}`;
}

/** An OpenAPI document whose schemas each `$ref` the next twice, `levels` deep: 2^levels paths once dereferenced. */
function doublingSpec(levels: number): string {
  const schemas: Record<string, unknown> = {};
  for (let i = 0; i < levels; i++) {
    const next = { $ref: `#/components/schemas/S${i + 1}` };
    schemas[`S${i}`] = { type: 'object', properties: { a: next, b: next } };
  }
  schemas[`S${levels}`] = { type: 'string' };
  const schema = { $ref: '#/components/schemas/S0' };
  return JSON.stringify({
    openapi: '3.1.0',
    info: { title: 'Doubling', version: '1' },
    paths: { '/x': { get: { responses: { '200': { description: 'ok', content: { 'application/json': { schema } } } } } } },
    components: { schemas },
  });
}

/** A GET on the reader as a browser on `host` sends it (fetch cannot set `Host`). */
function readOnHost(host: string, path: string): Promise<{ status: number; body: string }> {
  const reader = new URL(testStack().readerUrl);
  return new Promise((resolve, reject) => {
    const req = request({ hostname: '127.0.0.1', port: reader.port, path, headers: { host } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** Attacks on sites from outside (issue 24, findings 3, 4 and 6): each failed before its fix. */
describe('security: sites', () => {
  const read = (path: string) => fetch(`${testStack().readerUrl}${path}`, { redirect: 'manual' });

  it("one organization's hostile OpenAPI spec does not hold another's: both are processed, the trivial one without waiting", async () => {
    const hostile = await newOrganization('Hostile OpenAPI Org');
    const victim = await newOrganization('Victim OpenAPI Org');
    const text = doublingSpec(25);
    expect(Buffer.byteLength(text)).toBeLessThan(4096);
    expectOperation(
      await hostile.admin.client.post(`/v1/orgs/${hostile.organizationId}/openapi`, { slug: 'doubling', source: { text } }),
      'createOpenAPISpec',
      201,
    );
    // The worker has it in hand (or done) before the other organization's spec arrives.
    await specWhen(hostile.admin.client, hostile.organizationId, 'doubling', (s) => s.processingState !== 'pending');
    expectOperation(
      await victim.admin.client.post(`/v1/orgs/${victim.organizationId}/openapi`, { slug: 'pets', source: { text: smallSpec() } }),
      'createOpenAPISpec',
      201,
    );
    const trivial = await specWhen(victim.admin.client, victim.organizationId, 'pets', processed);
    expect(trivial.lastVersion).toBeDefined();
    expect(trivial.lastProcessErrorCode).toBeUndefined();

    // The hostile one ends too: a version (validated without expanding it), or a clear final error.
    const done: OpenApiSpecBody = await specWhen(hostile.admin.client, hostile.organizationId, 'doubling', processed);
    if (done.lastProcessErrorCode) expect(done.lastProcessedErrors.map((e) => e.message).join('\n')).toMatch(/longer than|more than/);
    else expect(done.lastVersion).toBeDefined();
  });

  it("a member's ping token does not open a visitor-auth site; a token of the site's key does", async () => {
    const { client, orgId, base, intro } = await siteWithIntro('visitor-ping');
    const { privateKey } = expectOperation<{ privateKey: string }>(
      await client.get(`${base}/publishing/auth`),
      'getSitePublishingAuthById',
      200,
    );
    expectOperation<SiteBody>(await client.patch(base, { basename: 'members-only', visibility: 'visitor-auth' }), 'updateSiteById', 200);
    expectOperation<SiteBody>(await client.post(`${base}/publish`), 'publishSite', 200);
    const page = `/${orgId}/members-only/${intro.path}`;
    await eventually(async () => expect((await read(`${page}?jwt_token=${hs256(privateKey)}`)).status).toBe(200), 10_000);

    const org = { organizationId: orgId, admin: { client } as TestUser };
    const guest = await addMember(org, null, 'visitor-guest');
    const reader = await addMember(org, 'read', 'visitor-reader');
    for (const member of [guest, reader, org.admin]) {
      const pinged = expectOperation<{ gitbookVisitorClaims: string }>(
        await member.client.post(`/v1/orgs/${orgId}/ping`),
        'updateOrganizationMemberLastSeenAt',
        200,
      );
      expect(typeof pinged.gitbookVisitorClaims).toBe('string');
      expect((await read(`${page}?jwt_token=${pinged.gitbookVisitorClaims}`)).status).toBe(401);
    }
    expect((await read(page)).status).toBe(401);
    // The documented flow still works, and the ping token still carries claims where the site is already open.
    expect((await read(`${page}?jwt_token=${hs256(privateKey)}`)).status).toBe(200);
    const pinged = (await client.post(`/v1/orgs/${orgId}/ping`)).body as { gitbookVisitorClaims: string };
    expectOperation(await client.get(`${base}/published?visitorToken=${pinged.gitbookVisitorClaims}`), 'getPublishedContentSite', 200);
  });

  it("another organization cannot claim a site's hostname: 409, and the reader on that host still serves the owner", async () => {
    const owner = await siteWithSpaces(1, 'host-owner');
    const ids = await seedSpace(owner.client, owner.spaceIds[0]);
    const pages = expectOperation<{ pages: PageBody[] }>(
      await owner.client.get(`/v1/spaces/${owner.spaceIds[0]}/content/pages`),
      'listPages',
      200,
    ).pages;
    const intro = pages.find((p) => p.id === ids.Intro) as PageBody & { path: string };
    const host = `docs.${owner.orgId.toLowerCase()}.example.com`;
    expectOperation<SiteBody>(
      await owner.client.patch(owner.base, { basename: 'docs', hostname: host, visibility: 'public' }),
      'updateSiteById',
      200,
    );
    expectOperation<SiteBody>(await owner.client.post(`${owner.base}/publish`), 'publishSite', 200);

    const attacker = await siteWithSpaces(1, 'host-attacker');
    await seedSpace(attacker.client, attacker.spaceIds[0]);
    expectError(await attacker.client.patch(attacker.base, { basename: 'evil', hostname: host }), 409, /hostname/);
    expectError(await attacker.client.patch(attacker.base, { hostname: host }), 409, /hostname/);
    expectOperation<SiteBody>(await attacker.client.post(`${attacker.base}/publish`), 'publishSite', 200);
    // A second site of the owner's organization does not get it either: one hostname, one site.
    const sibling = expectOperation<SiteBody>(
      await owner.client.post(`/v1/orgs/${owner.orgId}/sites`, { title: 'Sibling', spaces: [] }),
      'createSite',
      201,
    );
    expectError(
      await owner.client.patch(`/v1/orgs/${owner.orgId}/sites/${sibling.id}`, { basename: 'other', hostname: host }),
      409,
      /hostname/,
    );

    await eventually(async () => expect((await readOnHost(host, `/docs/${intro.path}`)).status).toBe(200), 10_000);
    expect((await readOnHost(host, `/evil/${intro.path}`)).status).toBe(404);
    expect(expectOperation<SiteBody>(await attacker.client.get(attacker.base), 'getSiteById', 200).hostname).toBeUndefined();
  });
});
