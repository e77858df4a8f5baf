#!/usr/bin/env bash
# `pnpm bench [name…]`: builds, then runs the benchmarks against a fresh local stack.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-deps.sh
export COREPACK_ENABLE_DOWNLOAD_PROMPT=0
pnpm install --frozen-lockfile
pnpm build
node bench/dist/run.js "$@"
