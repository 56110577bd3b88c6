#!/usr/bin/env bash
# The jail self-check, then the probes of Appendix D on every written statement: no cheap
# tactic may prove or refute a statement. The jail needs root for cgroups and a capped
# work dir (it fails closed without them), so the steps run under sudo on hosted runners.
set -euo pipefail
# elan finds its toolchains under ELAN_HOME (default ~/.elan), which sudo would move to root's.
run() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo -E env "PATH=$PATH" "ELAN_HOME=${ELAN_HOME:-$HOME/.elan}" "$@"; fi; }
run ofb jail check
if [ -n "${GITHUB_BASE_REF:-}" ]; then
  run ofb probe --changed-since "origin/$GITHUB_BASE_REF" --jobs 2
else
  run ofb probe --subset written --jobs 2
fi
