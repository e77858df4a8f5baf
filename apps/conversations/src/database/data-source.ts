import { createServiceDataSource } from '@bindery/platform';
import { CreateConversations1767571200000 } from './migrations/1767571200000-CreateConversations';
import { RecountClusterStats1779000000000 } from './migrations/1779000000000-RecountClusterStats';
import { VectorSpaces1780000000000 } from './migrations/1780000000000-VectorSpaces';
import { DropUnusedJobsIndex1796310000000 } from './migrations/1796310000000-DropUnusedJobsIndex';

export const CONVERSATIONS_SCHEMA = 'conversations';

export const conversationsMigrations = [
  CreateConversations1767571200000,
  RecountClusterStats1779000000000,
  VectorSpaces1780000000000,
  DropUnusedJobsIndex1796310000000,
];

/** Conversations' own schema, reached with its own role (DATABASE_URL). */
export const createConversationsDataSource = (url: string) =>
  createServiceDataSource({ url, schema: CONVERSATIONS_SCHEMA, entities: [], migrations: conversationsMigrations });
