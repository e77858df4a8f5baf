import type { User } from '@bindery/contracts';
import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A pending request for a user to review a change request; it ends when they review. */
@Entity({ name: 'change_request_reviewers' })
export class RequestedReviewerEntity {
  @PrimaryColumn('text', { name: 'change_request_id' })
  changeRequestId: string;

  @PrimaryColumn('text', { name: 'user_id' })
  userId: string;

  /** The user as identity showed them when asked (identity owns users). */
  @Column('jsonb')
  reviewer: User;

  @Column('jsonb', { name: 'requested_by' })
  requestedBy: User;

  /** The change request's revision when the request was made. */
  @Column('text', { name: 'revision_id' })
  revisionId: string;

  @Column('timestamptz', { name: 'created_at' })
  createdAt: Date;
}
