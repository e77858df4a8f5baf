// The reader's browser tests: a real headless Chromium (Debian's `chromium`, installed by
// scripts/ensure-deps.sh --for-tests) driven by puppeteer-core against the reader served in-process
// on a free loopback port, with the built-in demo site. Vitest because puppeteer-core is ESM-only.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  server: { deps: { external: [/\/libs\/[^/]+\/dist\//] } },
  test: {
    include: ['test/**/*.browser-spec.ts'],
    pool: 'forks',
    poolOptions: { forks: { singleFork: true } },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
