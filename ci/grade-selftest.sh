#!/usr/bin/env bash
# Build the grader's second checker and its tools (comparator/README.md), then run the
# grader's self-test: every case of the attack corpus, the Lean ones included. Needs elan,
# Go (landrun) and the network; the jail needs root, as in ci/probe.sh.
set -euo pipefail
run() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo -E env "PATH=$PATH" "$@"; fi; }
root="$(cd "$(dirname "$0")/.." && pwd)"
(cd "$root/comparator" && lake build comparator)
(cd "$root/comparator/lean4export" && lake update && lake build lean4export)
tools="${RUNNER_TEMP:-/tmp}/ofb-grader-tools"
if [ ! -x "$tools/landrun/landrun" ]; then
  rm -rf "$tools/landrun"
  git clone --depth 1 https://github.com/Zouuup/landrun "$tools/landrun"
  (cd "$tools/landrun" && go build -o landrun cmd/landrun/main.go)
fi
export PATH="$tools/landrun:$PATH"
run ofb jail check
run ofb grade selftest
