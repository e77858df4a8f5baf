import type { ChangeRequestReviewStatus, JsonDocument, User } from '@bindery/contracts';
import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity({ name: 'change_request_reviews' })
export class ReviewEntity {
  @PrimaryColumn('text')
  id: string;

  @Column('text', { name: 'change_request_id' })
  changeRequestId: string;

  @Column('text', { name: 'reviewer_id' })
  reviewerId: string;

  @Column('jsonb')
  reviewer: User;

  /** Who asked for this review, when it answered a request. */
  @Column('jsonb', { name: 'requested_by', nullable: true })
  requestedBy: User | null;

  @Column('text')
  status: ChangeRequestReviewStatus;

  /** The change request's revision the reviewer looked at. */
  @Column('text', { name: 'revision_id' })
  revisionId: string;

  @Column('text', { name: 'comment_id', nullable: true })
  commentId: string | null;

  @Column('jsonb', { nullable: true })
  comment: JsonDocument | null;

  /** The reviewer reviewed again or was asked again: this review no longer counts. */
  @Column('boolean')
  superseded: boolean;

  @Column('timestamptz', { name: 'created_at' })
  createdAt: Date;

  @Column('timestamptz', { name: 'updated_at' })
  updatedAt: Date;
}

/** A review stops counting when superseded or when the change request's content moved past what was reviewed. */
export const isOutdated = (review: ReviewEntity, changeRequestRevision: string): boolean =>
  review.superseded || review.revisionId !== changeRequestRevision;
