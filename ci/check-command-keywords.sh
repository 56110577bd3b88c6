#!/usr/bin/env bash
# The static layer's command keywords against the toolchain's own command table: Lean
# (ci/CommandKeywords.lean, with Mathlib and FrontierBench.Util imported, as a submission
# may) writes the leading token of every command parser; openfrontiers.submission.keywords
# fails naming each token the static layer does not cover. Needs `lake build` first.
set -euo pipefail
cd "$(dirname "$0")/.."
table="$(mktemp)"
trap 'rm -f "$table"' EXIT
OFB_COMMAND_TABLE="$table" lake env lean ci/CommandKeywords.lean
PYTHONPATH="$PWD/tools${PYTHONPATH:+:$PYTHONPATH}" python3 -m openfrontiers.submission.keywords "$table"
