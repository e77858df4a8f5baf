#!/usr/bin/env bash
# `pnpm start` / `bash scripts/start.sh`: installs what is missing, builds, and runs the whole system.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/prepare.sh
exec node libs/stack/dist/bin/start.js "$@"
