/** The bounded contexts the gateway routes to; /readyz waits for every one of them. */
export const ROUTED_SERVICES = ['identity', 'content', 'collaboration', 'sites', 'conversations', 'translations', 'git-sync'] as const;
