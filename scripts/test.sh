#!/usr/bin/env bash
# `pnpm test`: every test. Unit tests, then end-to-end tests against a fresh real stack
# (Postgres, NATS with JetStream, every app) started on free loopback ports.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/prepare.sh --for-tests
export COREPACK_ENABLE_DOWNLOAD_PROMPT=0
pnpm turbo run test --concurrency=1
pnpm --filter @bindery/gateway run test:e2e
