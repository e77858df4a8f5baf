/**
 * A process that runs several apps' entry points side by side (`apps/all-in-one`) installs a host
 * here before loading them. Without a host (every app's own `node dist/main.js`) nothing changes:
 * `runMain` runs the entry as the process's own, and each app listens to signals itself.
 */
export interface EntryHost {
  /** Takes an entry's start function (given to `runMain`) instead of running it as the whole process. */
  start(main: () => Promise<unknown>): void;
  /** What to close when the process stops, in place of the app's own signal handling. */
  onStop(close: () => Promise<unknown>): void;
  /** An app that cannot go on (a worker's fatal error): the host decides what happens to the process. */
  fail(error: unknown): void;
}

let host: EntryHost | undefined;

export function setEntryHost(next: EntryHost | undefined): void {
  host = next;
}

/** The host running this process's entry points, if any. */
export function entryHost(): EntryHost | undefined {
  return host;
}
