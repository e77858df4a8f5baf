import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { utimes } from 'node:fs/promises';
import { join } from 'node:path';
import { SERVICES } from '@bindery/stack';
import { controlTestStack, enqueueServiceJob, expectOperation, waitForJob } from '@bindery/testing';
import {
  contentDatabase,
  createChangeRequest,
  createSpace,
  documentOf,
  editContent,
  merge,
  newOrgAdmin,
  type PageBody,
  type SpaceBody,
} from './content-helpers';
import { eventually } from './helpers';

/**
 * Purging a space collects the page versions, bodies and file bytes no other revision reaches,
 * and keeps everything another space still uses (content is shared by hash across spaces).
 */
describe('collection of purged content', () => {
  it('deletes what only the purged space used and keeps what other spaces share', async () => {
    const { client, orgId } = await newOrgAdmin('collect');
    const doomed = await createSpace(client, orgId, 'Doomed');
    const seed = await createChangeRequest(client, doomed.id);
    await editContent(client, doomed.id, seed.id, [
      { operation: 'insert_page', title: 'Shared', document: documentOf(['s', 'shared-capybara body']) },
      { operation: 'insert_page', title: 'Copied', document: documentOf(['c', 'copied-axolotl body']) },
    ]);
    await merge(client, doomed.id, seed.id);
    // A copy shares every stored row of the doomed space as it is now.
    const copy = expectOperation<SpaceBody>(await client.post(`/v1/spaces/${doomed.id}/duplicate`), 'duplicateSpace', 201);
    // Another space holds an equal body of its own (same content hash).
    const neighbour = await createSpace(client, orgId, 'Neighbour');
    const own = await createChangeRequest(client, neighbour.id);
    await editContent(client, neighbour.id, own.id, [
      { operation: 'insert_page', title: 'Mine', document: documentOf(['s', 'shared-capybara body']) },
      { operation: 'insert_files', files: [{ name: 'kept.txt', contentType: 'text/plain', base64: toBase64('kept-walrus bytes') }] },
    ]);
    await merge(client, neighbour.id, own.id);
    // Only the doomed space ever had these: a merged page and an open change request's draft.
    const later = await createChangeRequest(client, doomed.id);
    await editContent(client, doomed.id, later.id, [
      { operation: 'insert_page', title: 'Only here', document: documentOf(['t', 'only-tapir body']) },
    ]);
    await merge(client, doomed.id, later.id);
    const draft = await createChangeRequest(client, doomed.id);
    await editContent(client, doomed.id, draft.id, [
      { operation: 'insert_page', title: 'Draft', document: documentOf(['o', 'draft-okapi body']) },
      { operation: 'insert_files', files: [{ name: 'gone.txt', contentType: 'text/plain', base64: toBase64('gone-dodo bytes') }] },
    ]);
    // Bytes are only collected an hour after they were written (a batch stores them before it commits).
    const blobs = join((await controlTestStack()).envFor(SERVICES.find((s) => s.name === 'content')!).BINDERY_DATA_DIR!, 'blobs');
    const blobOf = (text: string) => {
      const hash = createHash('sha256').update(text).digest('hex');
      return join(blobs, 'sha256', hash.slice(0, 2), hash.slice(2, 4), hash);
    };
    const twoHoursAgo = new Date(Date.now() - 2 * 3_600_000);
    for (const text of ['kept-walrus bytes', 'gone-dodo bytes']) await utimes(blobOf(text), twoHoursAgo, twoHoursAgo);

    const db = await contentDatabase();
    try {
      const bodies = async (text: string): Promise<number> =>
        Number(
          (await db.query<{ n: string }>('SELECT count(*) AS n FROM content.documents WHERE body::text LIKE $1', [`%${text}%`])).rows[0].n,
        );
      for (const text of ['shared-capybara', 'copied-axolotl', 'only-tapir', 'draft-okapi']) expect(await bodies(text)).toBe(1);

      expect((await client.delete(`/v1/spaces/${doomed.id}`)).status).toBe(204);
      await db.query(`UPDATE content.spaces SET deleted_at = deleted_at - interval '8 days' WHERE id = $1`, [doomed.id]);
      // Content queues the purge (and the collection after it) hourly; an operator may queue one now.
      const purge = await enqueueServiceJob('content', 'content.purge', {});
      expect(await waitForJob('content', purge, (s) => s.status === 'succeeded')).toMatchObject({ attempts: 1 });

      await eventually(async () => {
        expect(await bodies('only-tapir')).toBe(0);
        expect(await bodies('draft-okapi')).toBe(0);
        expect(existsSync(blobOf('gone-dodo bytes'))).toBe(false);
      }, 20_000);
      expect(existsSync(blobOf('kept-walrus bytes'))).toBe(true);
      expect(await bodies('shared-capybara')).toBe(1);
      expect(await bodies('copied-axolotl')).toBe(1);
      const orphans = await db.query(
        `SELECT count(*) AS n FROM content.revisions r, unnest(r.pages) AS root
         WHERE NOT EXISTS (SELECT 1 FROM content.page_nodes n WHERE n.hash = root)`,
      );
      expect(Number((orphans.rows[0] as { n: string }).n)).toBe(0);

      // What the other spaces show is intact, and they can still be edited.
      const texts = async (spaceId: string) => {
        const { pages } = expectOperation<{ pages: PageBody[] }>(await client.get(`/v1/spaces/${spaceId}/content/pages`), 'listPages', 200);
        return pages.map((p) => `${p.title}: ${p.document?.nodes[0]?.nodes[0]?.leaves[0]?.text ?? ''}`);
      };
      expect(await texts(copy.id)).toEqual(['Shared: shared-capybara body', 'Copied: copied-axolotl body']);
      expect(await texts(neighbour.id)).toEqual(['Mine: shared-capybara body']);
      // A body equal to a collected one can be stored again.
      const more = await createChangeRequest(client, copy.id);
      await editContent(client, copy.id, more.id, [
        { operation: 'insert_page', title: 'Again', document: documentOf(['t', 'only-tapir body']) },
      ]);
      await merge(client, copy.id, more.id);
      expect(await texts(copy.id)).toContain('Again: only-tapir body');
      expect(await bodies('only-tapir')).toBe(1);
    } finally {
      await db.end();
    }
  });
});

const toBase64 = (text: string): string => Buffer.from(text).toString('base64');
