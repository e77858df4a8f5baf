import type { Document } from '@bindery/document';
import { renderDocument } from './document-html';

const refs = {
  page: () => ({ href: '/p', title: 'P' }),
  file: (id: string) =>
    id === 'f1'
      ? { id, name: 'a.png', contentType: 'image/png', size: 2048, downloadURL: '/files/a.png', dimensions: { width: 640, height: 480 } }
      : undefined,
};
const doc = (nodes: unknown[]): Document => ({ object: 'document', data: {}, nodes }) as unknown as Document;
const text = (t: string) => ({ object: 'text', leaves: [{ object: 'leaf', text: t, marks: [] }] });

describe('renderDocument', () => {
  it('escapes text and refuses javascript: URLs', () => {
    const { html } = renderDocument(
      doc([
        {
          object: 'block',
          type: 'paragraph',
          nodes: [
            text('<script>alert(1)</script>'),
            { object: 'inline', type: 'link', data: { ref: { kind: 'url', url: 'javascript:alert(1)' } }, nodes: [text('x')] },
          ],
        },
      ]),
      refs,
    );
    expect(html).toContain('&lt;script&gt;');
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('javascript:');
  });

  it('renders images with dimensions from the files, math with KaTeX, file downloads', () => {
    const { html } = renderDocument(
      doc([
        {
          object: 'block',
          type: 'image',
          isVoid: true,
          data: { ref: { kind: 'file', file: 'f1' }, alt: 'A cat' },
          fragments: [
            { object: 'fragment', fragment: 'caption', nodes: [{ object: 'block', type: 'paragraph', nodes: [text('Caption')] }] },
          ],
        },
        { object: 'block', type: 'math', isVoid: true, data: { formula: 'e^{i\\pi}+1=0' } },
        { object: 'block', type: 'file', isVoid: true, data: { ref: { kind: 'file', file: 'f1' } } },
      ]),
      refs,
    );
    expect(html).toContain('<img src="/files/a.png" alt="A cat" width="640" height="480"');
    expect(html).toContain('<figcaption><p>Caption</p></figcaption>');
    expect(html).toContain('<math');
    expect(html).toContain('download>a.png<span>2.0 KB</span>');
  });

  it('gives headings unique anchors and a table of contents', () => {
    const h = (t: string) => ({ object: 'block', type: 'heading-2', data: {}, nodes: [text(t)] });
    const { html, toc } = renderDocument(doc([h('Setup'), h('Setup')]), refs);
    expect(toc.map((e) => e.id)).toEqual(['setup', 'setup-2']);
    expect(html).toContain('<h2 id="setup-2">');
  });
});
