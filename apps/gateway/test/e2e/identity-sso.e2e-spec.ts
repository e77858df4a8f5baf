import { SERVICES } from '@bindery/stack';
import { controlTestStack, expectError, expectOperation, identityCli } from '@bindery/testing';
import { Client } from 'pg';
import { adminClient, anonymousClient, newUser } from './helpers';
import { addMember, newOrganization, newTeam, type OrgWithAdmin, TestIdp } from './identity-helpers';

interface SamlProvider {
  id: string;
  label: string;
  status: string;
  defaultRole: string | null;
  defaultTeam?: { id: string };
  service: { acsURL: string; startURL: string; entityID: string };
}
interface AssertResult {
  token: string;
  expiresAt: string;
  user: { id: string; email: string; displayName: string };
  member: { role: string | null; sso: boolean; teams: number };
}

async function configuredProvider(org: OrgWithAdmin, idp: TestIdp, extra: Record<string, unknown> = {}): Promise<SamlProvider> {
  const body = { label: 'Okta', entityID: idp.entityId, certificate: idp.certificate, ssoURL: 'https://idp.example.test/sso', ...extra };
  return expectOperation<SamlProvider>(
    await org.admin.client.post(`/v1/orgs/${org.organizationId}/saml`, body),
    'createOrganizationSAMLProvider',
    201,
  );
}

/**
 * Follows the start URL like a browser would, and returns the request id the IdP must answer.
 * With `token`, the login is started by that signed-in user to link the identity to their account.
 */
async function startLogin(provider: SamlProvider, token?: string): Promise<string> {
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  const response = await fetch(provider.service.startURL, { redirect: 'manual', headers });
  expect(response.status).toBe(302);
  const location = response.headers.get('location')!;
  expect(location.startsWith('https://idp.example.test/sso?')).toBe(true);
  return TestIdp.requestIdOf(location);
}

/** Posts a SAML response to the ACS as the IdP's auto-submitted form does. */
function postForm(acsURL: string, samlResponse: string): Promise<Response> {
  return fetch(acsURL, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ SAMLResponse: samlResponse, RelayState: '' }).toString(),
  });
}

