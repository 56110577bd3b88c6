#!/usr/bin/env bash
# The statement rules: on a pull request first the changed statements (fast feedback on
# the files the PR touches), then the whole tree (register consistency included).
set -euo pipefail
if [ -n "${GITHUB_BASE_REF:-}" ]; then
  git fetch --quiet origin "$GITHUB_BASE_REF"
  ofb check --changed-since "origin/$GITHUB_BASE_REF"
fi
ofb check
ofb items report --check  # docs/statements-report.md is regenerated from the register
