import type { ChangeRequestStatus, JsonDocument, User } from '@bindery/contracts';
import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity({ name: 'change_requests' })
export class ChangeRequestEntity {
  @PrimaryColumn('text')
  id: string;

  @Column('text', { name: 'space_id' })
  spaceId: string;

  @Column('text', { name: 'organization_id' })
  organizationId: string;

  /** Incremental within the space, handed out by its `change_request_numbers` row (`insertNumbered`). */
  @Column('integer')
  number: number;

  @Column('text')
  status: ChangeRequestStatus;

  @Column('text')
  subject: string;

  @Column('jsonb', { nullable: true })
  description: JsonDocument | null;

  /** The creator as shown at creation time (identity owns users). */
  @Column('jsonb', { name: 'created_by' })
  createdBy: User;

  /** Users who edited its content, for the `contributor` filter. */
  @Column('text', { array: true })
  contributors: string[];

  @Column('text', { name: 'revision_id' })
  revisionId: string;

  @Column('text', { name: 'revision_initial' })
  revisionInitial: string;

  /**
   * Open comments, kept from collaboration's count events (`comment-counts/`) and written only
   * there: never by an entity save, which would put back the count it loaded.
   */
  @Column({ type: 'integer', default: 0, insert: false, update: false })
  comments?: number;

  @Column('text', { name: 'revision_merged_ancestor', nullable: true })
  revisionMergedAncestor: string | null;

  @Column('text', { name: 'revision_merged', nullable: true })
  revisionMerged: string | null;

  @Column('jsonb', { name: 'merged_by', nullable: true })
  mergedBy: User | null;

  @Column('timestamptz', { name: 'merged_at', nullable: true })
  mergedAt: Date | null;

  @Column('timestamptz', { name: 'created_at' })
  createdAt: Date;

  @Column('timestamptz', { name: 'updated_at' })
  updatedAt: Date;
}

/** The revision a change request's edits are measured against: the last update, else its start. */
export const mergeBaseOf = (cr: ChangeRequestEntity): string => cr.revisionMergedAncestor ?? cr.revisionInitial;
