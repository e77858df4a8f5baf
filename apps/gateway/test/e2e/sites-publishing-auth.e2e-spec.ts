import { createHmac } from 'node:crypto';
import { expectError, expectOperation, testStack } from '@bindery/testing';
import { eventually } from './helpers';
import { addMember, type TestUser } from './identity-helpers';
import { type SiteBody, siteWithIntro, siteWithSpaces } from './sites-helpers';

interface AuthBody {
  object: 'publishing-auth';
  backend: string;
  privateKey: string;
  fallbackURL?: string;
  logoutURL?: string;
}

/** A visitor token as a customer's login server signs it with the site's key (HS256, as jsonwebtoken does). */
function hs256(key: string, claims: Record<string, unknown> = {}): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const body = `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ ...claims, exp: Math.floor(Date.now() / 1000) + 3600 })}`;
  return `${body}.${createHmac('sha256', key).update(body).digest('base64url')}`;
}

/** Site publishing auth: the per-site visitor-token key, the fallback URL, and the reader honouring both. */
describe('sites: publishing auth (visitor authentication)', () => {
  const read = (path: string) => fetch(`${testStack().readerUrl}${path}`, { redirect: 'manual' });

  it('admins read, change and regenerate it; others are refused; bad URLs are 400s', async () => {
    const { client, orgId, base } = await siteWithSpaces(0, 'pubauth');
    const auth = `${base}/publishing/auth`;
    const first = await client.get(auth);
    expect(first.headers.get('cache-control')).toBe('no-store');
    const made = expectOperation<AuthBody>(first, 'getSitePublishingAuthById', 200);
    expect(made).toMatchObject({ object: 'publishing-auth', backend: 'custom' });
    expect(made.privateKey.length).toBeGreaterThanOrEqual(40);
    expect(expectOperation<AuthBody>(await client.get(auth), 'getSitePublishingAuthById', 200).privateKey).toBe(made.privateKey);

    const set = { fallbackURL: 'https://login.example.com/sso?app=docs', logoutURL: 'https://login.example.com/out' };
    expect(expectOperation<AuthBody>(await client.patch(auth, { backend: 'custom', ...set }), 'updateSitePublishingAuthById', 200)).toEqual(
      {
        ...made,
        ...set,
      },
    );
    // Absent leaves a field unchanged, null unsets it.
    expect(expectOperation<AuthBody>(await client.patch(auth, {}), 'updateSitePublishingAuthById', 200)).toEqual({ ...made, ...set });
    const unset = expectOperation<AuthBody>(await client.patch(auth, { logoutURL: null }), 'updateSitePublishingAuthById', 200);
    expect(unset).toEqual({ ...made, fallbackURL: set.fallbackURL });

    for (const [body, field] of [
      [{ fallbackURL: 'javascript:alert(document.cookie)' }, /fallbackURL/],
      [{ logoutURL: '/relative' }, /logoutURL/],
      [{ fallbackURL: `https://example.com/${'a'.repeat(2100)}` }, /fallbackURL/],
      [{ logoutURL: 42 }, /logoutURL/],
      [{ backend: 'oidc' }, /backend/],
      [{ backend: 'integration' }, /backend/],
    ] as const) {
      expectError(await client.patch(auth, body), 400, field);
    }

    const regenerated = expectOperation<AuthBody>(await client.post(`${auth}/regenerate`), 'regenerateSitePublishingAuthById', 200);
    expect(regenerated.privateKey).not.toBe(made.privateKey);
    expect(regenerated.fallbackURL).toBe(set.fallbackURL);

    // A member who may change sites (`create`) is not an admin: 403; another organization: 404.
    const editor = await addMember({ organizationId: orgId, admin: { client } as TestUser }, 'create', 'pubauth-editor');
    expectError(await editor.client.get(auth), 403);
    expectError(await editor.client.patch(auth, { fallbackURL: 'https://evil.example.com/' }), 403);
    expectError(await editor.client.post(`${auth}/regenerate`), 403);
    const stranger = await siteWithSpaces(0, 'pubauth-stranger');
    expectError(await stranger.client.get(auth), 404);
    expectError(await stranger.client.post(`${auth}/regenerate`), 404);
    expectError(await client.get(`/v1/orgs/${orgId}/sites/${stranger.siteId}/publishing/auth`), 404);
    expect(expectOperation<AuthBody>(await client.get(auth), 'getSitePublishingAuthById', 200).privateKey).toBe(regenerated.privateKey);
  });

  it("the reader opens a visitor-auth site with a token of the site's key, redirects others to the fallback URL, and forgets a regenerated key", async () => {
    const { client, orgId, base, intro } = await siteWithIntro('pubauth-reader');
    const auth = `${base}/publishing/auth`;
    const { privateKey } = expectOperation<AuthBody>(
      await client.patch(auth, { fallbackURL: 'https://login.example.com/sso' }),
      'updateSitePublishingAuthById',
      200,
    );
    expectOperation<SiteBody>(await client.patch(base, { basename: 'private', visibility: 'visitor-auth' }), 'updateSiteById', 200);
    expectOperation<SiteBody>(await client.post(`${base}/publish`), 'publishSite', 200);
    const page = `/${orgId}/private/${intro.path}`;

    await eventually(async () => expect((await read(`${page}?jwt_token=${hs256(privateKey)}`)).status).toBe(200), 10_000);
    const refused = await read(`${page}?jwt_token=${hs256('not-the-site-key')}`);
    expect(refused.status).toBe(302);
    const login = new URL(refused.headers.get('location') ?? '');
    expect(`${login.origin}${login.pathname}`).toBe('https://login.example.com/sso');
    expect(login.searchParams.get('location')).toBe(intro.path);
    expect((await read(page)).status).toBe(302);

    // Regenerated: the old key's tokens no longer open the site, the new key's do.
    const { privateKey: next } = expectOperation<AuthBody>(
      await client.post(`${auth}/regenerate`),
      'regenerateSitePublishingAuthById',
      200,
    );
    await eventually(async () => expect((await read(`${page}?jwt_token=${hs256(privateKey)}`)).status).toBe(302), 10_000);
    expect((await read(`${page}?jwt_token=${hs256(next)}`)).status).toBe(200);

    // Without a fallback URL a visitor without a valid token gets the 401 page.
    expectOperation<AuthBody>(await client.patch(auth, { fallbackURL: null }), 'updateSitePublishingAuthById', 200);
    await eventually(async () => expect((await read(page)).status).toBe(401), 10_000);
  });
});
