import { extractIssues, plainText, titleOf, TITLE_MAX } from './extract-issues';
import { Featurizer } from './featurizer';
import { vectorSimilarity } from './extract-issues';
import { sharedWordVectors } from './word-vectors';

const featurizer = new Featurizer(sharedWordVectors());
const similarity = vectorSimilarity((text) => featurizer.vectorize(text));
const extract = (parts: Array<[string, string]>) => extractIssues({ parts: parts.map(([role, body]) => ({ role, body })) }, similarity);

describe('extractIssues', () => {
  it("titles the issue with the user's question, never the agent's reply", () => {
    const issues = extract([
      ['user', 'Hello there!'],
      ['user', 'How do I reset my password? I tried the link in the email.'],
      ['assistant', 'How are you today? Please follow our password guide.'],
      ['user', 'Thanks!'],
    ]);
    expect(issues).toHaveLength(1);
    expect(issues[0].title).toBe('How do I reset my password?');
    expect(issues[0].summary).toMatch(/reset my password/);
    expect(issues[0].summary).not.toMatch(/guide/);
  });

  it('splits unrelated questions into separate issues and keeps rephrasings together', () => {
    const two = extract([['user', 'How do I export a space to PDF? Also, why was my credit card charged twice this month?']]);
    expect(two.map((i) => i.title)).toEqual(['How do I export a space to PDF?', 'Also, why was my credit card charged twice this month?']);
    const one = extract([['user', 'How can I export my space as a PDF? How do I export pages to PDF?']]);
    expect(one).toHaveLength(1);
  });

  it('yields nothing without user words, and reads Markdown and HTML as text', () => {
    expect(extract([['assistant', 'Can I help?']])).toEqual([]);
    expect(extract([['user', 'Thanks!']])).toEqual([]);
    expect(plainText('<p>Why is <b>sync</b> failing?</p><script>x()</script>')).toMatch(/Why is sync failing\?/);
    expect(plainText('See [the docs](https://x.test) and `code`')).toBe('See the docs and code');
  });

  it('keeps titles short, cut at a word boundary', () => {
    const title = titleOf(`why ${'very '.repeat(100)}long?`);
    expect(title.length).toBeLessThanOrEqual(TITLE_MAX);
    expect(title).toMatch(/^Why very .*…$/);
  });
});
