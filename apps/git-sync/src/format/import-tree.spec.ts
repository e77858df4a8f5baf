import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { ImportPage } from '@bindery/contracts';
import { devDataPath } from '@bindery/testing';
import { readGitbookConfig } from './gitbook-config';
import { MAX_PAGE_BYTES, planImport, type RepoFile } from './import-tree';

const DEV = devDataPath('gitbook-dev', 'beefree-sdk-docs');

function filesOf(root: string, files = new Map<string, RepoFile>(), dir = root): Map<string, RepoFile> {
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) filesOf(root, files, full);
    else files.set(relative(root, full), { oid: String(statSync(full).mtimeMs), size: statSync(full).size });
  }
  return files;
}

const memory = (sources: Record<string, string>) => {
  const files = new Map(Object.entries(sources).map(([p, text]) => [p, { oid: `${p}:${text.length}`, size: text.length }]));
  const read = (paths: string[]) => Promise.resolve(new Map(paths.map((p) => [p, Buffer.from(sources[p])])));
  return { files, read };
};

const keyless = (value: unknown): string => JSON.stringify(value, (name, item: unknown) => (name === 'key' ? undefined : item));
const flat = (pages: ImportPage[]): ImportPage[] => pages.flatMap((p) => [p, ...flat(p.pages)]);

