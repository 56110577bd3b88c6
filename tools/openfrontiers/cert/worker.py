"""The isolated checker: `python -m openfrontiers.cert.worker ITEM LIMITS_JSON [VERIFIER]`
with the certificate on stdin; prints one verdict (JSON) on stdout. VERIFIER is the module
file of an evaluator verifier (a solved item's), which the jail shows at its own path. See
`cert.isolate`.

Whatever goes wrong in here ends as a verdict with a short reason on stdout (`refused`,
condition `worker`, naming the error's type); the traceback goes to stderr only, which the
parent never puts into a verdict."""

from __future__ import annotations

import json
import resource
import sys
import traceback
from pathlib import Path

from .limits import CertLimits


def _limit(kind: int, value: int) -> None:
    _soft, hard = resource.getrlimit(kind)
    if hard != resource.RLIM_INFINITY:
        value = min(value, hard)
    resource.setrlimit(kind, (value, hard))


def main(argv: list[str]) -> int:
    item, limits_json, *source = argv
    limits = CertLimits(**json.loads(limits_json))
    _limit(resource.RLIMIT_AS, limits.memory_mib << 20)
    _limit(resource.RLIMIT_CPU, int(limits.seconds) + 30)
    data = sys.stdin.buffer.read(limits.max_bytes + 1)
    from .check import check_data
    from .verdict import Verdict
    from .verifiers import PUBLIC, load_file

    verifier = load_file(item, Path(source[0])) if source else PUBLIC.get(item)
    try:
        verdict = check_data(verifier, data, limits)
    except Exception as exc:  # noqa: BLE001 — a verifier's bug: a short reason out, details to stderr
        traceback.print_exc(file=sys.stderr)
        verdict = Verdict(
            item=verifier.item,
            status="refused",
            direction=verifier.direction,
            condition="worker",
            message=f"the checker failed ({type(exc).__name__}); the evaluator's log has "
            "the details",
            reduction=verifier.reduction,
        )
    sys.stdout.write(json.dumps(verdict.as_dict(), ensure_ascii=False) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
