export * from './openapi-validator';
export * from './api-client';
export * from './test-stack';
export * from './jobs';
export { TEST_JOBS, TEST_JOB_ACK_WAIT_MS, TEST_JOB_MAX_ATTEMPTS } from './test-worker';
export * from './dev-data';
export * from './git-http-server';