describe('planImport', () => {
  it('hands on the tree before any body, then each final body in the summary order, the same plan as without hooks', async () => {
    const { files, read } = memory({
      'README.md': '# Welcome\n\nSee [the guide](guide/start.md) and ![logo](.gitbook/assets/logo.png).\n',
      'SUMMARY.md': '# Table of contents\n\n* [Welcome](README.md)\n\n## Guides\n\n* [Start](guide/start.md)\n  * [Next](guide/next.md)\n',
      'guide/start.md': '---\ntitle: Starting\n---\n\n# Start\n\nBack to [home](../README.md).\n',
      'guide/next.md': '# Next\n\n![logo](../.gitbook/assets/logo.png)\n',
      '.gitbook/assets/logo.png': 'png',
    });
    const events: string[] = [];
    const bodies: string[] = [];
    const streamed = await planImport(files, read, readGitbookConfig(undefined, ''), { pages: {}, files: {} }, 'space', undefined, {
      onTree: (pages) => {
        events.push('tree');
        // The tree as it will be applied: slugs and places, no bodies yet.
        expect(flat(pages).map((p) => [p.title, p.slug, p.document])).toEqual([
          ['Welcome', 'readme', undefined],
          ['Guides', 'guides', undefined],
          ['Start', 'start', undefined],
          ['Next', 'next', undefined],
        ]);
      },
      onBody: (page, body) => {
        events.push(page.title);
        // The body goes as JSON text; the page itself carries none.
        expect(page.document).toBeUndefined();
        bodies.push(keyless(JSON.parse(body!)));
      },
    });
    expect(events).toEqual(['tree', 'Welcome', 'Starting', 'Next']);
    const plain = await planImport(files, read, readGitbookConfig(undefined, ''), { pages: {}, files: {} }, 'space');
    // Node keys are random per parse; the rest is the same.
    const bodiless = (pages: ImportPage[]): unknown => pages.map(({ document: _, ...page }) => ({ ...page, pages: bodiless(page.pages) }));
    expect(keyless(streamed.pages)).toEqual(keyless(bodiless(plain.pages)));
    expect(streamed.ids).toEqual(plain.ids);
    expect(streamed.sources).toEqual(plain.sources);
    // Each body was final when handed on: file references carry the file's id, not its path.
    expect(bodies).toEqual(
      flat(plain.pages)
        .filter((p) => p.document)
        .map((p) => keyless(p.document)),
    );
    expect(bodies[2]).toContain(plain.ids.files['.gitbook/assets/logo.png'].id);
  });

  it('hands nothing on from a repository it refuses', async () => {
    const { files, read } = memory({
      'README.md': '# Welcome\n',
      'SUMMARY.md': '# Table of contents\n\n* [Welcome](README.md)\n* [Evil](../../etc/passwd)\n',
    });
    const onTree = jest.fn();
    const onBody = jest.fn();
    const plan = await planImport(files, read, readGitbookConfig(undefined, ''), { pages: {}, files: {} }, 'space', undefined, {
      onTree,
      onBody,
    });
    expect(plan.refused).toHaveLength(1);
    expect(onTree).not.toHaveBeenCalled();
    expect(onBody).not.toHaveBeenCalled();
  });

  it('builds the tree of a small repository: groups, readme first, links as references, escapes, outside paths refused', async () => {
    const { files, read } = memory({
      'README.md': '# Welcome\n\nSee [the guide](guide/start.md#install) and ![logo](.gitbook/assets/logo.png).\n',
      'SUMMARY.md':
        '# Table of contents\n\n* [Welcome](README.md)\n\n## Guides\n\n* [Start \\[here\\]](guide/start.md)\n  * [Evil](../../etc/passwd)\n* [Missing](nowhere.md)\n',
      'guide/start.md': '---\ndescription: How to start\nhidden: true\n---\n\n# Start\n\n## Install\n\nBack to [home](../README.md).\n',
      '.gitbook/assets/logo.png': 'png',
    });
    const plan = await planImport(files, read, readGitbookConfig(undefined, ''), { pages: {}, files: {} });
    expect(plan.pages.map((p) => p.title)).toEqual(['Welcome', 'Guides']);
    expect(plan.pages[1].pages.map((p) => p.title)).toEqual(['Start [here]', 'Missing']);
    const start = plan.pages[1].pages[0];
    expect(start).toMatchObject({ title: 'Start [here]', description: 'How to start', hidden: true, slug: 'start' });
    expect(start.pages[0].title).toBe('Evil');
    expect(JSON.stringify(plan.pages[0].document)).toContain(`"anchor":"install","kind":"anchor","page":"${start.id}"`);
    expect(JSON.stringify(plan.pages[0].document)).toContain(`"file":"${plan.ids.files['.gitbook/assets/logo.png'].id}","kind":"file"`);
    expect(plan.refused).toEqual(['summary: "Evil" points outside the root (../../etc/passwd)']);
    expect(plan.report.join('\n')).toMatch(/nowhere\.md/);

    // Same blobs again: same ids, nothing parsed.
    const again = await planImport(files, read, readGitbookConfig(undefined, ''), plan.ids);
    expect(flat(again.pages).map((p) => p.id)).toEqual(flat(plan.pages).map((p) => p.id));
    expect(again.stats.parsed).toBe(0);
    // A retry that lost the recorded ids (crash between apply and record) gives the same ids again.
    const retry = await planImport(files, read, readGitbookConfig(undefined, ''), { pages: {}, files: {} });
    expect(flat(retry.pages).map((p) => p.id)).toEqual(flat(plan.pages).map((p) => p.id));
  });

  it('makes groups of ## headings and link pages of external entries; without a README the first summary page comes first', async () => {
    const { files, read } = memory({
      'SUMMARY.md': [
        '# Table of contents',
        '',
        '## Getting started <a href="#start" id="start"></a>',
        '',
        '* [First](first.md)',
        '* [Status](https://status.example.com)',
        '  * [Nested](nested.md)',
        '* [Unsafe](javascript:alert(1))',
        '',
        '## More',
        '',
        '* [Second](second.md)',
      ].join('\n'),
      'first.md': '# First\n\nHello.\n',
      'nested.md': '# Nested\n',
      'second.md': '# Second\n',
    });
    const plan = await planImport(files, read, readGitbookConfig(undefined, ''), { pages: {}, files: {} });
    const outline = (pages: ImportPage[]): unknown[] =>
      pages.map((p) => [p.type ?? 'document', p.title, p.slug, ...(p.pages.length ? [outline(p.pages)] : [])]);
    expect(outline(plan.pages)).toEqual([
      [
        'group',
        'Getting started',
        'start',
        [
          ['document', 'First', 'first'],
          ['link', 'Status', 'status'],
          ['document', 'Nested', 'nested'],
        ],
      ],
      ['group', 'More', 'more', [['document', 'Second', 'second']]],
    ]);
    const [group] = plan.pages;
    expect(group.document).toBeUndefined();
    expect(group.pages[1]).toMatchObject({ target: { kind: 'url', url: 'https://status.example.com' } });
    expect(group.pages[1].document).toBeUndefined();
    expect(plan.report.join('\n')).toMatch(/javascript:alert/);
    // Ids of groups and links are kept by the next import.
    const again = await planImport(files, read, readGitbookConfig(undefined, ''), plan.ids);
    expect(flat(again.pages).map((p) => p.id)).toEqual(flat(plan.pages).map((p) => p.id));
  });

  it('refuses a binary file named .md (a NUL byte early on), whatever else the repository holds', async () => {
    const files = new Map([
      ['SUMMARY.md', { oid: 's', size: 30 }],
      ['logo.md', { oid: 'l', size: 6 }],
    ]);
    const sources: Record<string, Buffer> = {
      'SUMMARY.md': Buffer.from('* [Logo](logo.md)\n'),
      'logo.md': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x1a]),
    };
    const read = (paths: string[]) => Promise.resolve(new Map(paths.map((p) => [p, sources[p]])));
    const plan = await planImport(files, read, readGitbookConfig(undefined, ''), { pages: {}, files: {} });
    expect(plan.refused).toEqual(['logo.md: a binary file named .md']);
  });

  it('imports a page over the size cap, or nested past the limit, unparsed: a code block of its whole source, with a note', async () => {
    const hostile = '*a'.repeat(MAX_PAGE_BYTES / 2) + '[^x]'.repeat(10);
    const { files, read } = memory({
      'SUMMARY.md': '* [Home](README.md)\n* [Huge](huge.md)\n',
      'README.md': '# Home\n',
      'huge.md': hostile,
    });
    const plan = await planImport(files, read, readGitbookConfig(undefined, ''), { pages: {}, files: {} });
    expect(plan.refused).toEqual([]);
    expect(plan.report).toEqual([
      `huge.md: 513 KiB is over the 512 KiB a page may have; imported unparsed, as a code block of its Markdown`,
    ]);
    const huge = plan.pages.find((page) => page.title === 'Huge')!;
    const [code] = (huge.document as unknown as { nodes: Array<{ type: string; data: unknown; nodes: unknown[] }> }).nodes;
    expect(code).toMatchObject({ type: 'code', data: { syntax: 'markdown' } });
    expect(JSON.stringify(code)).toContain(`"text":"${hostile}"`);
    // A page under the cap is parsed as usual.
    expect(plan.pages.find((page) => page.title === 'Home')!.document).toMatchObject({ nodes: [] });

    // Nesting past the input limit: also kept whole rather than parsed with losses.
    const deep = '>'.repeat(120) + ' deep text\n';
    const nested = memory({ 'SUMMARY.md': '* [Deep](deep.md)\n', 'deep.md': deep });
    const deepPlan = await planImport(nested.files, nested.read, readGitbookConfig(undefined, ''), { pages: {}, files: {} });
    expect(deepPlan.report).toEqual([expect.stringMatching(/^deep\.md: nests .* levels deep.*; imported unparsed, as a code block/)]);
    expect(JSON.stringify(deepPlan.pages[0].document)).toContain('deep text');
  });

  it('uses the folder structure when there is no summary, and a non-default readme', async () => {
    const { files, read } = memory({ 'docs/intro.md': '# Intro\n', 'docs/a/README.md': '# A\n', 'docs/a/b.md': 'B' });
    const config = readGitbookConfig('root: ./docs\nstructure:\n  readme: intro.md\n', '');
    const rooted = new Map([...files].map(([p, f]) => [p.slice('docs/'.length), f]));
    const plan = await planImport(
      rooted,
      (paths) => read(paths.map((p) => `docs/${p}`)).then((m) => new Map([...m].map(([p, b]) => [p.slice(5), b]))),
      config,
      {
        pages: {},
        files: {},
      },
    );
    expect(plan.pages.map((p) => p.title)).toEqual(['Introduction', 'A']);
    expect(plan.pages[1].pages.map((p) => p.title)).toEqual(['B']);
  });

  it('reads root "./" as the top, and roots below it', () => {
    expect(readGitbookConfig('root: ./\n', '').root).toBe('');
    expect(readGitbookConfig('root: ./docs/\n', '').root).toBe('docs');
    expect(readGitbookConfig('root: ./\n', 'project').root).toBe('project');
  });

  it('rejects a broken .gitbook.yaml and a root outside the repository', () => {
    expect(() => readGitbookConfig('root: [', '')).toThrow(/not valid YAML/);
    expect(() => readGitbookConfig('root: ../../', '')).toThrow(/outside/);
  });

  it('imports the dev repository: every summary entry is a page, constructs counted', async () => {
    const files = filesOf(DEV);
    const read = (paths: string[]) => Promise.resolve(new Map(paths.map((p) => [p, readFileSync(join(DEV, p))])));
    const plan = await planImport(files, read, readGitbookConfig(readFileSync(join(DEV, '.gitbook.yaml'), 'utf8'), ''), {
      pages: {},
      files: {},
    });
    const summary = readFileSync(join(DEV, 'SUMMARY.md'), 'utf8').split('\n');
    expect(flat(plan.pages).length).toBe(summary.filter((l) => /^\s*[*-] \[/.test(l) || /^## /.test(l)).length);
    // A real repository has nothing hostile in it: nothing refused.
    expect(plan.refused).toEqual([]);
    const mbps = plan.stats.markdownBytes / 1024 / 1024 / (plan.stats.parseMs / 1000);
    // Printed for the report (not asserted: the machine is shared).
    console.log(JSON.stringify({ ...plan.stats, mbps: mbps.toFixed(2), reported: plan.report.length, files: plan.files.length }));
  }, 300_000);
});
