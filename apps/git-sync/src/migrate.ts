import 'reflect-metadata';
import { migrateMain } from '@bindery/platform';
import { createGitSyncDataSource, GIT_SYNC_SCHEMA } from './database/data-source';

migrateMain(GIT_SYNC_SCHEMA, createGitSyncDataSource);
