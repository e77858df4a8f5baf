import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { httpUrl, safeUrl, urlAttr } from './safe-url';

describe('safeUrl: URLs as a browser parses them', () => {
  // Each of these runs script, or loads something other than a page or a mail, in some browser.
  const hostile: Array<[string, unknown]> = [
    ['plain', 'javascript:alert(1)'],
    ['upper case', 'JaVaScRiPt:alert(1)'],
    ['tab inside the scheme', 'java\tscript:alert(1)'],
    ['newline inside the scheme', 'java\nscript:alert(1)'],
    ['carriage return inside the scheme', 'java\rscript:alert(1)'],
    ['every kind of tab and newline', 'j\ta\nv\ra\tscript:alert(1)'],
    ['a leading control character', '\u0001javascript:alert(1)'],
    ['leading NUL and spaces', '\u0000 \u001fjavascript:alert(1)'],
    ['leading space and tab', ' \tjavascript:alert(1)'],
    ['trailing controls', 'javascript:alert(1)\u0000\u001f '],
    ['data HTML', 'data:text/html,<script>alert(1)</script>'],
    ['data with a control character first', '\u0008data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg=='],
    ['vbscript', 'vbscript:msgbox(1)'],
    ['blob', 'blob:https://example.com/1234'],
    ['file', 'file:///etc/passwd'],
    ['filesystem', 'filesystem:https://example.com/temporary/x'],
    ['an unknown scheme', 'x-app:open'],
    ['not a string', { toString: () => 'javascript:alert(1)' }],
    ['a number', 42],
    ['unparsable', 'http://[::1'],
  ];
  it.each(hostile)('refuses %s', (_label, input) => {
    expect(safeUrl(input)).toBe('#');
  });

  const allowed: Array<[string, string, string]> = [
    ['https', 'https://example.com/a?b=c#d', 'https://example.com/a?b=c#d'],
    ['http', 'http://example.com', 'http://example.com'],
    ['mailto', 'mailto:docs@example.com', 'mailto:docs@example.com'],
    ['tel', 'tel:+15555550100', 'tel:+15555550100'],
    ['an absolute path', '/org/docs/page', '/org/docs/page'],
    ['a relative path', 'page/child', 'page/child'],
    ['a fragment', '#install', '#install'],
    ['a query', '?q=x', '?q=x'],
    ['scheme-relative', '//cdn.example.com/x.png', '//cdn.example.com/x.png'],
    ['padding a browser strips too', ' \thttps://example.com/a\n ', 'https://example.com/a'],
    // A NUL inside is not stripped by browsers either: the value is a relative path, harmless.
    ['a NUL inside the scheme (a relative path)', 'java\u0000script:x', 'java\u0000script:x'],
    ['an entity-looking text (escaped when written)', '&#106;avascript:alert(1)', '&#106;avascript:alert(1)'],
  ];
  it.each(allowed)('keeps %s', (_label, input, expected) => {
    expect(safeUrl(input)).toBe(expected);
  });

  it('escapes what it writes into an attribute', () => {
    expect(urlAttr('https://example.com/?a="><script>')).toBe('https://example.com/?a=&quot;&gt;&lt;script&gt;');
    expect(urlAttr('&#106;avascript:alert(1)')).toBe('&amp;#106;avascript:alert(1)');
    expect(urlAttr('java\tscript:alert(1)')).toBe('#');
  });

  it('gives absolute http(s) URLs for redirects, nothing else', () => {
    expect(httpUrl('https://login.example.com/x')?.toString()).toBe('https://login.example.com/x');
    expect(httpUrl('java\nscript:alert(1)')).toBeUndefined();
    expect(httpUrl('mailto:a@example.com')).toBeUndefined();
    expect(httpUrl('/relative')).toBeUndefined();
  });
});

describe('every URL attribute the reader writes goes through urlAttr', () => {
  // The class, not the instance: an `href="${…}"` written any other way is a hole waiting for input.
  const dir = __dirname;
  const sources = readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.spec.ts'));
  it.each(sources)('%s', (file) => {
    const source = readFileSync(join(dir, file), 'utf8');
    const writers = source.match(/\b(href|src|action|value|formaction|poster|data-endpoint)="\$\{[^}]*/g) ?? [];
    // A form field's value (an id, a rating) is submitted back as text, never followed: only an
    // `<option value>` (the variant menu navigates to it) carries a URL.
    const formValues = source.match(/<(input|button)\b[^<>]*?\bvalue="\$\{[^}]*/g) ?? [];
    const formValue = (w: string) => formValues.some((f) => f.endsWith(w));
    const unchecked = writers.filter((w) => !/="\$\{urlAttr\(/.test(w) && !formValue(w));
    expect(unchecked).toEqual([]);
  });
});
