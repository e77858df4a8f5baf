import { readlinkSync, writeFileSync } from 'node:fs';

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

/**
 * Names the calling thread for the system (Linux: its `comm`, at most 15 bytes), so `top -H`,
 * `ps -L` and `/proc/<pid>/task/<tid>/comm` tell the process's threads apart: Node leaves every
 * thread it starts named after the process (`node`). Elsewhere, nothing.
 */
export function nameOsThread(name: string): void {
  try {
    writeFileSync('/proc/thread-self/comm', name.slice(0, 15));
  } catch {
    // Not Linux: the thread keeps its name.
  }
}
