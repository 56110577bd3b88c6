#!/usr/bin/env bash
# Fetch Mathlib's build cache, build every statement and the utility library, then build
# the #guard_msgs tests of the utility library (lake test).
set -euo pipefail
lake exe cache get
ofb sync --check          # FrontierBench.lean imports every statement
lake build
lake test
