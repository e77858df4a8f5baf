import { type CommentCountEvent, ContentSubjects, type Space } from '@bindery/contracts';
import { newId } from '@bindery/platform';
import { callerFor, type ServiceAlone } from '@bindery/testing/service-alone';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommentCountsRepository } from '../../src/comment-counts/comment-counts.repository';
import { startContentAlone } from './content-alone';

// Content alone, its real schema; collaboration's count events are stored as its consumer stores them.
let content: ServiceAlone;
let db: DataSource;
let counts: CommentCountsRepository;
const caller = callerFor(`commenter-${newId()}`);
const organizationId = newId();

beforeAll(async () => {
  content = await startContentAlone();
  db = content.get(DataSource);
  counts = content.get(CommentCountsRepository);
});

afterAll(async () => {
  await content?.stop();
});

const newSpace = (title: string): Promise<Space> => content.send(ContentSubjects.spaceCreate, { organizationId, title }, { caller });

const event = (spaceId: string, open: number, version: number, changeRequestId?: string): CommentCountEvent => ({
  spaceId,
  organizationId,
  at: new Date().toISOString(),
  open,
  version,
  ...(changeRequestId === undefined ? {} : { changeRequestId }),
});

const readSpace = (spaceId: string): Promise<Space> => content.send(ContentSubjects.spaceGet, { spaceId }, { caller });

async function changeRequestCount(changeRequestId: string): Promise<{ comments: number; version: number }> {
  const [row]: Array<{ comments: number; version: string }> = await db.query(
    'SELECT comments, comments_version AS version FROM change_requests WHERE id = $1',
    [changeRequestId],
  );
  return { comments: row.comments, version: Number(row.version) };
}

describe('comment counts (collaboration’s count events, stored by version)', () => {
  it('keeps the count of the highest version: a redelivered or older event changes nothing', async () => {
    const space = await newSpace('Commented');
    const other = await newSpace('Elsewhere');
    expect((await readSpace(space.id)).comments).toBe(0);

    await counts.store([event(space.id, 1, 1)]);
    await counts.store([event(space.id, 3, 3)]);
    await counts.store([event(other.id, 7, 9)]);
    expect((await readSpace(space.id)).comments).toBe(3);
    // Out of order (version 2 after 3) and the same event again: the newest stays.
    await counts.store([event(space.id, 2, 2)]);
    await counts.store([event(space.id, 3, 3)]);
    expect((await readSpace(space.id)).comments).toBe(3);
    await counts.store([event(space.id, 0, 4)]);
    expect((await readSpace(space.id)).comments).toBe(0);
    // Each space its own count.
    expect((await readSpace(other.id)).comments).toBe(7);
  });

  it('stores nothing for a space content does not have', async () => {
    const unknown = newId();
    await counts.store([event(unknown, 5, 1)]);
    const rows: unknown[] = await db.query('SELECT 1 FROM space_comment_counts WHERE space_id = $1', [unknown]);
    expect(rows).toEqual([]);
  });

  it("stores a change request's count by version, only in its own space", async () => {
    const space = await newSpace('Reviewed');
    const other = await newSpace('Not its space');
    const cr: { id: string } = await content.send(
      ContentSubjects.changeRequestCreate,
      { spaceId: space.id, subject: 'commented' },
      { caller },
    );
    await counts.store([event(space.id, 2, 2, cr.id)]);
    await counts.store([event(space.id, 1, 1, cr.id)]);
    expect(await changeRequestCount(cr.id)).toEqual({ comments: 2, version: 2 });
    // Named with another space: not this change request's event.
    await counts.store([event(other.id, 9, 3, cr.id)]);
    expect(await changeRequestCount(cr.id)).toEqual({ comments: 2, version: 2 });
    // The space's own count is apart from its change requests'.
    expect((await readSpace(space.id)).comments).toBe(0);
  });

  it('stores a batch: the newest event of each target, whatever their order, one space or many', async () => {
    const space = await newSpace('Busy');
    const other = await newSpace('Also busy');
    const cr: { id: string } = await content.send(
      ContentSubjects.changeRequestCreate,
      { spaceId: space.id, subject: 'batched' },
      { caller },
    );
    // Two events of one space in one batch (an INSERT … ON CONFLICT cannot touch one row twice),
    // out of order, beside another space, a change request of the space and a space content lacks.
    await counts.store([
      event(space.id, 4, 4),
      event(other.id, 1, 1),
      event(space.id, 6, 6, cr.id),
      event(space.id, 5, 5),
      event(newId(), 3, 3),
      event(space.id, 2, 2),
      event(space.id, 5, 5, cr.id),
    ]);
    expect((await readSpace(space.id)).comments).toBe(5);
    expect((await readSpace(other.id)).comments).toBe(1);
    expect(await changeRequestCount(cr.id)).toEqual({ comments: 6, version: 6 });
    // A later batch older than what is stored changes nothing; a newer one does.
    await counts.store([event(space.id, 9, 3), event(other.id, 0, 2)]);
    expect((await readSpace(space.id)).comments).toBe(5);
    expect((await readSpace(other.id)).comments).toBe(0);
  });
});
