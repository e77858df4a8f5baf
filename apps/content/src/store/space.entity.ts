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

  /** Last change request number handed out; incremented under the row lock. */
  @Column('integer', { name: 'change_request_seq', default: 0 })
  changeRequestSeq: number;

  @Column('text', { name: 'share_key' })
  shareKey: string;

  @Column('timestamptz', { name: 'created_at' })
  createdAt: Date;

  @Column('timestamptz', { name: 'updated_at' })
  updatedAt: Date;

  @Column('timestamptz', { name: 'deleted_at', nullable: true })
  deletedAt: Date | null;

  /**
   * Open comments, kept from collaboration's count events (`comment-counts/`) and written only
   * there: never by an entity save, which would put back the count it loaded.
   */
  @Column({ type: 'integer', default: 0, insert: false, update: false })
  comments?: number;
}

/** Change request counts shown on a space. */
export interface SpaceCounters {
  changeRequests: number;
  changeRequestsOpen: number;
  changeRequestsDraft: number;
}
