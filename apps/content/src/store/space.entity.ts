import type { DefaultLevel, SpaceVisibility } from '@bindery/contracts';
import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity({ name: 'spaces' })
export class SpaceEntity {
  @PrimaryColumn('text')
  id: string;

  @Column('text', { name: 'organization_id' })
  organizationId: string;

  @Column('text')
  title: string;

  @Column('text')
  emoji: string;

  @Column('text')
  visibility: SpaceVisibility;

  @Column('text', { name: 'edit_mode' })
  editMode: 'live' | 'locked';

  @Column('jsonb', { name: 'merge_rules' })
  mergeRules: Record<string, unknown>;

  @Column('text', { name: 'default_level' })
  defaultLevel: DefaultLevel;

  @Column('text', { nullable: true })
  language: string | null;

  @Column('text', { name: 'parent_id', nullable: true })
  parentId: string | null;

  /** Order among the spaces of its collection: a fractional key (`collections/position.ts`). */
  @Column({ type: 'text', collation: 'C' })
  position: string;

  /** The space's current revision; it moves only by merges, inside the merge's transaction. */
  @Column('text', { name: 'revision_id' })
  revisionId: string;

  @Column('text', { name: 'share_key' })
  shareKey: string;

  @Column('timestamptz', { name: 'created_at' })
  createdAt: Date;

  @Column('timestamptz', { name: 'updated_at' })
  updatedAt: Date;

  @Column('timestamptz', { name: 'deleted_at', nullable: true })
  deletedAt: Date | null;
}

/**
 * Counts shown on a space. Kept off the space row (counted, or in rows of their own): merges lock
 * that row, and a counter on it would make every count update wait for them.
 */
export interface SpaceCounters {
  changeRequests: number;
  changeRequestsOpen: number;
  changeRequestsDraft: number;
  /** Open comments on the space's main content (`space_comment_counts`, from collaboration's events). */
  comments: number;
}
