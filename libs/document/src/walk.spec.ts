import type { Document } from './document.types';
import { markdownToDocument } from './index';
import { counterKeys } from './testing/counter-keys';
import { walkDocument } from './walk';

describe('walkDocument', () => {
  const document = markdownToDocument('> quoted **text**\n\n![a](https://x.example/a.png "cap")\n\nafter\n', { newKey: counterKeys() });

  it('visits every node once, parents first, in reading order, with depth and parent', () => {
    const seen: string[] = [];
    walkDocument(document, (node, { depth, parent }) => {
      const name = node.object === 'block' || node.object === 'inline' ? node.type : node.object;
      seen.push(`${depth}:${name}<${parent.object === 'document' ? 'document' : ((parent as { type?: string }).type ?? parent.object)}`);
    });
    expect(seen).toEqual([
      '1:blockquote<document',
      '2:paragraph<blockquote',
      '3:text<paragraph',
      '1:images<document',
      '2:image<images',
      '3:fragment<image',
      '4:paragraph<fragment',
      '5:text<paragraph',
      '1:paragraph<document',
      '2:text<paragraph',
    ]);
  });

  it('skips the children of a node whose visit returns false', () => {
    const types: string[] = [];
    walkDocument(document, (node) => {
      if (node.object === 'block') types.push(node.type);
      return node.object === 'block' && node.type === 'blockquote' ? false : undefined;
    });
    expect(types).toEqual(['blockquote', 'images', 'image', 'paragraph', 'paragraph']);
  });

  it('ignores children that are not objects', () => {
    const malformed = {
      object: 'document',
      data: {},
      nodes: [null, 3, { object: 'block', type: 'x', nodes: 'no', fragments: [undefined] }],
    } as unknown as Document;
    const visited: unknown[] = [];
    walkDocument(malformed, (node) => void visited.push(node));
    expect(visited).toHaveLength(1);
  });
});
