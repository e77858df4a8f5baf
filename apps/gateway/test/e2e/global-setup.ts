import { startTestStack } from '@bindery/testing';

/** One real stack (Postgres, NATS with JetStream, every app) for the whole end-to-end run. */
export default async function globalSetup(): Promise<void> {
  // Git sync's tests serve repositories on 127.0.0.1: allowed by configuration, in tests only.
  process.env.GIT_ALLOW_PRIVATE_HOSTS ??= '127.0.0.1';
  await startTestStack();
}
