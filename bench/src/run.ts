import { startTestStack, stopTestStack } from '@bindery/testing';
import { BENCHES } from './benches';

/** `pnpm bench [name…]`: a fresh stack on free ports, then each benchmark, figures on stdout. */
async function main(): Promise<void> {
  const wanted = process.argv.slice(2);
  const selected = Object.entries(BENCHES).filter(([name]) => wanted.length === 0 || wanted.includes(name));
  if (selected.length === 0) throw new Error(`unknown benchmark; choose from: ${Object.keys(BENCHES).join(', ')}`);
  process.env.BINDERY_APP_LOG_LEVEL ??= 'warn';
  // The git sync bench serves its repository on 127.0.0.1 (a test stack: loopback allowed, as in e2e).
  process.env.GIT_ALLOW_PRIVATE_HOSTS ??= '127.0.0.1';
  console.log('Starting a fresh stack for the benchmarks …');
  await startTestStack();
  try {
    for (const [name, bench] of selected) {
      console.log(`\n## ${name}`);
      for (const line of await bench()) console.log(line);
    }
  } finally {
    await stopTestStack();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
