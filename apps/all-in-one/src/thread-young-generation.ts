import { setFlagsFromString } from 'node:v8';

/**
 * Unsets the process's young-generation flags once the main thread's heap is sized by them, so that
 * every thread started afterwards sizes its own: the apps threads by their `resourceLimits`
 * (apps-thread.ts), the Markdown and other job threads by V8's default. A V8 flag set when the
 * process starts is read again by each new thread and overrides its `resourceLimits`; the all-in-one
 * process starts with the main thread's larger semi-space (`allInOneNodeArgs`, libs/stack), which
 * would otherwise give every thread a 64 MB young generation. Unset is V8's 0: "its default".
 */
export function letThreadsSizeTheirYoungGeneration(): void {
  setFlagsFromString('--max-semi-space-size=0');
  setFlagsFromString('--min-semi-space-size=0');
}
