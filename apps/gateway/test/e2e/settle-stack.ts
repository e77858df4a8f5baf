import { settleTestStack } from '@bindery/testing';

// After each test file: a restart of the all-in-one process the file asked for (`startApp` does not
// wait for it) ends before the next file starts, so it never runs, or records its process, over it.
afterAll(() => settleTestStack(), 300_000);
