#!/usr/bin/env bash
# `pnpm test`: every test. Unit tests; then the service-alone tier (each service's real module on
# real Postgres and NATS, without the gateway: `test/int/*.int-spec.ts`, vitest); then end-to-end
# tests against a fresh real stack (Postgres, NATS with JetStream, every app) on free loopback ports.
#
# The end-to-end tier's topology (libs/testing): one process per app (the default), or every app in
# one process, the small install (apps/all-in-one):
#   bash scripts/test.sh                    one process per app
#   bash scripts/test.sh --all-in-one       every app in one process (or BINDERY_TEST_TOPOLOGY=all-in-one)
#   bash scripts/test.sh --both-topologies  the end-to-end tier in each, one after the other
# CI (`.ci/run`) runs the default: both tiers one after the other would pass its 20-minute budget
# only on a quiet machine, so the all-in-one tier is the flag's (docs/benchmarks.md has both times).
set -euo pipefail
cd "$(dirname "$0")/.."
topologies=("${BINDERY_TEST_TOPOLOGY:-processes}")
for arg in "$@"; do
  case "$arg" in
    --all-in-one) topologies=(all-in-one) ;;
    --both-topologies) topologies=(processes all-in-one) ;;
    *)
      echo "usage: bash scripts/test.sh [--all-in-one | --both-topologies]" >&2
      exit 2
      ;;
  esac
done
bash scripts/prepare.sh --for-tests
export COREPACK_ENABLE_DOWNLOAD_PROMPT=0
# Two packages at a time: each package's jest uses one worker (cores - 1) on the 2-core machine.
pnpm turbo run test --concurrency=2
pnpm exec vitest run   # every service's service-alone tier, one Postgres + NATS for all
for topology in "${topologies[@]}"; do
  echo "end-to-end tests, topology: ${topology}"
  started=$SECONDS
  BINDERY_TEST_TOPOLOGY="${topology}" pnpm --filter @bindery/gateway run test:e2e
  echo "end-to-end tests, topology ${topology}: $((SECONDS - started)) s"
done
pnpm --filter @bindery/reader run test:browser   # published sites in headless Chromium (axe-core)
