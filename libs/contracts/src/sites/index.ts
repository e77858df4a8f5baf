import { healthSubject } from '../health';
import { SiteSubjects } from './site-subjects';

export * from './site-subjects';
export * from './sites';
export * from './structure';
export * from './published';
export * from './adaptive';
export * from './rpc';

/** Request subjects of the sites context (`sites.<aggregate>.<verb>`). */
export const SitesSubjects = {
  health: healthSubject('sites'),
  ...SiteSubjects,
} as const;
export * from './openapi';
export * from './publishing-auth';
