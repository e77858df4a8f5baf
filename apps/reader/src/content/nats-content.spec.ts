import { ContentSubjects } from '@bindery/contracts';
import { AppError, type ServiceClient, treePartStarts } from '@bindery/platform';
import { eventSpaceId } from '../freshness/reader-events';
import { NatsContentSource } from './nats-content';

const revision = (id: string) => ({ revision: { id, files: [] }, pages: { tag: `${id}-t`, rawJson: JSON.stringify({ pages: [] }) } });

function source(answer: (subject: string, data: Record<string, unknown>) => unknown) {
  const send = jest.fn((subject: string, _ctx: unknown, data: Record<string, unknown>) =>
    Promise.resolve().then(() => answer(subject, data)),
  );
  // As ServiceClient: the reply packet's bytes, read by `parse` (an error answer is thrown before).
  const sendParsed = (subject: string, ctx: unknown, data: Record<string, unknown>, parse: (packet: Uint8Array) => Promise<{ response: unknown }>) =>
    send(subject, ctx, data).then(async (response) => (await parse(Buffer.from(JSON.stringify({ response })))).response);
  const client = { send, sendParsed } as unknown as ServiceClient;
  return { send, content: new NatsContentSource(client, () => ({ requestId: 'r', baseUrl: 'http://x' }), 60_000) };
}

/** A published tree of `count` pages with bodies, as content serialises it. */
const treeJson = (count: number) =>
  JSON.stringify({
    pages: Array.from({ length: count }, (_, i) => ({
      id: `p${i}`,
      title: `Page ${i} 😀 «${'é'.repeat(i % 7)}»`,
      type: 'document',
      path: `page-${i}`,
      document: { object: 'document', nodes: [{ object: 'block', type: 'paragraph', nodes: [{ object: 'text', leaves: [{ text: `body "${i}"` }] }] }] },
      pages: [],
    })),
  });

