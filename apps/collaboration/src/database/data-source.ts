import { createServiceDataSource } from '@bindery/platform';
import { CreateCollaboration1767484800000 } from './migrations/1767484800000-CreateCollaboration';
import { CreateComments1767571200000 } from './migrations/1767571200000-CreateComments';
import { CommentTargetOpenCount1795651200000 } from './migrations/1795651200000-CommentTargetOpenCount';
import { CommentTargetTotalAndVisibleIndexes1795824000000 } from './migrations/1795824000000-CommentTargetTotalAndVisibleIndexes';

export const COLLABORATION_SCHEMA = 'collaboration';

export const collaborationMigrations = [
  CreateCollaboration1767484800000,
  CreateComments1767571200000,
  CommentTargetOpenCount1795651200000,
  CommentTargetTotalAndVisibleIndexes1795824000000,
];

/** Collaboration's own schema, reached with its own role (DATABASE_URL). */
export const createCollaborationDataSource = (url: string) =>
  createServiceDataSource({ url, schema: COLLABORATION_SCHEMA, entities: [], migrations: collaborationMigrations });
