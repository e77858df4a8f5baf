import 'reflect-metadata';
import { migrateMain } from '@bindery/platform';
import { SITES_SCHEMA, createSitesDataSource } from './database/data-source';

migrateMain(SITES_SCHEMA, createSitesDataSource);
