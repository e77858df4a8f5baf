// `pnpm exec vitest run` at the root: every service's service-alone tier in one run, so Postgres
// and NATS start once (the second project's global setup finds them running and reuses them).
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { projects: ['apps/*/vitest.config.mts'] },
});
