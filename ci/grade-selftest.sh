#!/usr/bin/env bash
# Build the grader's tools (ci/grader-tools.sh), then run the grader's self-test: every
# case of the attack corpus, the Lean ones included. The jail needs root, as in ci/probe.sh.
set -euo pipefail
# elan finds its toolchains under ELAN_HOME (default ~/.elan), which sudo would move to root's.
run() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo -E env "PATH=$PATH" "ELAN_HOME=${ELAN_HOME:-$HOME/.elan}" "$@"; fi; }
root="$(cd "$(dirname "$0")/.." && pwd)"
landrun="$("$root/ci/grader-tools.sh" | tail -n1)"
export PATH="$landrun:$PATH"
run ofb jail check
run ofb grade selftest
