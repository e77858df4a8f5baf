import { checkEmojis, isEmoji } from './emoji';

describe('isEmoji', () => {
  it.each(['🎉', '👍', '👍🏽', '❤️', '🏳️‍🌈', '👩‍👩‍👧', '🇫🇷', '1️⃣', '🏴󠁧󠁢󠁳󠁣󠁴󠁿'])('accepts %s', (emoji) => {
    expect(isEmoji(emoji)).toBe(true);
  });

  it.each(['', 'a', ':tada:', '🎉🎉', '🎉 ', '<b>', '1', '👍x', '\u200D', 'x'.repeat(60)])('refuses %j', (value) => {
    expect(isEmoji(value)).toBe(false);
  });
});

describe('checkEmojis', () => {
  it('dedupes and names the field of a bad one', () => {
    expect(checkEmojis(['👍', '👍', '🎉'], 'addedReactions')).toEqual(['👍', '🎉']);
    expect(() => checkEmojis(['👍', 'nope'], 'addedReactions')).toThrow(/addedReactions: "nope" is not an emoji/);
  });
});
