#!/usr/bin/env bash
# `pnpm test:fuzz [rounds]`: the property tests with fresh random seeds, round after round, for
# hunting counterexamples (CI runs them once with a fixed seed). fast-check prints the seed and the
# shrunk input of a failure: keep it as a regression test beside the property.
set -euo pipefail
cd "$(dirname "$0")/.."
rounds="${1:-20}"
export FC_SEED=random
for round in $(seq 1 "$rounds"); do
  echo "── round $round of $rounds"
  (cd libs/document && npx jest --silent src/round-trip.property.spec.ts)
  (cd apps/sites && npx jest --silent src/structure/position.spec.ts)
  (cd apps/content && npx jest --silent src/exports/pdf-writer.spec.ts)
done
