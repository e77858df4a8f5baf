import {
  CollaborationEvents,
  type CommentCountEvent,
  IdentitySubjects,
  type MentionCreatedEvent,
  type RequestContext,
} from '@bindery/contracts';
import { addToOutbox, newId, ServiceClient } from '@bindery/platform';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { CommentsRepository, type CountDelta, type CountEventRow, type NewMentions, type TargetKey } from './comments.repository';
import { mentionedIds } from './mentions';

/** Who wrote a body and where: what a mention event says. */
export interface MentionSource {
  organizationId: string;
  key: TargetKey;
  commentId: string;
  replyId: string;
  authorId: string;
}

/**
 * The events collaboration publishes (through the outbox, in the transaction of the change):
 * the absolute open-comment count of a target after each change of it, and new mentions.
 */
@Injectable()
export class CommentEvents {
  constructor(
    private readonly comments: CommentsRepository,
    private readonly services: ServiceClient,
  ) {}

  /**
   * After a change of the target's comments (`delta.open`: +1 reopened, -1 resolved or deleted
   * while open; `delta.total`: -1 deleted): its open count and version, for content's counters.
   * Call it last in the transaction: it holds the target's row lock until the commit.
   */
  async countChanged(manager: EntityManager, key: TargetKey, organizationId: string, delta: CountDelta, at: Date): Promise<void> {
    await this.comments.bumpTarget(manager, key, organizationId, delta, countEvent(key, organizationId, at));
  }

  /**
   * The members a body mentions (`@<userId>`), asked of identity before the transaction: ids that
   * are not enabled members of the organization, and the author, are not mentions.
   */
  async mentionedMembers(ctx: RequestContext, organizationId: string, markdown: string, authorId: string): Promise<string[]> {
    const candidates = mentionedIds(markdown).filter((id) => id !== authorId);
    if (candidates.length === 0) return [];
    const { members } = await this.services.send(IdentitySubjects.membershipsAmong, ctx, { organizationId, userIds: candidates });
    return members.map((m) => m.user.id);
  }

  /** Records the mentions not recorded before for this comment or reply and publishes one event each. */
  async mentioned(manager: EntityManager, source: MentionSource, userIds: string[], at: Date): Promise<void> {
    const added = await this.comments.addMentions(
      manager,
      source.commentId,
      source.replyId,
      userIds.map((userId) => ({ id: newId(), userId })),
      source.authorId,
      at,
    );
    for (const mention of added) await addToOutbox(manager, CollaborationEvents.mentionCreated, mentionEvent(source, mention, at));
  }
}

/**
 * The mentions of a body just written (a new comment or reply: none can be recorded yet, so every
 * one is new) and their events, for the statement that writes the body.
 */
export function newMentions(source: MentionSource, userIds: string[], at: Date): NewMentions {
  const rows = [...new Set(userIds)].map((userId) => ({ id: newId(), userId }));
  return {
    rows,
    mentionedBy: source.authorId,
    at,
    events: rows.map((mention) => ({
      id: newId(),
      type: CollaborationEvents.mentionCreated,
      payload: mentionEvent(source, mention, at),
    })),
  };
}

function mentionEvent(source: MentionSource, mention: { id: string; userId: string }, at: Date): MentionCreatedEvent {
  const event: MentionCreatedEvent = {
    mentionId: mention.id,
    organizationId: source.organizationId,
    spaceId: source.key.spaceId,
    commentId: source.commentId,
    userId: mention.userId,
    mentionedBy: source.authorId,
    at: at.toISOString(),
  };
  if (source.key.changeRequestId !== '') event.changeRequestId = source.key.changeRequestId;
  if (source.replyId !== '') event.replyId = source.replyId;
  return event;
}

/** The count event of a target at `at` (`open` and `version` are added by the statement that bumps them). */
export function countEvent(key: TargetKey, organizationId: string, at: Date): CountEventRow {
  const payload: Omit<CommentCountEvent, 'open' | 'version'> = { spaceId: key.spaceId, organizationId, at: at.toISOString() };
  if (key.changeRequestId !== '') payload.changeRequestId = key.changeRequestId;
  return { id: newId(), type: CollaborationEvents.commentCountChanged, payload };
}
