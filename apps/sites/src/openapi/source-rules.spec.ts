import { AddressPolicy } from '@bindery/platform';
import { checkSlug, checkSource, checkUrlAddress } from './source-rules';

describe('source rules', () => {
  it('accepts the spec’s slugs and refuses others', () => {
    for (const slug of ['a', 'pets', 'Pets-API-2', 'a'.repeat(100)]) expect(checkSlug(slug)).toBe(slug);
    for (const slug of ['', '-a', 'a-', 'a--b', 'a_b', 'a b', 'a'.repeat(101), 'é']) expect(() => checkSlug(slug)).toThrow(/slug/);
  });

  it('wants exactly one of url and text, and http(s) URLs', () => {
    expect(checkSource({ text: 'x' })).toEqual({ url: null, text: 'x' });
    expect(checkSource({ url: 'https://example.com/a.yaml' })).toEqual({ url: 'https://example.com/a.yaml', text: null });
    expect(() => checkSource({})).toThrow(/exactly one/);
    expect(() => checkSource({ url: 'https://example.com/a', text: 'x' })).toThrow(/exactly one/);
    expect(() => checkSource({ url: 'file:///etc/passwd' })).toThrow(/http or https/);
    expect(() => checkSource({ url: 'https://u:p@example.com/' })).toThrow(/credentials/);
    expect(() => checkSource({ url: `https://example.com/${'a'.repeat(2048)}` })).toThrow(/2048/);
  });

  it('refuses private, loopback, link-local and metadata addresses unless allowed', async () => {
    const strict = AddressPolicy.strict();
    for (const url of ['http://127.0.0.1/', 'http://10.0.0.1/', 'http://169.254.169.254/', 'http://[::1]/', 'http://168.63.129.16/']) {
      await expect(checkUrlAddress(url, strict)).rejects.toThrow(/source\.url/);
    }
    await expect(checkUrlAddress('http://internal.test/', strict, () => Promise.resolve(['10.0.0.5']))).rejects.toThrow(
      /resolves to 10\.0\.0\.5/,
    );
    await expect(checkUrlAddress('http://public.test/', strict, () => Promise.resolve(['93.184.216.34']))).resolves.toBeUndefined();
    await expect(checkUrlAddress('http://gone.test/', strict, () => Promise.reject(new Error('ENOTFOUND')))).resolves.toBeUndefined();
    await expect(
      checkUrlAddress('http://localhost/', AddressPolicy.fromList('localhost'), () => Promise.resolve(['127.0.0.1'])),
    ).resolves.toBeUndefined();
  });
});
