#!/usr/bin/env bash
# Shared first step of start, test and bench: system dependencies, locked node_modules, a build.
# Pass --for-tests to also install what only the test suite needs.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-deps.sh "$@"
export COREPACK_ENABLE_DOWNLOAD_PROMPT=0
pnpm install --frozen-lockfile
pnpm build
