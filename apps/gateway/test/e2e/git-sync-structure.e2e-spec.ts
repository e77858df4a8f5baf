import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type ApiClient, expectOperation } from '@bindery/testing';
import { createSpace, newOrgAdmin } from './content-helpers';
import { DEV_REPO, flatten, GitHttpServer, tree, waitForSync } from './git-sync-helpers';

/** What SUMMARY.md says, as the test reads it: groups (`##`), documents and external links, nested by indentation. */
interface Expected {
  type: 'group' | 'document' | 'link';
  title: string;
  href?: string;
  children: Expected[];
}

function summaryOutline(text: string): Expected[] {
  const root: Expected[] = [];
  let group: Expected | undefined;
  let stack: Array<{ indent: number; node: Expected }> = [];
  for (const line of text.split('\n')) {
    const heading = /^##\s+(.*)$/.exec(line);
    if (heading) {
      group = { type: 'group', title: heading[1].replace(/<a\s[^>]*><\/a>/g, '').trim(), children: [] };
      root.push(group);
      stack = [];
      continue;
    }
    const item = /^(\s*)[*-]\s+\[(.*)\]\(([^)\s]*)[^)]*\)\s*$/.exec(line);
    if (!item) continue;
    const external = /^(https?:|mailto:)/.test(item[3]);
    const node: Expected = { type: external ? 'link' : 'document', title: item[2], ...(external ? { href: item[3] } : {}), children: [] };
    while (stack.length > 0 && stack[stack.length - 1].indent >= item[1].length) stack.pop();
    (stack[stack.length - 1]?.node.children ?? group?.children ?? root).push(node);
    stack.push({ indent: item[1].length, node });
  }
  return root;
}

interface AnyPage {
  id: string;
  type: string;
  title: string;
  href?: string;
  pages?: AnyPage[];
}

/** Types and nesting, with the titles of groups and the hrefs of links (document titles may come from front matter). */
const shape = (nodes: Array<Expected | AnyPage>): unknown[] =>
  nodes.map((n) => {
    const children = 'children' in n ? n.children : (n.pages ?? []);
    const label = n.type === 'group' ? n.title : n.type === 'link' ? n.href : '';
    return [n.type, label, shape(children)];
  });

describe('git sync: the structure of SUMMARY.md as GitBook writes it', () => {
  const server = new GitHttpServer();
  let client: ApiClient;
  let orgId: string;

  beforeAll(async () => {
    await server.start();
    ({ client, orgId } = await newOrgAdmin('gitsync-structure'));
    await server.createRepo('dev', DEV_REPO);
    // The dev repository has no external entries: add two, in a group and nested under a page.
    const work = await server.workTree('dev');
    const summary = readFileSync(join(work, 'SUMMARY.md'), 'utf8')
      .replace('## Quickstart Guides', '## Quickstart Guides <a href="#quickstart" id="quickstart"></a>')
      .trimEnd();
    writeFileSync(
      join(work, 'SUMMARY.md'),
      `${summary}\n* [Beefree website](https://beefree.io)\n  * [Write to us](mailto:docs@example.com)\n`,
    );
    await server.commitAll(work, 'external entries');
  });

  afterAll(async () => {
    await server.stop();
  });

  it('imports ## headings as groups and external entries as links, every page under the parent SUMMARY.md gives it', async () => {
    const space = await createSpace(client, orgId, 'Structure');
    expectOperation(
      await client.post(`/v1/spaces/${space.id}/git/import`, { url: server.url('dev'), ref: 'refs/heads/main' }),
      'importGitRepository',
      204,
    );
    expect((await waitForSync(client, space.id, 'import')).operation).toMatchObject({ state: 'success' });
    const work = await server.workTree('dev');
    const expected = summaryOutline(readFileSync(join(work, 'SUMMARY.md'), 'utf8'));
    // A link holds no pages: what SUMMARY.md nests under one is placed beside it.
    const hoist = (nodes: Expected[]): Expected[] =>
      nodes.flatMap((n) => (n.type === 'link' ? [{ ...n, children: [] }, ...hoist(n.children)] : [{ ...n, children: hoist(n.children) }]));
    const pages = (await tree(client, space.id, false)) as unknown as AnyPage[];
    expect(shape(pages)).toEqual(shape(hoist(expected)));
    expect(pages.filter((p) => p.type === 'group').length).toBeGreaterThan(5);
    const links = flatten(pages as never).filter((p) => (p as unknown as AnyPage).type === 'link');
    expect(links.map((p) => p.title)).toEqual(['Beefree website', 'Write to us']);

    // Groups and links as the official schema has them (bodies of documents are checked elsewhere: ajv is slow on 200 pages).
    const quickstart = pages.find((p) => p.type === 'group' && p.title === 'Quickstart Guides')!;
    for (const id of [quickstart.id, links[0].id, links[1].id]) {
      const page = expectOperation<AnyPage & { slug?: string }>(
        await client.get(`/v1/spaces/${space.id}/content/page/${id}`),
        'getPageById',
        200,
      );
      expect(page).not.toHaveProperty('document');
      if (id === quickstart.id) expect(page.slug).toBe('quickstart');
    }
  }, 900_000);
});
