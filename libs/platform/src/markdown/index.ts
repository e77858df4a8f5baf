// Document ⇄ Markdown on worker threads, for the services that convert Markdown (content,
// collaboration). Kept apart from the root entry point so the other services do not load the
// Markdown parser and writer.
export * from './markdown-pool';
export * from './markdown-pool.module';
export * from './inline-bounds';
