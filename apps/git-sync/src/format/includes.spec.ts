import type { ImportPage } from '@bindery/contracts';
import { type ExportPage, type ExportRead, planExport } from './export-tree';
import { readGitbookConfig } from './gitbook-config';
import { planImport } from './import-tree';

const memory = (sources: Record<string, string>) => {
  const files = new Map(Object.entries(sources).map(([p, text]) => [p, { oid: `${p}:${text.length}`, size: text.length }]));
  const read = (paths: string[]) => Promise.resolve(new Map(paths.map((p) => [p, Buffer.from(sources[p])])));
  return { files, read };
};

/** What content's import.read gives back for an applied plan, with the bodies read in (`readWithBodies`). */
function readBack(pages: ImportPage[], reusableContents: ExportRead['reusableContents']): ExportRead {
  const page = (p: ImportPage): ExportPage => ({
    id: p.id,
    title: p.title,
    slug: p.slug,
    document: p.document ?? null,
    pages: p.pages.map(page),
  });
  return { revisionId: 'r', files: [], pages: pages.map(page), reusableContents };
}

// As GitBook writes them: the include file with its title as front matter, a page including it by a relative path.
const INCLUDE = '---\ntitle: Support contact\n---\n\n## Need help?\n\nWrite to **support@example.com**.\n';
const GUIDE = '# Install\n\nRun the installer.\n\n{% include "../.gitbook/includes/support-contact.md" %}\n';
const SOURCES = {
  'README.md': '# Welcome\n\n{% include ".gitbook/includes/support-contact.md" %}\n',
  'SUMMARY.md': '# Table of contents\n\n* [Welcome](README.md)\n* [Install](guide/install.md)\n',
  'guide/install.md': GUIDE,
  '.gitbook/includes/support-contact.md': INCLUDE,
};

describe('.gitbook/includes ↔ reusable contents', () => {
  it('imports each include file as a reusable content, and {% include %} blocks point at its id from any folder', async () => {
    const { files, read } = memory(SOURCES);
    const plan = await planImport(files, read, readGitbookConfig(undefined, ''), { pages: {}, files: {} }, 'space-1');
    expect(plan.reusableContents).toHaveLength(1);
    const [support] = plan.reusableContents;
    expect(support.title).toBe('Support contact');
    // The body keeps its leading heading (it is not a page title).
    expect(support.document).toMatchObject({ nodes: [{ type: 'heading-1' }, { type: 'paragraph' }] });
    const refs = plan.pages.map((p) => (p.document as unknown as { nodes: Array<{ type: string; data: unknown }> }).nodes.at(-1));
    for (const block of refs)
      expect(block).toEqual(
        expect.objectContaining({ type: 'reusable-content', data: { ref: { kind: 'reusable-content', reusableContent: support.id } } }),
      );
    expect(plan.ids.reusableContents).toEqual({ '.gitbook/includes/support-contact.md': { id: support.id } });
    expect(plan.report).toEqual([]);
  });

  it('exports them back: the include file and the pages that include it, byte for byte', async () => {
    const { files, read } = memory(SOURCES);
    const plan = await planImport(files, read, readGitbookConfig(undefined, ''), { pages: {}, files: {} }, 'space-1');
    const contents = plan.reusableContents.map(({ id, title, document }) => ({ id, title, document: document ?? null }));
    const exported = await planExport(readBack(plan.pages, contents), plan.ids);
    expect(exported.texts.get('.gitbook/includes/support-contact.md')).toBe(INCLUDE);
    expect(exported.texts.get('guide/install.md')).toBe(GUIDE);
    expect(exported.texts.get('README.md')).toBe(SOURCES['README.md']);
  });

  it('a reusable content made in Bindery gets an include file named after its title', async () => {
    const document = { object: 'document', data: {}, nodes: [] } as never;
    const exported = await planExport(readBack([], [{ id: 'rc1', title: 'Legal notice', document }]), { pages: {}, files: {} });
    expect(exported.texts.get('.gitbook/includes/legal-notice.md')).toBe('---\ntitle: Legal notice\n---\n\n');
    expect(exported.ids.reusableContents).toEqual({ '.gitbook/includes/legal-notice.md': { id: 'rc1' } });
  });

  it('reports an include of a file that is not among the includes', async () => {
    const { files, read } = memory({ 'README.md': '# Home\n\n{% include "snippets/missing.md" %}\n' });
    const plan = await planImport(files, read, readGitbookConfig(undefined, ''), { pages: {}, files: {} });
    expect(plan.report).toEqual(['README.md: includes snippets/missing.md, which is not a file of .gitbook/includes/']);
  });
});
