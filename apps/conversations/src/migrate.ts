import 'reflect-metadata';
import { migrateMain } from '@bindery/platform';
import { CONVERSATIONS_SCHEMA, createConversationsDataSource } from './database/data-source';

migrateMain(CONVERSATIONS_SCHEMA, createConversationsDataSource);
