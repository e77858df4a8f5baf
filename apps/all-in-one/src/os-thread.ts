import { readlinkSync } from 'node:fs';

/**
 * The operating system's id of the calling thread (Linux: `/proc/thread-self` links to
 * `<pid>/task/<tid>`), or undefined elsewhere. Node names no worker thread for the system, so this
 * id is what ties a thread of the process to `top -H`, `/proc/<pid>/task/<tid>/schedstat` (its CPU,
 * its time runnable but not running) or `perf`.
 */
export function osThreadId(): number | undefined {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    return Number.isInteger(tid) ? tid : undefined;
  } catch {
    return undefined;
  }
}
