import { MAX_MENTIONS_PER_BODY, mentionedIds } from './mentions';

describe('mentionedIds', () => {
  it('finds @ids once each, in order, and ignores e-mail addresses and @@', () => {
    expect(mentionedIds('Hi @alice and @bob_2, cc @alice. Mail me at me@example.com or @@nope')).toEqual(['alice', 'bob_2']);
  });

  it('stops at the limit', () => {
    const body = Array.from({ length: MAX_MENTIONS_PER_BODY + 20 }, (_, i) => `@u${i}`).join(' ');
    expect(mentionedIds(body)).toHaveLength(MAX_MENTIONS_PER_BODY);
  });
});
