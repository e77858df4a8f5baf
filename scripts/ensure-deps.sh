#!/usr/bin/env bash
# Installs what Bindery needs on a fresh Debian machine with Node 20: pnpm (through corepack),
# PostgreSQL and nats-server (from Debian's packages). Safe to run again; installs only what is missing.
set -euo pipefail

need_apt=()
if ! command -v pg_config >/dev/null 2>&1 && ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
  need_apt+=(postgresql)
fi
command -v nats-server >/dev/null 2>&1 || need_apt+=(nats-server)
# The translations worker's default engine: Apertium's HTTP server and its language pairs. English ↔
# Spanish, and French ↔ Spanish (apertium-fr-es), which the worker chains to reach French from English.
command -v apertium-apy >/dev/null 2>&1 || need_apt+=(apertium-apy)
[ -e /usr/share/apertium/modes/eng-spa.mode ] || need_apt+=(apertium-eng-spa)
[ -e /usr/share/apertium/modes/es-fr.mode ] || need_apt+=(apertium-fr-es)
# The test suite validates docker-compose.yml with `docker-compose config` (no engine needed).
if [ "${1:-}" = "--for-tests" ]; then
  command -v docker-compose >/dev/null 2>&1 || need_apt+=(docker-compose)
  command -v git >/dev/null 2>&1 || need_apt+=(git)
  # The reader's browser tests drive Debian's headless Chromium.
  command -v chromium >/dev/null 2>&1 || need_apt+=(chromium)
fi
if [ ${#need_apt[@]} -gt 0 ]; then
  echo "Installing ${need_apt[*]} with apt-get …"
  SUDO=""
  [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need_apt[@]}" >/dev/null
fi

export COREPACK_ENABLE_DOWNLOAD_PROMPT=0
pnpm_works() { pnpm --version >/dev/null 2>&1; }
# The pnpm version pinned by package.json's "packageManager" field.
pinned_pnpm() { node -p 'require("./package.json").packageManager.split("@")[1].split("+")[0]'; }

if ! (corepack enable >/dev/null 2>&1 && pnpm_works); then
  # Older corepack releases cannot verify the registry's current signing keys; update it. A freshly
  # updated corepack has been seen to fail its first signature check and pass the next, so try twice.
  echo "Updating corepack …"
  npm install -g corepack@latest >/dev/null 2>&1 || true
  hash -r
  corepack enable >/dev/null 2>&1 || true
  pnpm_works || pnpm_works || true
fi
if ! pnpm_works; then
  # Last resort: install the pinned pnpm straight from the npm registry, without corepack.
  version="$(pinned_pnpm)"
  echo "corepack could not provide pnpm; installing pnpm@${version} with npm …"
  corepack disable pnpm >/dev/null 2>&1 || true
  npm install -g "pnpm@${version}" >/dev/null
  hash -r
  pnpm --version >/dev/null
fi
