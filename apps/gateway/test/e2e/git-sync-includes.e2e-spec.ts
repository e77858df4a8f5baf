// Issue #27: `.gitbook/includes/*.md` are the space's reusable contents, `{% include "…" %}` blocks
// point at them, and an export writes both back as they were.
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expectOperation } from '@bindery/testing';
import { createChangeRequest, createSpace, editContent, merge, newOrgAdmin, paragraph } from './content-helpers';
import { GitHttpServer, waitForSync } from './git-sync-helpers';

interface RevisionBody {
  id: string;
  reusableContents: Array<{ id: string; title: string; document?: string }>;
}
interface DocumentBody {
  nodes: Array<{ type: string; data?: { ref?: { reusableContent?: string } }; nodes?: Array<{ leaves?: Array<{ text: string }> }> }>;
}

// As GitBook writes them: the include with its title as front matter, pages including it by a relative path.
const FILES: Record<string, string> = {
  'README.md': '# Welcome\n\nHello.\n\n{% include ".gitbook/includes/support-contact.md" %}\n',
  'SUMMARY.md': '# Table of contents\n\n* [Welcome](README.md)\n* [Install](guide/install.md)\n',
  'guide/install.md': '# Install\n\nRun the installer.\n\n{% include "../.gitbook/includes/support-contact.md" %}\n',
  '.gitbook/includes/support-contact.md': '---\ntitle: Support contact\n---\n\n## Need help?\n\nWrite to **support@example.com**.\n',
};

describe('git sync: .gitbook/includes ↔ reusable contents', () => {
  const server = new GitHttpServer();

  beforeAll(async () => {
    await server.start();
    const repo = await mkdtemp(join(tmpdir(), 'gitsync-includes-'));
    for (const [path, text] of Object.entries(FILES)) {
      await mkdir(join(repo, path, '..'), { recursive: true });
      await writeFile(join(repo, path), text);
    }
    await server.createRepo('docs', repo);
    await server.createRepo('out');
    const plain = await mkdtemp(join(tmpdir(), 'gitsync-no-includes-'));
    await writeFile(join(plain, 'README.md'), '# Welcome\n\nNo includes here.\n');
    await server.createRepo('plain', plain);
  });

  afterAll(async () => {
    await server.stop();
  });

  it('imports each include as a reusable content that both pages show, and exports the files back byte for byte', async () => {
    const { client, orgId } = await newOrgAdmin('gitsync-includes');
    const space = await createSpace(client, orgId, 'Includes');
    await client.post(`/v1/spaces/${space.id}/git/import`, { url: server.url('docs'), ref: 'refs/heads/main' });
    expect((await waitForSync(client, space.id, 'import')).operation).toMatchObject({ state: 'success' });

    const revision = expectOperation<RevisionBody>(await client.get(`/v1/spaces/${space.id}/content`), 'getCurrentRevision', 200);
    expect(revision.reusableContents).toEqual([{ id: expect.any(String), title: 'Support contact', document: expect.any(String) }]);
    const [support] = revision.reusableContents;
    const body = expectOperation<DocumentBody>(
      await client.get(`/v1/spaces/${space.id}/revisions/${revision.id}/reusable-contents/${support.id}/document`),
      'getReusableContentDocumentInRevisionById',
      200,
    );
    expect(body.nodes.map((n) => n.type)).toEqual(['heading-1', 'paragraph']);
    const pages = expectOperation<{ pages: Array<{ title: string; document: DocumentBody }> }>(
      await client.get(`/v1/spaces/${space.id}/content/pages`),
      'listPages',
      200,
    ).pages;
    expect(pages.map((p) => p.title)).toEqual(['Welcome', 'Install']);
    for (const page of pages)
      expect(page.document.nodes.at(-1)).toMatchObject({
        type: 'reusable-content',
        data: { ref: { kind: 'reusable-content', reusableContent: support.id } },
      });

    await client.post(`/v1/spaces/${space.id}/git/export`, { url: server.url('out'), ref: 'refs/heads/main', commitMessage: 'Export' });
    expect((await waitForSync(client, space.id, 'export')).operation).toMatchObject({ state: 'success' });
    const out = await server.workTree('out');
    for (const path of ['README.md', 'guide/install.md', '.gitbook/includes/support-contact.md'])
      expect(readFileSync(join(out, path), 'utf8')).toBe(FILES[path]);
  });

  it('keeps the reusable contents made in Bindery when the repository has no includes, and drops those deleted in git', async () => {
    const { client, orgId } = await newOrgAdmin('gitsync-no-includes');
    const space = await createSpace(client, orgId, 'Made here');
    const cr = await createChangeRequest(client, space.id, 'Shared text');
    await editContent(client, space.id, cr.id, [
      {
        operation: 'insert_reusable_content',
        ref: 'note',
        title: 'Shared note',
        document: { document: { object: 'document', data: {}, nodes: [paragraph('n1', 'Made in Bindery')] } },
      },
    ]);
    await merge(client, space.id, cr.id);
    const reusable = async () =>
      expectOperation<RevisionBody>(await client.get(`/v1/spaces/${space.id}/content`), 'getCurrentRevision', 200).reusableContents.map(
        (content) => content.title,
      );
    expect(await reusable()).toEqual(['Shared note']);

    // A repository that never had `.gitbook/includes`: the pages come from git, the reusable content stays.
    await client.post(`/v1/spaces/${space.id}/git/import`, { url: server.url('plain'), ref: 'refs/heads/main' });
    expect((await waitForSync(client, space.id, 'import')).operation).toMatchObject({ state: 'success' });
    expect(await reusable()).toEqual(['Shared note']);

    // Exported, it is an include of the repository; deleted there, the next import removes it.
    await client.post(`/v1/spaces/${space.id}/git/export`, { url: server.url('plain'), ref: 'refs/heads/main', commitMessage: 'Export' });
    expect((await waitForSync(client, space.id, 'export')).operation).toMatchObject({ state: 'success' });
    const work = await server.workTree('plain');
    expect(existsSync(join(work, '.gitbook/includes/shared-note.md'))).toBe(true);
    await rm(join(work, '.gitbook/includes'), { recursive: true });
    await server.commitAll(work, 'Remove the includes');
    await client.post(`/v1/spaces/${space.id}/git/import`, { url: server.url('plain'), ref: 'refs/heads/main' });
    expect((await waitForSync(client, space.id, 'import')).operation).toMatchObject({ state: 'success' });
    expect(await reusable()).toEqual([]);
  });
});
