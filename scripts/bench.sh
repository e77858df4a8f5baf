#!/usr/bin/env bash
# `pnpm bench [name…]`: builds, then runs the benchmarks against a fresh local stack.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/prepare.sh
node bench/dist/run.js "$@"
