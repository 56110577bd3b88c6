#!/usr/bin/env bash
# The static checks, run by .ci/run before the tests and by the workflow's lint job: ruff's
# rules and format, mypy at the strictness pyproject.toml states, the import layers
# (tests/test_layers.py), actionlint on the GitHub workflow (which never runs here, so this
# is all that checks it) and shellcheck on the CI scripts. Every check runs and prints its
# findings; the script fails when any of them failed. The versions are the pinned ones of
# the `lint` extra; shellcheck is Debian's (.ci/run installs it).
set -uo pipefail
cd "$(dirname "$0")/.." || exit 1

failed=()
check() {
  local name=$1
  shift
  echo "--- $name: $*"
  if ! command -v "$1" >/dev/null 2>&1; then
    echo "$1 is not installed: ${install[$1]:-pip install -e '.[lint]'}"
    failed+=("$name")
  elif ! "$@"; then
    failed+=("$name")
  fi
}
declare -A install=([shellcheck]="Debian's shellcheck package (.ci/run installs it)")

check lint python3 -m ruff check --no-cache tools tests benchmarks ci FrontierBench/evaluator
check format python3 -m ruff format --check --no-cache tools tests benchmarks ci FrontierBench/evaluator
check types python3 -m mypy
check layers python3 -m pytest -q -p no:cacheprovider tests/test_layers.py
check workflow actionlint -no-color .github/workflows/ci.yml
check shell shellcheck ci/*.sh .ci/run

if [ ${#failed[@]} -gt 0 ]; then
  echo "static checks failed: ${failed[*]}" >&2
  exit 1
fi
echo "static checks passed: lint, format, types, layers, workflow, shell"
