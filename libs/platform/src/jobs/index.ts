export * from './job';
export * from './backoff';
export * from './job-store';
export * from './enqueue';
export * from './run-job';
export * from './run-worker';
export * from './worker-main';
