export * from './openapi-validator';
export * from './api-client';
export * from './test-stack';
