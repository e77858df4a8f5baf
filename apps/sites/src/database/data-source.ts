import { createServiceDataSource } from '@bindery/platform';
import { CreateSites1767571200000 } from './migrations/1767571200000-CreateSites';
import { CreateOpenApiSpecs1767657600000 } from './migrations/1767657600000-CreateOpenApiSpecs';
import { SiteStructure1767571300000 } from './migrations/1767571300000-SiteStructure';
import { CreatePublishingAuth1767744000000 } from './migrations/1767744000000-CreatePublishingAuth';
import { UniqueSiteHostname1767830400000 } from './migrations/1767830400000-UniqueSiteHostname';
import { OpenApiSourceFiles1767916800000 } from './migrations/1767916800000-OpenApiSourceFiles';
import { SiteCustomization1768003200000 } from './migrations/1768003200000-SiteCustomization';
import { PageFeedback1768089600000 } from './migrations/1768089600000-PageFeedback';
import { DropUnusedJobsIndex1796310000000 } from './migrations/1796310000000-DropUnusedJobsIndex';

export const SITES_SCHEMA = 'sites';

export const sitesMigrations = [
  CreateSites1767571200000,
  SiteStructure1767571300000,
  CreateOpenApiSpecs1767657600000,
  CreatePublishingAuth1767744000000,
  UniqueSiteHostname1767830400000,
  OpenApiSourceFiles1767916800000,
  SiteCustomization1768003200000,
  PageFeedback1768089600000,
  DropUnusedJobsIndex1796310000000,
];

/** The sites context's own schema, reached with its own role (DATABASE_URL). */
export const createSitesDataSource = (url: string) =>
  createServiceDataSource({ url, schema: SITES_SCHEMA, entities: [], migrations: sitesMigrations });
