import { drawableText } from './pdf-text';

describe('drawableText', () => {
  it('keeps Latin-1 and the WinAnsi extras, replaces the rest', () => {
    expect(drawableText('Café – “quoted” €5 … ß')).toBe('Café – “quoted” €5 … ß');
    expect(drawableText('a → b ≤ c')).toBe('a -> b <= c');
    expect(drawableText('日本 🙂')).toBe('?? ?');
  });

  it('drops control characters and expands tabs, keeping line breaks', () => {
    expect(drawableText('a\u0000b\u0007\tc\nd\u0085')).toBe('ab    c\nd');
  });
});
