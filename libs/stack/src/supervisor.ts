import { isAlive } from './processes';
import type { LocalStack } from './stack';

const CHECK_EVERY_MS = 2000;
const MIN_RESTART_GAP_MS = 5000;

/**
 * Keeps `pnpm start` in the foreground and restarts an app that exits on its own (a crash), at
 * most once per few seconds per app so a crash loop does not spin. Returns a stop function.
 */
export function superviseApps(stack: LocalStack, log: (line: string) => void): () => void {
  const lastRestart = new Map<string, number>();
  const timer = setInterval(() => {
    for (const name of stack.runningUnits) {
      const pid = stack.state.pids[name];
      if (pid && isAlive(pid)) continue;
      const now = Date.now();
      if (now - (lastRestart.get(name) ?? 0) < MIN_RESTART_GAP_MS) continue;
      lastRestart.set(name, now);
      log(`${name} exited; restarting it (see ${stack.logFile(name)})`);
      stack.restartUnit(name);
    }
  }, CHECK_EVERY_MS);
  return () => clearInterval(timer);
}
