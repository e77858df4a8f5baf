import type { PageQuery } from './pagination';

/**
 * Request/reply subjects answered by the content service. Other contexts rely on these
 * (identity lists a member's spaces through `spaceList`).
 */
export const ContentSubjects = {
  /** The spaces of an organization, as wire `Space` objects (with `defaultLevel`), paginated. */
  spaceList: 'content.space.list',
} as const;

export interface SpaceListInput extends PageQuery {
  organizationId: string;
}