describe('identity: SAML providers and single sign-on', () => {
  let idp: TestIdp;
  beforeAll(async () => {
    idp = await TestIdp.create();
  });

  it('creates, lists, gets, patches and deletes SAML providers with the service-provider block', async () => {
    const org = await newOrganization();
    const team = await newTeam(org, 'SSO people');
    const base = `/v1/orgs/${org.organizationId}/saml`;
    const pending = expectOperation<SamlProvider>(
      await org.admin.client.post(base, { label: 'Draft', ssoURL: 'https://idp.example.test/x' }),
      'createOrganizationSAMLProvider',
      201,
    );
    expect(pending).toMatchObject({ status: 'pending', defaultRole: 'read' });
    const provider = await configuredProvider(org, idp, { defaultTeam: team.id, defaultRole: 'edit' });
    expect(provider).toMatchObject({ label: 'Okta', status: 'active', defaultRole: 'edit', defaultTeam: { id: team.id } });
    expect(provider.service.acsURL).toBe(`${provider.service.entityID}/acs`);

    const listed = expectOperation<{ items: SamlProvider[]; count: number }>(
      await org.admin.client.get(`${base}?limit=1`),
      'listSAMLProvidersInOrganizationById',
      200,
    );
    expect(listed.count).toBe(2);
    expect(listed.items.map((p) => p.id)).toEqual([pending.id]);
    const patched = expectOperation<SamlProvider>(
      await org.admin.client.patch(`${base}/${provider.id}`, { label: 'Okta EU', defaultRole: null, defaultTeam: null }),
      'updateOrganizationSAMLProvider',
      200,
    );
    expect(patched).toMatchObject({ label: 'Okta EU', defaultRole: null, status: 'active' });
    expect(patched.defaultTeam).toBeUndefined();
    expectOperation(await org.admin.client.get(`${base}/${provider.id}`), 'getOrganizationSAMLProviderById', 200);

    // Members see where to log in: only fully configured providers.
    const reader = await addMember(org, 'read');
    const logins = expectOperation<{ items: Array<{ id: string; label: string; startURL: string }> }>(
      await reader.client.get(`/v1/orgs/${org.organizationId}/sso`),
      'listSSOProviderLoginsInOrganization',
      200,
    );
    expect(logins.items).toEqual([{ id: provider.id, label: 'Okta EU', startURL: provider.service.startURL }]);
    expectError(await reader.client.get(base), 403);
    expectError(await reader.client.post(base, { label: 'Mine' }), 403);

    expectOperation(await org.admin.client.delete(`${base}/${pending.id}`), 'deleteOrganizationSAMLProvider', 204);
    expectOperation(await org.admin.client.delete(`${base}/${pending.id}`), 'deleteOrganizationSAMLProvider', 204);
    expectError(await org.admin.client.get(`${base}/${pending.id}`), 404, /SAML provider/);
  });

  it.each([
    [{}, /label/],
    [{ label: '' }, /label/],
    [{ label: 'x'.repeat(31) }, /label/],
    [{ label: 'ok', entityID: 'e'.repeat(1025) }, /entityID/],
    [{ label: 'ok', certificate: 'c'.repeat(10001) }, /certificate/],
    [{ label: 'ok', certificate: 'not a certificate' }, /certificate/],
    [{ label: 'ok', ssoURL: 'not a url' }, /ssoURL/],
    [{ label: 'ok', ssoURL: `https://idp.test/${'a'.repeat(2048)}` }, /ssoURL/],
    [{ label: 'ok', defaultRole: 'owner' }, /defaultRole/],
    [{ label: 'ok', defaultTeam: 'bad id' }, /defaultTeam/],
    [{ label: 'ok', defaultTeam: 'noSuchTeam1' }, /defaultTeam/],
  ])('rejects the provider %j with a 400 naming the field', async (body, pattern) => {
    const org = await newOrganization();
    expectError(await org.admin.client.post(`/v1/orgs/${org.organizationId}/saml`, body), 400, pattern);
  });

  it("refuses another organization's team as default team, and another organization's provider", async () => {
    const org = await newOrganization();
    const other = await newOrganization();
    const foreignTeam = await newTeam(other, 'Theirs');
    expectError(
      await org.admin.client.post(`/v1/orgs/${org.organizationId}/saml`, { label: 'x', defaultTeam: foreignTeam.id }),
      400,
      /defaultTeam/,
    );
    const theirs = await configuredProvider(other, idp);
    expectError(await org.admin.client.get(`/v1/orgs/${org.organizationId}/saml/${theirs.id}`), 404);
    expectError(await org.admin.client.patch(`/v1/orgs/${org.organizationId}/saml/${theirs.id}`, { label: 'y' }), 404);
  });

  it('signs a user in end to end: start redirects to the IdP, the ACS accepts the signed assertion once', async () => {
    const org = await newOrganization();
    const team = await newTeam(org, 'From SSO');
    const provider = await configuredProvider(org, idp, { defaultRole: 'comment', defaultTeam: team.id });
    const requestId = await startLogin(provider);
    const email = `sso-${Date.now()}@corp.example.test`;
    const samlResponse = idp.response({
      acsURL: provider.service.acsURL,
      audience: provider.service.entityID,
      inResponseTo: requestId,
      email,
    });

    const accepted = await postForm(provider.service.acsURL, samlResponse);
    expect(accepted.status).toBe(200);
    const result = (await accepted.json()) as AssertResult;
    expect(result.user).toMatchObject({ email, displayName: 'SSO Person' });
    expect(result.member).toMatchObject({ role: 'comment', sso: true, teams: 1 });

    // The session token works like any API token.
    const session = anonymousClient().withToken(result.token);
    const me = expectOperation<{ id: string }>(await session.get('/v1/user'), 'getAuthenticatedUser', 200);
    expect(me.id).toBe(result.user.id);
    expectOperation(await session.get(`/v1/orgs/${org.organizationId}`), 'getOrganizationById', 200);

    // A replay of the same response is refused.
    expectError(await asApiResponse(await postForm(provider.service.acsURL, samlResponse)), 401, /already used|InResponseTo/);
  });

  it('links an existing account only when its owner starts the login, then signs it in by NameID; keeps the role, marks sso', async () => {
    const org = await newOrganization();
    const provider = await configuredProvider(org, idp, { defaultRole: 'read' });
    const existing = await addMember(org, 'create');
    const assertion = (requestId: string, email: string) =>
      idp.response({ acsURL: provider.service.acsURL, audience: provider.service.entityID, inResponseTo: requestId, email });

    // The asserted email alone does not open the account, even in the provider's own organization.
    const refused = await postForm(provider.service.acsURL, assertion(await startLogin(provider), existing.email.toUpperCase()));
    expectError(await asApiResponse(refused), 403, /link/);

    // The owner starts the login with their own token: the identity is linked to their account.
    const tokenOf = await identityToken(existing.email);
    const linked = await postForm(provider.service.acsURL, assertion(await startLogin(provider, tokenOf), existing.email.toUpperCase()));
    expect(linked.status).toBe(200);
    const result = (await linked.json()) as AssertResult;
    expect(result.user.id).toBe(existing.userId);
    expect(result.member).toMatchObject({ role: 'create', sso: true });

    // From now on the IdP signs the account in by its NameID, without a token.
    const again = await postForm(provider.service.acsURL, assertion(await startLogin(provider), existing.email.toUpperCase()));
    expect(again.status).toBe(200);
    expect(((await again.json()) as AssertResult).user.id).toBe(existing.userId);
    expect((await fetch(provider.service.startURL, { redirect: 'manual', headers: { authorization: 'Bearer bdy_nope' } })).status).toBe(
      401,
    );
  });

  it("refuses the takeover: another organization's IdP cannot sign in to an existing account by asserting its email", async () => {
    const victimOrg = await newOrganization('Victim Org');
    const victim = await addMember(victimOrg, 'admin', 'victim');
    const space = expectOperation<{ id: string }>(
      await victimOrg.admin.client.post(`/v1/orgs/${victimOrg.organizationId}/spaces`, { title: 'Private' }),
      'createSpace',
      201,
    );
    // The attacker creates an organization, so administers it, and registers an IdP whose key they hold.
    const attacker = await newOrganization('Attacker Org');
    const evilIdp = await TestIdp.create();
    const provider = await configuredProvider(attacker, evilIdp, { defaultRole: 'admin' });
    for (const email of [victim.email, victimOrg.admin.email, 'admin@e2e.test']) {
      const requestId = await startLogin(provider);
      const answer = await postForm(
        provider.service.acsURL,
        evilIdp.response({ acsURL: provider.service.acsURL, audience: provider.service.entityID, inResponseTo: requestId, email }),
      );
      const body = await asApiResponse(answer);
      expectError(body, 403, /already exists/);
      expect(JSON.stringify(body.body)).not.toContain('bdy_');
    }
    // Nobody was added to the attacker's organization, and the victims' content stays theirs.
    const members = expectOperation<{ count: number }>(
      await attacker.admin.client.get(`/v1/orgs/${attacker.organizationId}/members`),
      'listMembersInOrganizationById',
      200,
    );
    expect(members.count).toBe(1);
    expectError(await attacker.admin.client.get(`/v1/spaces/${space.id}`), 404);
    expectOperation(await adminClient().get('/v1/user'), 'getAuthenticatedUser', 200);
  });

  it('gives a new SSO identity its own new account, and a session token that stops working when it expires', async () => {
    const org = await newOrganization();
    const provider = await configuredProvider(org, idp);
    const email = `fresh-${Date.now()}@corp.example.test`;
    const accepted = await postForm(
      provider.service.acsURL,
      idp.response({
        acsURL: provider.service.acsURL,
        audience: provider.service.entityID,
        inResponseTo: await startLogin(provider),
        email,
      }),
    );
    expect(accepted.status).toBe(200);
    const result = (await accepted.json()) as AssertResult;
    expect(result.user.email).toBe(email);
    const hours = (Date.parse(result.expiresAt) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(11);
    expect(hours).toBeLessThanOrEqual(12);

    // Bring the expiry near: the gateway may cache the token only until then (its cache TTL is 10 s).
    await setTokenExpiry(result.user.id, 1500);
    const session = anonymousClient().withToken(result.token);
    expectOperation(await session.get('/v1/user'), 'getAuthenticatedUser', 200);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expectError(await session.get('/v1/user'), 401, /expired/);
  });

  it.each([
    [
      'signed by another key',
      async (p: SamlProvider, requestId: string) => idp.response({ ...base(p, requestId), signWith: await TestIdp.create(idp.entityId) }),
    ],
    [
      'expired',
      (p: SamlProvider, requestId: string) => idp.response({ ...base(p, requestId), notOnOrAfter: new Date(Date.now() - 60_000) }),
    ],
    [
      'altered after signing',
      (p: SamlProvider, requestId: string) =>
        idp.response({ ...base(p, requestId), tamper: (xml) => xml.replace(/sso-victim@/g, 'sso-attacker@') }),
    ],
    [
      'for another audience',
      (p: SamlProvider, requestId: string) => idp.response({ ...base(p, requestId), audience: 'https://elsewhere.example.test' }),
    ],
    ['answering a request we never sent', (p: SamlProvider) => idp.response(base(p, '_never_sent_1234'))],
  ])('rejects an assertion %s with a 401', async (_label, build) => {
    const org = await newOrganization();
    const provider = await configuredProvider(org, idp);
    const requestId = await startLogin(provider);
    const samlResponse = await build(provider, requestId);
    const rejected = await postForm(provider.service.acsURL, samlResponse);
    expect(rejected.status).toBe(401);
    const members = expectOperation<{ count: number }>(
      await org.admin.client.get(`/v1/orgs/${org.organizationId}/members`),
      'listMembersInOrganizationById',
      200,
    );
    expect(members.count).toBe(1);
  });

  it('answers bad SSO requests with 4xx: unknown provider, unconfigured provider, malformed body, forms elsewhere', async () => {
    const org = await newOrganization();
    const pending = expectOperation<SamlProvider>(
      await org.admin.client.post(`/v1/orgs/${org.organizationId}/saml`, { label: 'Draft' }),
      'createOrganizationSAMLProvider',
      201,
    );
    expect((await fetch(pending.service.startURL, { redirect: 'manual' })).status).toBe(400);
    const unknown = pending.service.startURL.replace(pending.id, 'noSuchProvider1');
    expect((await fetch(unknown, { redirect: 'manual' })).status).toBe(404);
    const provider = await configuredProvider(org, idp);
    expect((await postForm(provider.service.acsURL, 'not base64 !!')).status).toBe(400);
    expect((await postForm(provider.service.acsURL, Buffer.from('<nope/>').toString('base64'))).status).toBe(401);
    const { client } = await newUser('formposter');
    expectError(await client.request('POST', '/v1/orgs', 'title=x', { 'content-type': 'application/x-www-form-urlencoded' }), 415);
  });
});

function base(provider: SamlProvider, inResponseTo: string) {
  return { acsURL: provider.service.acsURL, audience: provider.service.entityID, inResponseTo, email: `sso-victim@corp.example.test` };
}

async function asApiResponse(response: Response): Promise<{ status: number; headers: Headers; body: unknown }> {
  return { status: response.status, headers: response.headers, body: await response.json() };
}

/** A fresh API token for an existing user (operator CLI). */
async function identityToken(email: string): Promise<string> {
  return (await identityCli(['token:create', '--email', email])).token as string;
}

/** Makes every token of the user expire `inMs` from now, straight in identity's table. */
async function setTokenExpiry(userId: string, inMs: number): Promise<void> {
  const stack = await controlTestStack();
  const db = new Client({ connectionString: stack.envFor(SERVICES.find((s) => s.name === 'identity')!).DATABASE_URL });
  await db.connect();
  try {
    await db.query("UPDATE identity.api_tokens SET expires_at = now() + $2 * interval '1 millisecond' WHERE user_id = $1", [userId, inMs]);
  } finally {
    await db.end();
  }
}
