import { drawableText } from './pdf-text';

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
