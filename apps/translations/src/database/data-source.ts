import { createServiceDataSource } from '@bindery/platform';
import { CreateTranslations1767700000000 } from './migrations/1767700000000-CreateTranslations';
import { AddCompletedRunSeq1767900000000 } from './migrations/1767900000000-AddCompletedRunSeq';
import { DropUnusedJobsIndex1796310000000 } from './migrations/1796310000000-DropUnusedJobsIndex';

export const TRANSLATIONS_SCHEMA = 'translations';

export const translationsMigrations = [CreateTranslations1767700000000, AddCompletedRunSeq1767900000000, DropUnusedJobsIndex1796310000000];

/** Translations' own schema, reached with its own role (DATABASE_URL). */
export const createTranslationsDataSource = (url: string) =>
  createServiceDataSource({ url, schema: TRANSLATIONS_SCHEMA, entities: [], migrations: translationsMigrations });
