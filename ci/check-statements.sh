#!/usr/bin/env bash
# The statement rules: on a pull request first the changed statements (fast feedback on
# the files the PR touches), then every Lean-free check on the whole tree (register
# consistency, FrontierBench.lean's imports, the generated reports), as .ci/run runs them.
set -euo pipefail
if [ -n "${GITHUB_BASE_REF:-}" ]; then
  git fetch --quiet origin "$GITHUB_BASE_REF"
  ofb check --changed-since "origin/$GITHUB_BASE_REF"
fi
"$(dirname "$0")/lean-free-checks.sh"
