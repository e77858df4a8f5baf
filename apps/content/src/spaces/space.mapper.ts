import type { MemberRole, Space } from '@bindery/contracts';
import { spacePermissions } from '../access/space-permissions';
import type { SpaceCounters, SpaceEntity } from '../store/space.entity';

/** Wire shape of a space as seen by a caller with `level` on it (`contentLevel`). */
export function toSpace(space: SpaceEntity, counters: SpaceCounters, level: MemberRole | null, baseUrl: string): Space {
  const out: Space = {
    object: 'space',
    id: space.id,
    title: space.title,
    emoji: space.emoji,
    visibility: space.visibility,
    createdAt: space.createdAt.toISOString(),
    updatedAt: space.updatedAt.toISOString(),
    editMode: space.editMode,
    mergeRules: space.mergeRules,
    urls: { location: `${baseUrl}/v1/spaces/${space.id}`, app: `${baseUrl}/s/${space.id}` },
    organization: space.organizationId,
    revision: space.revisionId,
    defaultLevel: space.defaultLevel,
    ...counters,
    permissions: spacePermissions(level),
  };
  if (space.deletedAt) out.deletedAt = space.deletedAt.toISOString();
  if (space.parentId) out.parent = space.parentId;
  if (space.language) out.language = space.language;
  if (space.visibility !== 'private') out.urls.published = `${baseUrl}/s/${space.id}/published`;
  if (space.visibility === 'public') out.urls.public = `${baseUrl}/s/${space.id}/public`;
  return out;
}
