import 'reflect-metadata';
import { migrateMain } from '@bindery/platform';
import { COLLABORATION_SCHEMA, createCollaborationDataSource } from './database/data-source';

migrateMain(COLLABORATION_SCHEMA, createCollaborationDataSource);
