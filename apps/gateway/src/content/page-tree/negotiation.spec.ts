import { acceptsGzip, matchesEtag } from './negotiation';

describe('matchesEtag', () => {
  it('matches the tag strong or weak, in a list, or any tag for *', () => {
    expect(matchesEtag('"abc"', 'abc')).toBe(true);
    expect(matchesEtag('W/"abc"', 'abc')).toBe(true);
    expect(matchesEtag('"x", "abc"', 'abc')).toBe(true);
    expect(matchesEtag('*', 'abc')).toBe(true);
  });

  it('does not match another tag, an unquoted tag or no header', () => {
    expect(matchesEtag('"abcd"', 'abc')).toBe(false);
    expect(matchesEtag('abc', 'abc')).toBe(false);
    expect(matchesEtag(undefined, 'abc')).toBe(false);
    expect(matchesEtag('', 'abc')).toBe(false);
  });
});

describe('acceptsGzip', () => {
  it('accepts gzip or * unless its q is zero', () => {
    expect(acceptsGzip('gzip, deflate')).toBe(true);
    expect(acceptsGzip('br;q=1.0, gzip;q=0.5')).toBe(true);
    expect(acceptsGzip('*')).toBe(true);
    expect(acceptsGzip('GZIP')).toBe(true);
  });

  it('refuses a missing header, other codings and q=0', () => {
    expect(acceptsGzip(undefined)).toBe(false);
    expect(acceptsGzip('identity')).toBe(false);
    expect(acceptsGzip('deflate, br')).toBe(false);
    expect(acceptsGzip('gzip;q=0')).toBe(false);
  });
});
