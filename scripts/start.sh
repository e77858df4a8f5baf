#!/usr/bin/env bash
# `pnpm start` / `bash scripts/start.sh`: installs what is missing, builds, and runs the whole system.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-deps.sh
export COREPACK_ENABLE_DOWNLOAD_PROMPT=0
pnpm install --frozen-lockfile
pnpm build
exec node libs/stack/dist/bin/start.js
