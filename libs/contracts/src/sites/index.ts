import { healthSubject } from '../health';

/** Request subjects of the sites context (`sites.<aggregate>.<verb>`). */
export const SitesSubjects = {
  health: healthSubject('sites'),
} as const;
export * from './openapi';
