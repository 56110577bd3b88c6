#!/usr/bin/env bash
# The Lean summary, uploaded by CI as an artifact: per statement whether it elaborates (with
# Lean's messages), the #guard_msgs tests, per probe its outcome, and the grader
# self-test's Lean cases, in one JSON file (openfrontiers/lean_summary.py). Every command
# runs whatever the others did; each writes its JSON and its log into OUT, and the summary
# records an input that is missing or broken. Needs what ci/probe.sh and
# ci/grade-selftest.sh need (Mathlib built, root for the jail).
set -uo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
out="$(mkdir -p "${1:-$root/lean-summary}" && cd "${1:-$root/lean-summary}" && pwd)"
# elan finds its toolchains under ELAN_HOME (default ~/.elan), which sudo would move to root's.
run() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo -E env "PATH=$PATH" "ELAN_HOME=${ELAN_HOME:-$HOME/.elan}" "$@"; fi; }
cd "$root" || exit 1

landrun="$("$root/ci/grader-tools.sh" 2> "$out/grader-tools.log" | tail -n1)"
export PATH="$landrun:$PATH"
run ofb build --format json > "$out/build.json" 2> "$out/build.log"
mapfile -t tests < <(find FrontierBenchTest -name '*.lean' | sort)
run ofb build --format json "${tests[@]}" > "$out/guard.json" 2> "$out/guard.log"
run ofb probe --subset written --format json --jobs 2 > "$out/probes.json" 2> "$out/probes.log"
run ofb grade selftest --format json > "$out/selftest.json" 2> "$out/selftest.log"

python3 "$root/ci/lean-summary.py" \
  --build "$out/build.json" --guard "$out/guard.json" \
  --probes "$out/probes.json" --selftest "$out/selftest.json" \
  --lean-version "$(lean --version 2>&1)" --out "$out/summary.json"
