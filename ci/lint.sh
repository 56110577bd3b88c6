#!/usr/bin/env bash
# The static checks, run by .ci/run before the tests and by the workflow's lint job: ruff's
# rules and format, mypy at the strictness pyproject.toml states, and the import layers
# (tests/test_layers.py). Every check runs and prints its findings; the script fails when
# any of them failed. The versions are the pinned ones of the `lint` extra.
set -uo pipefail
cd "$(dirname "$0")/.."

failed=()
check() {
  local name=$1
  shift
  echo "--- $name: $*"
  if ! "$@"; then
    failed+=("$name")
  fi
}

check lint python3 -m ruff check --no-cache tools tests benchmarks ci FrontierBench/evaluator
check format python3 -m ruff format --check --no-cache tools tests benchmarks ci FrontierBench/evaluator
check types python3 -m mypy
check layers python3 -m pytest -q -p no:cacheprovider tests/test_layers.py

if [ ${#failed[@]} -gt 0 ]; then
  echo "static checks failed: ${failed[*]}" >&2
  exit 1
fi
echo "static checks passed: lint, format, types, layers"
