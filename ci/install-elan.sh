#!/usr/bin/env bash
# Install elan (the Lean toolchain manager) without a default toolchain: lake and lean
# then follow lean-toolchain in the repository root.
set -euo pipefail
if ! command -v elan >/dev/null 2>&1; then
  curl -sSfL https://raw.githubusercontent.com/leanprover/elan/master/elan-init.sh \
    | sh -s -- -y --default-toolchain none
fi
echo "$HOME/.elan/bin" >> "${GITHUB_PATH:-/dev/null}"
export PATH="$HOME/.elan/bin:$PATH"
elan --version
lean --version   # resolves lean-toolchain, installing the toolchain on first use
