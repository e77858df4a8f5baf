import 'reflect-metadata';
import { migrateMain } from '@bindery/platform';
import { CONTENT_SCHEMA, createContentDataSource } from './database/data-source';

migrateMain(CONTENT_SCHEMA, createContentDataSource);
