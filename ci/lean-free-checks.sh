#!/usr/bin/env bash
# The project's checks that need no Lean, run by .ci/run before the tests and by the
# workflow's Lean job: the statement rules on the whole tree (register consistency
# included), FrontierBench.lean importing every statement, and the generated reports
# (docs/statements-report.md, the evaluator's curation report and docs/hq50-selection.md)
# matching what the tools write today. Every check runs and prints its findings; the script
# fails naming those that failed. Arguments choose checks by name (default: all).
set -uo pipefail
cd "$(dirname "$0")/.." || exit 1
# The checkout's own tools, whichever openfrontiers is installed.
export PYTHONPATH="$PWD/tools${PYTHONPATH:+:$PYTHONPATH}"
ofb() { python3 -m openfrontiers "$@"; }

declare -A checks=(
  [statements]="ofb check"
  [sync]="ofb sync --check"
  [report]="ofb items report --check"
  [selection]="ofb items select --check --out docs/hq50-selection.md"
)
order=(statements sync report selection)
chosen=("$@")
[ ${#chosen[@]} -gt 0 ] || chosen=("${order[@]}")

failed=()
for name in "${chosen[@]}"; do
  if [ -z "${checks[$name]:-}" ]; then
    echo "ci/lean-free-checks.sh: unknown check '$name' (known: ${order[*]})" >&2
    exit 2
  fi
  echo "--- $name: ${checks[$name]}"
  # Word splitting is meant: each entry is a command line without quoted arguments.
  # shellcheck disable=SC2086
  if ! ${checks[$name]}; then
    failed+=("$name")
  fi
done

if [ ${#failed[@]} -gt 0 ]; then
  echo "Lean-free checks failed: ${failed[*]}" >&2
  exit 1
fi
echo "Lean-free checks passed: ${chosen[*]}"
