#!/usr/bin/env bash
# Build the grader's second checker and its tools (comparator/README.md), then run the
# grader's self-test: every case of the attack corpus, the Lean ones included. Needs elan,
# Go (landrun) and the network; the jail needs root, as in ci/probe.sh.
set -euo pipefail
run() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo -E env "PATH=$PATH" "$@"; fi; }
root="$(cd "$(dirname "$0")/.." && pwd)"
# landrun at a fixed commit (comparator/README.md), never its moving main branch.
LANDRUN_REPOSITORY=https://github.com/Zouuup/landrun
LANDRUN_COMMIT=811cfff51ceaf3d9843708aa6d22e9b84ccac8b4

(cd "$root/comparator" && lake build comparator)
# lean4export's lake-manifest.json is committed (tag v4.33.0 resolved to its commit): build
# what it pins, never `lake update`.
(cd "$root/comparator/lean4export" && lake build lean4export)
tools="${RUNNER_TEMP:-/tmp}/ofb-grader-tools"
landrun="$tools/landrun-$LANDRUN_COMMIT"
if [ ! -x "$landrun/landrun" ]; then
  rm -rf "$landrun"
  git init -q "$landrun"
  git -C "$landrun" fetch -q --depth 1 "$LANDRUN_REPOSITORY" "$LANDRUN_COMMIT"
  git -C "$landrun" checkout -q FETCH_HEAD
  test "$(git -C "$landrun" rev-parse HEAD)" = "$LANDRUN_COMMIT"
  (cd "$landrun" && go build -o landrun cmd/landrun/main.go)
fi
export PATH="$landrun:$PATH"
run ofb jail check
run ofb grade selftest
