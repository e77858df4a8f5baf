#!/usr/bin/env bash
# Installs what Bindery needs on a fresh Debian machine with Node 20: pnpm (through corepack),
# PostgreSQL and nats-server (from Debian's packages). Safe to run again; installs only what is missing.
set -euo pipefail

need_apt=()
if ! command -v pg_config >/dev/null 2>&1 && ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
  need_apt+=(postgresql)
fi
command -v nats-server >/dev/null 2>&1 || need_apt+=(nats-server)
# The test suite validates docker-compose.yml with `docker-compose config` (no engine needed).
if [ "${1:-}" = "--for-tests" ]; then
  command -v docker-compose >/dev/null 2>&1 || need_apt+=(docker-compose)
  command -v git >/dev/null 2>&1 || need_apt+=(git)
fi
if [ ${#need_apt[@]} -gt 0 ]; then
  echo "Installing ${need_apt[*]} with apt-get …"
  SUDO=""
  [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need_apt[@]}" >/dev/null
fi

export COREPACK_ENABLE_DOWNLOAD_PROMPT=0
if ! (corepack enable >/dev/null 2>&1 && pnpm --version >/dev/null 2>&1); then
  # Older corepack releases cannot verify the registry's current signing keys; update it.
  echo "Updating corepack …"
  npm install -g corepack@latest >/dev/null 2>&1
  hash -r
  corepack enable
  pnpm --version >/dev/null
fi
