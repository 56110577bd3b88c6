#!/usr/bin/env bash
# lake-manifest.json must be what Lake resolves from lakefile.toml: Mathlib at its pinned
# commit and Mathlib's own dependencies at the revisions Mathlib's manifest names.
set -euo pipefail
MATHLIB_NO_CACHE_ON_UPDATE=1 lake update
if ! git diff --exit-code -- lake-manifest.json; then
  echo "lake-manifest.json drifted from what Lake resolves: commit the file lake update wrote" >&2
  exit 1
fi
