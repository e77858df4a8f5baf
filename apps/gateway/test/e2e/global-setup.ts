import { startTestStack } from '@bindery/testing';

/** One real stack (Postgres, NATS with JetStream, every app) for the whole end-to-end run. */
export default async function globalSetup(): Promise<void> {
  await startTestStack();
}
