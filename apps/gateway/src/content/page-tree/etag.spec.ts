import { matchesEtag } from './etag';

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
