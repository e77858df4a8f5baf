// `pnpm run screenshots`: scripts/screenshots.ts in the browser tests' setup (vitest runs the
// ESM-only puppeteer-core and the TypeScript fixtures as they are).
import { defineConfig } from 'vitest/config';

export default defineConfig({
  server: { deps: { external: [/\/libs\/[^/]+\/dist\//] } },
  test: {
    include: ['scripts/screenshots.ts'],
    pool: 'forks',
    poolOptions: { forks: { singleFork: true } },
    testTimeout: 120_000,
    hookTimeout: 60_000,
  },
});
