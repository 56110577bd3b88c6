#!/usr/bin/env bash
# Build the grader's second checker and its tools (comparator/README.md): comparator,
# lean4export for the benchmark's Lean, and landrun at its pinned commit. Needs elan, Go and
# the network. Prints the folder holding landrun as its last line (and adds it to
# GITHUB_PATH on GitHub's runners), for `export PATH="$(ci/grader-tools.sh | tail -n1):$PATH"`.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
# landrun at a fixed commit (comparator/README.md), never its moving main branch.
LANDRUN_REPOSITORY=https://github.com/Zouuup/landrun
LANDRUN_COMMIT=811cfff51ceaf3d9843708aa6d22e9b84ccac8b4

(cd "$root/comparator" && lake build comparator) >&2
# lean4export's lake-manifest.json is committed (tag v4.33.0 resolved to its commit): build
# what it pins, never `lake update`.
(cd "$root/comparator/lean4export" && lake build lean4export) >&2
tools="${RUNNER_TEMP:-/tmp}/ofb-grader-tools"
landrun="$tools/landrun-$LANDRUN_COMMIT"
if [ ! -x "$landrun/landrun" ]; then
  rm -rf "$landrun"
  git init -q "$landrun"
  git -C "$landrun" fetch -q --depth 1 "$LANDRUN_REPOSITORY" "$LANDRUN_COMMIT"
  git -C "$landrun" checkout -q FETCH_HEAD
  test "$(git -C "$landrun" rev-parse HEAD)" = "$LANDRUN_COMMIT"
  (cd "$landrun" && go build -o landrun cmd/landrun/main.go) >&2
fi
[ -n "${GITHUB_PATH:-}" ] && echo "$landrun" >> "$GITHUB_PATH"
echo "$landrun"
