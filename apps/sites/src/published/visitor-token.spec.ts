import { SignJWT, generateKeyPair } from 'jose';
import { siteAudience, verifyVisitorJwt } from './visitor-token';

const siteKey = new TextEncoder().encode('the-site-signing-key');
const hs256 = (key: Uint8Array, exp = '1h') =>
  new SignJWT({ plan: 'pro' }).setProtectedHeader({ alg: 'HS256' }).setIssuedAt().setExpirationTime(exp).sign(key);
const site = (over: { key?: Uint8Array; access?: boolean } = {}) => ({ id: 'site1', key: siteKey, access: true, ...over });

async function organization() {
  const { privateKey, publicKey } = await generateKeyPair('ES256');
  const key = jest.fn(() => Promise.resolve(publicKey));
  const es256 = (aud?: string | string[]) => {
    const jwt = new SignJWT({ plan: 'team' }).setProtectedHeader({ alg: 'ES256' }).setExpirationTime('1h');
    return (aud === undefined ? jwt : jwt.setAudience(aud)).sign(privateKey);
  };
  return { key, es256 };
}

describe('verifyVisitorJwt', () => {
  it("accepts a token signed (HS256) with the site's key, without asking for the organization's", async () => {
    const { key } = await organization();
    expect(await verifyVisitorJwt(await hs256(siteKey), key, site())).toMatchObject({ payload: { plan: 'pro' }, by: 'site' });
    expect(key).not.toHaveBeenCalled();
  });

  it('opens a site with an organization token only when its audience names that site', async () => {
    const { key, es256 } = await organization();
    expect(await verifyVisitorJwt(await es256(siteAudience('site1')), key, site())).toMatchObject({ by: 'organization' });
    expect(await verifyVisitorJwt(await es256(['x', siteAudience('site1')]), key, site())).toMatchObject({ by: 'organization' });
    // What a member's ping returns: no audience. It carries claims, it does not open the site.
    await expect(verifyVisitorJwt(await es256(), key, site())).rejects.toThrow();
    await expect(verifyVisitorJwt(await es256(siteAudience('site2')), key, site())).rejects.toThrow();
  });

  it('takes claims from an organization token without an audience where the site is already open, never one for another site', async () => {
    const { key, es256 } = await organization();
    expect(await verifyVisitorJwt(await es256(), key, site({ access: false }))).toMatchObject({ payload: { plan: 'team' } });
    await expect(verifyVisitorJwt(await es256(siteAudience('site2')), key, site({ access: false }))).rejects.toThrow();
  });

  it('refuses a token of another or an old (regenerated) key, an expired one, HS256 on a site without a key, and garbage', async () => {
    const { key } = await organization();
    const old = new TextEncoder().encode('the-old-site-signing-key');
    await expect(verifyVisitorJwt(await hs256(old), key, site())).rejects.toThrow();
    await expect(verifyVisitorJwt(await hs256(siteKey, '-1m'), key, site())).rejects.toThrow();
    await expect(verifyVisitorJwt(await hs256(siteKey), key, site({ key: undefined }))).rejects.toThrow();
    await expect(verifyVisitorJwt('not-a-jwt', key, site())).rejects.toThrow();
    const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from('{"plan":"pro"}').toString('base64url')}.`;
    await expect(verifyVisitorJwt(none, key, site())).rejects.toThrow();
  });
});
