import { createServiceDataSource } from '@bindery/platform';
import { CreateCollaboration1767484800000 } from './migrations/1767484800000-CreateCollaboration';

export const COLLABORATION_SCHEMA = 'collaboration';

export const collaborationMigrations = [CreateCollaboration1767484800000];

/** Collaboration's own schema, reached with its own role (DATABASE_URL). */
export const createCollaborationDataSource = (url: string) =>
  createServiceDataSource({ url, schema: COLLABORATION_SCHEMA, entities: [], migrations: collaborationMigrations });
