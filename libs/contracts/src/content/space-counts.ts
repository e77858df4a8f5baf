import type { MemberRole } from '../roles';
import type { ContentSubjects } from './subjects';

/**
 * How many spaces each member and team of an organization reaches (`Member.spaces`,
 * `Team.spaces`). Content alone decides who reaches a space, so it answers the counts; identity
 * stores them, refreshed by its consumer of content's space events.
 */
export interface SpaceCountsInput {
  organizationId: string;
}

/** Typed request/reply of the counts subject (part of ServiceRpc). */
export interface SpaceCountsRpc {
  [ContentSubjects.organizationSpaceCounts]: { input: SpaceCountsInput; result: SpaceCounts };
}

export interface SpaceCounts {
  organizationId: string;
  /**
   * Live spaces a member with each organization role reaches. A guest (role null) is absent: it
   * reaches none. Per role rather than per member because content's rule depends on the role alone.
   */
  byRole: Record<MemberRole, number>;
  /** Spaces granted to each team; a team absent here has none (content grants none to teams yet). */
  byTeam: Record<string, number>;
}

/** Identity's durable consumer that keeps the counts, and the events it hears (every `content.space.*`). */
export const SPACE_COUNTS_CONSUMER = 'identity-space-counts';
export const SPACE_COUNTS_EVENTS = 'content.space.*';

/** A space event as the counts consumer reads it: `from` is set on `content.space.transferred`. */
export interface SpaceCountsEvent {
  spaceId: string;
  organizationId: string;
  from?: string;
}
