import { joinTree, parseTree, partReply, splitParts, splitReply, splitTree } from './page-tree';

const document = { object: 'document', data: {}, nodes: [{ object: 'block', type: 'paragraph', nodes: [] }] };
const raw = JSON.stringify({
  pages: [
    {
      id: 'g',
      title: 'Group',
      type: 'group',
      path: 'group',
      pages: [
        { id: 'a', title: 'A', type: 'document', path: 'group/a', document, pages: [] },
        { id: 'l', title: 'Link', type: 'link', target: { kind: 'page', page: 'a' }, pages: [] },
      ],
    },
    { id: 'b', title: 'B', type: 'document', path: 'b', description: 'About B', document, pages: [] },
  ],
});

describe('page trees split on a worker thread', () => {
  it('joins back into the pages an inline parse gives', () => {
    // What crosses to the event loop is plain data (structured clone, as piscina sends it).
    const pages = joinTree(structuredClone(splitTree(raw)));
    expect(pages).toEqual(parseTree(raw));
    expect(pages[0].pages[1].linkTo).toBe('a');
  });

  it("parses a page's document when it is first read, once", () => {
    const [group, b] = joinTree(splitTree(raw));
    const page = group.pages[0];
    expect(Object.getOwnPropertyDescriptor(page, 'document')!.get).toBeDefined();
    expect(page.document).toEqual(document);
    expect(page.document).toBe(page.document);
    expect(Object.getOwnPropertyDescriptor(page, 'document')!.value).toBe(page.document);
    expect(b.document).toEqual(document);
    expect(group.document).toBeUndefined();
  });

  it("reads content's reply packet: the result without its raw tree, the tree split; errors passed on", () => {
    const result = { revision: { id: 'r1', files: [] }, pages: { tag: 't1', rawJson: raw } };
    const reply = splitReply(Buffer.from(JSON.stringify({ response: result })));
    expect(reply.response.result).toEqual({ ...result, pages: { tag: 't1' } });
    expect(joinTree(reply.response.tree!)).toEqual(parseTree(raw));
    expect(splitReply(Buffer.from(JSON.stringify({ response: { ...result, pages: { tag: 't1' } } }))).response.tree).toBeUndefined();
    expect(splitReply(Buffer.from(JSON.stringify({ err: { code: 404, message: 'gone' } }))).err).toEqual({ code: 404, message: 'gone' });
  });

  it('reads a tree sent in parts: the first and later replies as UTF-8 bytes, joined and split as a whole tree', () => {
    const cut = [raw.slice(0, 50), raw.slice(50, 120), raw.slice(120)];
    const result = { revision: { id: 'r1', files: [] }, pages: { tag: 't1', rawJson: cut[0], parts: 3 } };
    const first = splitReply(Buffer.from(JSON.stringify({ response: result }))).response;
    expect(first.tree).toBeUndefined();
    expect(first.result.pages).toEqual({ tag: 't1', parts: 3 });
    const later = [1, 2].map((i) => partReply(Buffer.from(JSON.stringify({ response: { ...result, pages: { tag: 't1', rawJson: cut[i] } } }))).response);
    expect(later.map((part) => part.tag)).toEqual(['t1', 't1']);
    const tree = splitParts([first.firstPart!, ...later.map((part) => part.part!)]);
    expect(joinTree(structuredClone(tree))).toEqual(parseTree(raw));
    expect(partReply(Buffer.from(JSON.stringify({ err: { code: 404, message: 'gone' } }))).err).toEqual({ code: 404, message: 'gone' });
  });
});
