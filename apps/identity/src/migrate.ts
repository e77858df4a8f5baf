import 'reflect-metadata';
import { migrateMain } from '@bindery/platform';
import { createIdentityDataSource, IDENTITY_SCHEMA } from './database/data-source';

migrateMain(IDENTITY_SCHEMA, createIdentityDataSource);
