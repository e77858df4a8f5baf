import 'reflect-metadata';
import { migrateMain } from '@bindery/platform';
import { createTranslationsDataSource, TRANSLATIONS_SCHEMA } from './database/data-source';

migrateMain(TRANSLATIONS_SCHEMA, createTranslationsDataSource);
