import { formatTag, splitLiquidLine } from './liquid-tags';

describe('Liquid tag lines', () => {
  it('reads a tag with quoted, single-quoted and bare attributes', () => {
    expect(splitLiquidLine(`{% code title="a b.js" overflow='wrap' lineNumbers=true %}`)).toEqual([
      {
        kind: 'tag',
        name: 'code',
        attributes: { title: 'a b.js', overflow: 'wrap', lineNumbers: 'true' },
        argument: `title="a b.js" overflow='wrap' lineNumbers=true`,
        raw: `{% code title="a b.js" overflow='wrap' lineNumbers=true %}`,
      },
    ]);
  });

  it('splits a one-line content reference into its tags and the text between', () => {
    const segments = splitLiquidLine('{% content-ref url="x.md" %}[x](x.md){% endcontent-ref %}');
    expect(segments.map((segment) => (segment.kind === 'tag' ? segment.name : segment.value))).toEqual([
      'content-ref',
      '[x](x.md)',
      'endcontent-ref',
    ]);
  });

  it('leaves a line with no well-formed tag as text', () => {
    expect(splitLiquidLine('{% %}')).toEqual([{ kind: 'text', value: '{% %}' }]);
  });

  it('reads an expression or a positional argument', () => {
    const [tag] = splitLiquidLine(`{% if visitor.claims.plan == 'pro' %}`);
    expect(tag).toMatchObject({ kind: 'tag', name: 'if', argument: "visitor.claims.plan == 'pro'" });
    expect(splitLiquidLine('{% include "../.gitbook/includes/x.md" %}')[0]).toMatchObject({
      name: 'include',
      argument: '"../.gitbook/includes/x.md"',
    });
  });

  it('writes attributes in order, quoting a value that holds a double quote with single quotes', () => {
    expect(formatTag('tab', { title: 'Say "hi"', icon: undefined })).toBe(`{% tab title='Say "hi"' %}`);
    expect(formatTag('hint', { style: 'info' })).toBe('{% hint style="info" %}');
  });
});
