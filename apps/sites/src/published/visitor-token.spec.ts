import { SignJWT, generateKeyPair } from 'jose';
import { verifyVisitorJwt } from './visitor-token';

const siteKey = new TextEncoder().encode('the-site-signing-key');
const hs256 = (key: Uint8Array, exp = '1h') =>
  new SignJWT({ plan: 'pro' }).setProtectedHeader({ alg: 'HS256' }).setIssuedAt().setExpirationTime(exp).sign(key);

async function organization() {
  const { privateKey, publicKey } = await generateKeyPair('ES256');
  const key = jest.fn(() => Promise.resolve(publicKey));
  const es256 = () => new SignJWT({ plan: 'team' }).setProtectedHeader({ alg: 'ES256' }).setExpirationTime('1h').sign(privateKey);
  return { key, es256 };
}

describe('verifyVisitorJwt', () => {
  it("accepts a token signed (HS256) with the site's key, without asking for the organization's", async () => {
    const { key } = await organization();
    expect(await verifyVisitorJwt(await hs256(siteKey), key, siteKey)).toMatchObject({ payload: { plan: 'pro' }, by: 'site' });
    expect(key).not.toHaveBeenCalled();
  });

  it("still accepts the organization's ES256 tokens on a site with a key", async () => {
    const { key, es256 } = await organization();
    expect(await verifyVisitorJwt(await es256(), key, siteKey)).toMatchObject({ payload: { plan: 'team' }, by: 'organization' });
  });

  it('refuses a token of another or an old (regenerated) key, an expired one, HS256 on a site without a key, and garbage', async () => {
    const { key } = await organization();
    const old = new TextEncoder().encode('the-old-site-signing-key');
    await expect(verifyVisitorJwt(await hs256(old), key, siteKey)).rejects.toThrow();
    await expect(verifyVisitorJwt(await hs256(siteKey, '-1m'), key, siteKey)).rejects.toThrow();
    await expect(verifyVisitorJwt(await hs256(siteKey), key)).rejects.toThrow();
    await expect(verifyVisitorJwt('not-a-jwt', key, siteKey)).rejects.toThrow();
    const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from('{"plan":"pro"}').toString('base64url')}.`;
    await expect(verifyVisitorJwt(none, key, siteKey)).rejects.toThrow();
  });
});