describe('NatsContentSource', () => {
  it('holds a space until an event invalidates it, then asks again with the tag it holds', async () => {
    let rev = 'rev-1';
    const { send, content } = source(() => revision(rev));
    expect((await content.content('org', 'space-a')).revisionId).toBe('rev-1');
    rev = 'rev-2';
    expect((await content.content('org', 'space-a')).revisionId).toBe('rev-1'); // held (no event yet)
    content.invalidate('space-b');
    expect((await content.content('org', 'space-a')).revisionId).toBe('rev-1');
    content.invalidate('space-a');
    // Served as held while content is asked again; the answer is served from then on.
    expect((await content.content('org', 'space-a')).revisionId).toBe('rev-1');
    await new Promise((resolve) => setImmediate(resolve));
    expect((await content.content('org', 'space-a')).revisionId).toBe('rev-2');
    expect(send).toHaveBeenCalledTimes(2);
    expect(send.mock.calls[1][2]).toMatchObject({ organizationId: 'org', spaceId: 'space-a', knownTag: 'rev-1-t' });
  });

  it('after an event, serves what it holds without waiting for the new revision, then swaps', async () => {
    let answer: (value: unknown) => void = () => undefined;
    const { send, content } = source((_subject, data) =>
      data.knownTag ? new Promise((resolve) => (answer = resolve)) : revision('rev-1'),
    );
    await content.content('org', 'space-a');
    content.invalidate('space-a');
    // Content has not answered (and never will until `answer`): the visitor still gets a page.
    expect((await content.content('org', 'space-a')).revisionId).toBe('rev-1');
    expect((await content.content('org', 'space-a')).revisionId).toBe('rev-1');
    expect(send).toHaveBeenCalledTimes(2); // one call for both requests
    answer(revision('rev-2'));
    await new Promise((resolve) => setImmediate(resolve));
    expect((await content.content('org', 'space-a')).revisionId).toBe('rev-2');
  });

  it('stops serving a held space that content says is gone', async () => {
    let gone = false;
    const { content } = source(() => {
      if (gone) throw new AppError(404, 'Space not published');
      return revision('rev-1');
    });
    await content.content('org', 'space-a');
    gone = true;
    content.invalidate('space-a');
    expect((await content.content('org', 'space-a')).revisionId).toBe('rev-1');
    await new Promise((resolve) => setImmediate(resolve));
    await expect(content.content('org', 'space-a')).rejects.toMatchObject({ code: 404 });
  });

  it('reads every part of a tree too large for one reply and joins them, under the tag of the first', async () => {
    const rawJson = treeJson(300);
    // Content's cut, lowered from 56 MiB: a 1,000-page space's tree passes one NATS message.
    const starts = treePartStarts(rawJson, 4096);
    expect(starts.length).toBeGreaterThan(3);
    const cut = (index: number) => rawJson.slice(starts[index], starts[index + 1]);
    const { send, content } = source((_subject, data) => {
      const part = data.part as { tag: string; index: number } | undefined;
      return { revision: { id: 'rev-1', files: [] }, pages: { tag: 'rev-1-t', rawJson: cut(part?.index ?? 0), parts: starts.length } };
    });
    const pages = (await content.content('org', 'space-a')).pages;
    expect(pages.map((page) => page.id)).toEqual(Array.from({ length: 300 }, (_, i) => `p${i}`));
    expect(pages[299].title).toBe('Page 299 😀 «ééééé»');
    expect(pages[299].document).toEqual((JSON.parse(rawJson) as { pages: { document: unknown }[] }).pages[299].document);
    expect(send.mock.calls.map((call) => call[2].part)).toEqual([
      undefined,
      ...starts.slice(1).map((_, i) => ({ tag: 'rev-1-t', index: i + 1 })),
    ]);
  });

  it('refuses a part cut under another tag (the tree changed between two parts)', async () => {
    const rawJson = treeJson(100);
    const starts = treePartStarts(rawJson, 4096);
    const { content } = source((_subject, data) => {
      const index = (data.part as { index: number } | undefined)?.index ?? 0;
      return { revision: { id: 'rev-1', files: [] }, pages: { tag: index === 0 ? 'old' : 'new', rawJson: 'x', parts: starts.length } };
    });
    await expect(content.content('org', 'space-a')).rejects.toThrow(/part 1 of old/);
  });

  it('searches one published space and gives plain-text snippets with the best section as anchor', async () => {
    const { send, content } = source(() => ({
      items: [
        {
          title: 'Install',
          path: 'guides/install',
          description: 'How to install',
          sections: [{ path: 'guides/install#linux', body: 'run <mark>apt</mark> install' }],
        },
        { title: 'FAQ', path: 'faq', description: 'Questions', sections: [] },
      ],
    }));
    expect(await content.search('org', 'space-a', 'apt')).toEqual([
      { title: 'Install', path: 'guides/install', snippet: 'run apt install', anchor: 'linux' },
      { title: 'FAQ', path: 'faq', snippet: 'Questions' },
    ]);
    expect(send.mock.calls[0][0]).toBe(ContentSubjects.publishedSearch);
    expect(send.mock.calls[0][2]).toEqual({ organizationId: 'org', spaceId: 'space-a', query: 'apt', limit: 20 });
  });

  it('asks content once per revision and path for an old page path, unknown paths included; a 5xx is not cached', async () => {
    const { send, content } = source((subject, data) => {
      if (subject !== ContentSubjects.publishedPagePath) throw new Error(subject);
      if (data.path === 'old') return { path: 'new' };
      if (data.path === 'boom') throw new AppError(503, 'down');
      throw new AppError(404, 'No page was at this path');
    });
    const held = { spaceId: 'space-a', revisionId: 'rev-1', pages: [], files: [] };
    expect(await content.movedPath('org', held, 'old')).toBe('new');
    expect(await content.movedPath('org', held, 'old')).toBe('new');
    expect(await content.movedPath('org', held, 'nope')).toBeUndefined();
    expect(await content.movedPath('org', held, 'nope')).toBeUndefined();
    expect(send).toHaveBeenCalledTimes(2);
    await expect(content.movedPath('org', held, 'boom')).rejects.toThrow('down');
    await expect(content.movedPath('org', { ...held, revisionId: 'rev-2' }, 'old')).resolves.toBe('new');
    expect(send).toHaveBeenCalledTimes(4);
  });
});

describe('eventSpaceId', () => {
  it('reads the space of a content event and ignores anything else', () => {
    const bytes = (text: string) => new TextEncoder().encode(text);
    expect(eventSpaceId(bytes('{"spaceId":"s1","revisionId":"r"}'))).toBe('s1');
    expect(eventSpaceId(bytes('{"spaceId":42}'))).toBeUndefined();
    expect(eventSpaceId(bytes('not json'))).toBeUndefined();
  });
});
