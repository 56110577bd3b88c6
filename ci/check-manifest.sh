#!/usr/bin/env bash
# Every committed lake-manifest.json must be what Lake resolves from its lakefile, in the
# layout Lake writes: the root (Mathlib at its pinned commit, Mathlib's own dependencies at
# the revisions Mathlib's manifest names), comparator/, comparator/lean4export/ (its tag
# resolved to a commit) and repl/.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
failed=0
for dir in . comparator comparator/lean4export repl; do
  (cd "$root/$dir" && MATHLIB_NO_CACHE_ON_UPDATE=1 lake update)
  if ! git -C "$root" diff --exit-code -- "$dir/lake-manifest.json"; then
    echo "$dir/lake-manifest.json drifted from what Lake resolves: commit the file lake update wrote" >&2
    failed=1
  fi
done
exit "$failed"
