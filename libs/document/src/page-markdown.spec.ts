import { documentToMarkdown } from './index';
import { FrontmatterError, readPageMarkdown } from './page-markdown';

let counter = 0;
const newKey = () => `k${++counter}`;
const read = (markdown: string, titleFromHeading = true) => readPageMarkdown(markdown, { titleFromHeading, newKey });
const blockTypes = (markdown: string, titleFromHeading = true) => read(markdown, titleFromHeading).document.nodes.map((n) => n.type);

describe('readPageMarkdown', () => {
  it('takes the leading heading as the title and removes it from the body', () => {
    const page = read('# Getting *started*\n\nFirst step.\n\n# Later heading\n');
    expect(page.headingTitle).toBe('Getting started');
    expect(page.frontmatter).toEqual({});
    expect(page.document.nodes.map((n) => n.type)).toEqual(['paragraph', 'heading-1']);
    // A body heading is written as GitBook writes heading-1, one level under the title.
    expect(documentToMarkdown(page.document)).toBe('First step.\n\n## Later heading\n');
  });

  it('leaves a heading that does not open the page, or a lower-level one, in the body', () => {
    expect(read('Intro.\n\n# Title\n').headingTitle).toBeUndefined();
    expect(read('## Section\n\nText.\n').headingTitle).toBeUndefined();
    expect(blockTypes('## Section\n\nText.\n')).toEqual(['heading-1', 'paragraph']);
    // A `#` line inside a code block is code, not a title.
    expect(read('```\n# not a title\n```\n').headingTitle).toBeUndefined();
  });

  it('keeps the heading in the body when asked not to take the title from it', () => {
    const page = read('# Title\n\nText.\n', false);
    expect(page.headingTitle).toBeUndefined();
    expect(page.document.nodes.map((n) => n.type)).toEqual(['heading-1', 'paragraph']);
  });

  it('reads YAML frontmatter and leaves it out of the body', () => {
    const page = read('---\ndescription: How to start\nhidden: true\nlayout:\n  width: wide\n---\n\n# Start\n\nBody.\n');
    expect(page.frontmatter).toEqual({ description: 'How to start', hidden: true, layout: { width: 'wide' } });
    expect(page.headingTitle).toBe('Start');
    expect(documentToMarkdown(page.document)).toBe('Body.\n');
  });

  it('prefers a frontmatter title to the leading heading, which then stays in the body', () => {
    const page = read('---\ntitle: From frontmatter\n---\n# Heading\n');
    expect(page.frontmatter.title).toBe('From frontmatter');
    expect(page.headingTitle).toBeUndefined();
    expect(page.document.nodes.map((n) => n.type)).toEqual(['heading-1']);
  });

  it.each([
    ['---\ntitle: [unclosed\n---\n', /not valid YAML/],
    ['---\n- a\n- b\n---\n', /mapping/],
    ['---\ntitle: a\ntitle: b\n---\n', /not valid YAML/],
  ])('refuses frontmatter %j', (markdown, message) => {
    expect(() => read(markdown)).toThrow(FrontmatterError);
    expect(() => read(markdown)).toThrow(message);
  });

  it('reads a body written back as a body: a leading divider is never taken for frontmatter', () => {
    const page = read('***\n\nkey: value\n\n***\n\nText.\n');
    const markdown = documentToMarkdown(page.document);
    expect(markdown.startsWith('***')).toBe(true);
    const again = read(markdown);
    expect(again.frontmatter).toEqual({});
    expect(again.document.nodes.map((n) => n.type)).toEqual(['divider', 'paragraph', 'divider', 'paragraph']);
  });
});
