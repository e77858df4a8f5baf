import { startTestStack, stopTestStack } from '@bindery/testing';
import { BENCHES } from './benches';
import { prepareSoakTracing, soakTraceCollector } from './soak-traces';

/** `pnpm bench [name…]`: a fresh stack on free ports, then each benchmark, figures on stdout. */
async function main(): Promise<void> {
  const args = process.argv.slice(2);
  // `--quick`: CI-sized runs (a few seconds) of the benchmarks that support it.
  if (args.includes('--quick')) process.env.BENCH_QUICK = '1';
  const wanted = args.filter((arg) => !arg.startsWith('--'));
  const selected = Object.entries(BENCHES).filter(([name]) => wanted.length === 0 || wanted.includes(name));
  if (selected.length === 0) throw new Error(`unknown benchmark; choose from: ${Object.keys(BENCHES).join(', ')}`);
  process.env.BINDERY_APP_LOG_LEVEL ??= 'warn';
  // The gateway's rate limiter runs, as `pnpm start` has it (the test stack turns it off), with
  // limits no benchmark reaches: the figures include its cost, not a stream of 429s.
  process.env.RATE_LIMIT_PER_TOKEN ??= '1000000000';
  process.env.RATE_LIMIT_PER_ADDRESS ??= '1000000000';
  // Postgres flushes its WAL at each commit, as `pnpm start` has it (the test stack turns fsync off):
  // a write's figures include waiting for the disk.
  process.env.BINDERY_PG_FSYNC ??= 'on';
  // The git sync bench serves its repository on 127.0.0.1 (a test stack: loopback allowed, as in e2e).
  process.env.GIT_ALLOW_PRIVATE_HOSTS ??= '127.0.0.1';
  // `SOAK_TRACE`: the apps export spans to the bench process, which must listen before they start.
  if (selected.some(([name]) => name === 'soak')) await prepareSoakTracing();
  console.log('Starting a fresh stack for the benchmarks …');
  await startTestStack();
  try {
    for (const [name, bench] of selected) {
      console.log(`\n## ${name}`);
      for (const line of await bench()) console.log(line);
    }
  } finally {
    await stopTestStack();
    await soakTraceCollector()?.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
