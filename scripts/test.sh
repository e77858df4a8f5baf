#!/usr/bin/env bash
# `pnpm test`: every test. Unit tests; then the service-alone tier (each service's real module on
# real Postgres and NATS, without the gateway: `test/int/*.int-spec.ts`, vitest); then end-to-end
# tests against a fresh real stack (Postgres, NATS with JetStream, every app) on free loopback ports.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/prepare.sh --for-tests
export COREPACK_ENABLE_DOWNLOAD_PROMPT=0
# Two packages at a time: each package's jest uses one worker (cores - 1) on the 2-core machine.
pnpm turbo run test --concurrency=2
pnpm exec vitest run   # every service's service-alone tier, one Postgres + NATS for all
pnpm --filter @bindery/gateway run test:e2e
pnpm --filter @bindery/reader run test:browser   # published sites in headless Chromium (axe-core)
