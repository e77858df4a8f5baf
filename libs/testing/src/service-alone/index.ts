// The service-alone tier (`*.int-spec.ts`, run by vitest): its own entry point because it loads
// NestJS (ESM-only), which the jest end-to-end suite, importing the root entry, cannot.
export * from './service-alone';
export { SERVICE_ALONE_DIR_ENV } from './infrastructure';
