import type { NoResult } from '../context';
import type { MemberSpace } from '../identity';
import type { List, PageQuery } from '../pagination';
import { MEMBER_ROLES, type MemberRole } from '../roles';
import type { MoveInput, TransferInput } from './collections';
import type { ContentSubjects } from './subjects';

export type DefaultLevel = MemberRole | 'inherit';
/** Every DefaultLevel: a member role, or `inherit` from the parent collection or organization. */
export const DEFAULT_LEVELS: readonly DefaultLevel[] = [...MEMBER_ROLES, 'inherit'];
export type SpaceVisibility = 'public' | 'unlisted' | 'share-link' | 'visitor-auth' | 'in-collection' | 'private';

export interface SpacePermissions {
  view: boolean;
  access: boolean;
  admin: boolean;
  viewInviteLinks: boolean;
  edit: boolean;
  triggerGitSync: boolean;
  comment: boolean;
  merge: boolean;
  review: boolean;
  installIntegration: boolean;
}

/** Wire shape of a space (spec + fields the official document marks required). */
export interface Space {
  object: 'space';
  id: string;
  title: string;
  emoji: string;
  visibility: SpaceVisibility;
  createdAt: string;
  updatedAt: string;
  deletedAt?: string;
  editMode: 'live' | 'locked';
  mergeRules: Record<string, unknown>;
  urls: { location: string; app: string; published?: string; public?: string; icon?: string };
  organization: string;
  parent?: string;
  language?: string;
  revision: string;
  defaultLevel: DefaultLevel;
  comments: number;
  changeRequests: number;
  changeRequestsOpen: number;
  changeRequestsDraft: number;
  permissions: SpacePermissions;
}

export interface SpaceListInput extends PageQuery {
  organizationId: string;
}
export interface SpaceAccessInput {
  spaceId: string;
  /** Whose level; the caller's when absent. */
  userId?: string;
}
export interface SpaceAccessResult {
  space: string;
  organization: string;
  user: string;
  /** The user's level on the space; null: no access (a guest, a non-member). */
  level: MemberRole | null;
  permissions: SpacePermissions;
}
export interface MemberSpacesListInput extends PageQuery {
  organizationId: string;
  userId: string;
}
export interface SpaceCreateInput {
  organizationId: string;
  title?: string;
  emoji?: string;
  /** Collection to create the space in. */
  parent?: string;
  language?: string;
  editMode?: 'live' | 'locked';
}
export interface SpaceRef {
  spaceId: string;
  shareKey?: string;
}
export interface SpaceUpdateInput extends SpaceRef {
  title?: string;
  emoji?: string;
  editMode?: 'live' | 'locked';
  defaultLevel?: DefaultLevel;
  language?: string;
  mergeRules?: Record<string, unknown>;
}
export interface SpaceMoveInput extends SpaceRef, MoveInput {}
export interface SpaceTransferInput extends SpaceRef, TransferInput {}

/** Payload of every `content.space.*` event. */
export interface SpaceEvent {
  spaceId: string;
  organizationId: string;
  at: string;
}

export interface SpacesRpc {
  [ContentSubjects.spaceList]: { input: SpaceListInput; result: List<Space> };
  [ContentSubjects.spaceAccess]: { input: SpaceAccessInput; result: SpaceAccessResult };
  [ContentSubjects.memberSpaces]: { input: MemberSpacesListInput; result: List<MemberSpace> };
  [ContentSubjects.spaceCreate]: { input: SpaceCreateInput; result: Space };
  [ContentSubjects.spaceGet]: { input: SpaceRef; result: Space };
  [ContentSubjects.spaceUpdate]: { input: SpaceUpdateInput; result: Space };
  [ContentSubjects.spaceDelete]: { input: SpaceRef; result: NoResult };
  [ContentSubjects.spaceRestore]: { input: SpaceRef; result: Space };
  [ContentSubjects.spaceDuplicate]: { input: SpaceRef; result: Space };
  [ContentSubjects.spaceMove]: { input: SpaceMoveInput; result: Space };
  [ContentSubjects.spaceTransfer]: { input: SpaceTransferInput; result: Space };
}
