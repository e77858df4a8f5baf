import { type RequestContext, roleAtLeast } from '@bindery/contracts';
import { Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { ACTION_ROLE, type SpaceAction } from '../access/space-permissions';
import { SpaceAccess } from './space-access';
import type { SpaceEntity } from './space.entity';

/** Most spaces remembered: the soak writes into 16, a busy deployment into a few hundred at once. */
const REMEMBERED_SPACES = 1_024;

/**
 * The columns of a space its access check and an edit's locked check judge, as a remembered row
 * had them: a write that starts from that row checks in SQL that the space still has them
 * (`spaceAsJudgedSql`), so it is written only if the same check on the row as it is now passes.
 */
export type JudgedSpace = Pick<SpaceEntity, 'id' | 'organizationId' | 'defaultLevel'>;

/**
 * The condition, for a write, that the space is still as `judgedSpace` judged it: live, not
 * locked, in no collection (the levels of collections above it are not compared), with the same
 * organization and default level. Its parameters (`judgedSpaceParams`) are `$first`…`$first+2`.
 */
export function spaceAsJudgedSql(first: number): string {
  return `EXISTS (SELECT FROM spaces s WHERE s.id = $${first} AND s.deleted_at IS NULL AND s.parent_id IS NULL
    AND s.edit_mode <> 'locked' AND s.organization_id = $${first + 1} AND s.default_level = $${first + 2})`;
}

/** `spaceAsJudgedSql`'s parameters: id, organization, default level. */
export function judgedSpaceParams(space: JudgedSpace): [string, string, string] {
  return [space.id, space.organizationId, space.defaultLevel];
}

/**
 * Spaces as this process last loaded them for a change request's write (opening, editing or
 * merging one), its revision moved by this process's merges since: where the next edit, open or
 * merge of the space may start from without reading it first. Never
 * an answer: the caller's level is judged on the remembered row, here, and the write's statement
 * then applies only while the space still has every column that judgement read
 * (`spaceAsJudgedSql`); when it does not, the write changes nothing and the caller loads the
 * space as before. A space in a collection is not judged here (its level also depends on the
 * collections above it): it is always loaded.
 */
@Injectable()
export class RememberedSpaces {
  private readonly spaces = new LRUCache<string, SpaceEntity>({ max: REMEMBERED_SPACES });

  constructor(private readonly access: SpaceAccess) {}

  /** Records the space as a write of this process just loaded it. */
  remember(space: SpaceEntity): void {
    this.spaces.set(space.id, { ...space });
  }

  /**
   * The space as remembered, when the caller may do `action` on it as it was then and it was live,
   * unlocked and in no collection; else undefined (the caller loads the space).
   */
  async judged(ctx: RequestContext, spaceId: string, action: SpaceAction): Promise<SpaceEntity | undefined> {
    const space = this.spaces.get(spaceId);
    return space && (await this.allows(ctx, space, action)) ? space : undefined;
  }

  /** The space as remembered, not yet judged (`allows` judges it): what a merge asks identity about before judging. */
  peek(spaceId: string): SpaceEntity | undefined {
    return this.spaces.get(spaceId);
  }

  /** Whether the caller may do `action` on `space` as remembered, which was live, unlocked and in no collection. */
  async allows(ctx: RequestContext, space: SpaceEntity, action: SpaceAction): Promise<boolean> {
    const caller = ctx.caller?.userId;
    if (!caller || space.deletedAt !== null || space.parentId !== null || space.editMode === 'locked') return false;
    const level = await this.access.levelOf(ctx, space, caller);
    return level !== null && roleAtLeast(level, ACTION_ROLE[action]);
  }

  /**
   * A judged write or search found the space no longer as remembered: the row is dropped, so that
   * a space deleted or transferred since costs no further judged statement before each refusal.
   * Every such caller loads the space next, which remembers it again when it is still allowed.
   */
  forget(spaceId: string): void {
    this.spaces.delete(spaceId);
  }

  /**
   * A merge of this process moved the space's revision: the next merge starts from it (its guard
   * still compares the revision, so a row remembered out of order only costs that merge a read).
   */
  moved(spaceId: string, revisionId: string): void {
    const space = this.spaces.get(spaceId);
    if (space) this.spaces.set(spaceId, { ...space, revisionId });
  }
}
