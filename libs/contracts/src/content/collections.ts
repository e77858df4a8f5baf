import type { NoResult } from '../context';
import type { List, PageQuery } from '../pagination';
import type { DefaultLevel, Space } from './spaces';
import type { ContentSubjects } from './subjects';

export interface Collection {
  object: 'collection';
  id: string;
  title: string;
  description?: string;
  organization: string;
  parent?: string;
  defaultLevel: DefaultLevel;
  urls: { location: string; app: string };
  permissions: { view: boolean; admin: boolean; viewInviteLinks: boolean; create: boolean };
}

/** Where a moved space or collection goes among its new siblings. */
export interface ContentPosition {
  before?: { type: 'space'; space: string } | { type: 'collection'; collection: string };
  after?: { type: 'space'; space: string } | { type: 'collection'; collection: string };
}

export interface MoveInput {
  /** Target collection; null moves to the top level; undefined keeps the current one. */
  parent?: string | null;
  position?: ContentPosition;
}
export interface CollectionRef {
  collectionId: string;
}
export interface CollectionCreateInput {
  organizationId: string;
  title?: string;
  parent?: string;
}
export interface CollectionUpdateInput extends CollectionRef {
  title?: string;
  description?: string;
  defaultLevel?: DefaultLevel;
}
export interface CollectionListInput extends PageQuery {
  organizationId: string;
  /** All nested collections (default) or only top-level ones. */
  nested?: boolean;
}
export interface CollectionSpacesInput extends CollectionRef, PageQuery {}
export interface CollectionMoveInput extends CollectionRef, MoveInput {}

export interface TransferInput {
  /** The organization to move to; the caller administers both. */
  organization: string;
}
export interface CollectionTransferInput extends CollectionRef, TransferInput {}

export interface CollectionsRpc {
  [ContentSubjects.collectionCreate]: { input: CollectionCreateInput; result: Collection };
  [ContentSubjects.collectionGet]: { input: CollectionRef; result: Collection };
  [ContentSubjects.collectionUpdate]: { input: CollectionUpdateInput; result: Collection };
  [ContentSubjects.collectionDelete]: { input: CollectionRef; result: NoResult };
  [ContentSubjects.collectionList]: { input: CollectionListInput; result: List<Collection> };
  [ContentSubjects.collectionSpaces]: { input: CollectionSpacesInput; result: List<Space> };
  [ContentSubjects.collectionMove]: { input: CollectionMoveInput; result: Collection };
  [ContentSubjects.collectionTransfer]: { input: CollectionTransferInput; result: Collection };
}
