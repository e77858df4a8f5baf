import { startTestStack } from '@bindery/testing';

/** One real stack (Postgres, NATS with JetStream, every app) for the whole end-to-end run. */
export default async function globalSetup(): Promise<void> {
  // Git sync's tests serve repositories on 127.0.0.1: allowed by configuration, in tests only.
  process.env.GIT_ALLOW_PRIVATE_HOSTS ??= '127.0.0.1';
  // Content sends a page tree over 1 MiB in parts (56 MiB otherwise, a 1,000-page space): every
  // test reading a large tree (imports of real repositories, content-page-tree-parts) reads parts.
  process.env.PAGE_TREE_PART_BYTES ??= String(1024 * 1024);
  await startTestStack();
}
