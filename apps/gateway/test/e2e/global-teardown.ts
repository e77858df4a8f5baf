import { stopTestStack } from '@bindery/testing';

export default async function globalTeardown(): Promise<void> {
  await stopTestStack();
}
