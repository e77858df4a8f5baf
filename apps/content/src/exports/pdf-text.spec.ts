import { breakLongWords, drawableText, ZERO_WIDTH_SPACE } from './pdf-text';

describe('drawableText', () => {
  it('keeps text in any script (the embedded fonts draw it)', () => {
    expect(drawableText('Café – “quoted” €5 … ß')).toBe('Café – “quoted” €5 … ß');
    expect(drawableText('a → b ≤ c, Ελληνικά, Кириллица, Zażółć')).toBe('a → b ≤ c, Ελληνικά, Кириллица, Zażółć');
  });

  it('drops control and zero-width characters and expands tabs, keeping line breaks', () => {
    expect(drawableText('a\u0000b\u0007\tc\nd\u0085')).toBe('ab    c\nd');
    expect(drawableText('x\u200by\ufeff')).toBe('xy');
  });
});

describe('breakLongWords', () => {
  it('breaks only runs of characters longer than the limit, keeping every character', () => {
    expect(breakLongWords('short words stay', 5, '|')).toBe('short words stay');
    expect(breakLongWords('abcdefghij xy', 4, '|')).toBe('abcd|efgh|ij xy');
    expect(breakLongWords('abcd\nefghi', 4, ZERO_WIDTH_SPACE)).toBe(`abcd\nefgh${ZERO_WIDTH_SPACE}i`);
    // Code points, not UTF-16 units: a surrogate pair is never split.
    expect(breakLongWords('😀😀😀', 2, '|')).toBe('😀😀|😀');
  });
});
