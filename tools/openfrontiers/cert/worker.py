"""The isolated checker: `python -m openfrontiers.cert.worker ITEM LIMITS_JSON` with the
certificate on stdin; prints one verdict (JSON) on stdout. See `cert.isolate`."""

from __future__ import annotations

import json
import resource
import sys

from .limits import CertLimits


def _limit(kind: int, value: int) -> None:
    _soft, hard = resource.getrlimit(kind)
    if hard != resource.RLIM_INFINITY:
        value = min(value, hard)
    resource.setrlimit(kind, (value, hard))


def main(argv: list[str]) -> int:
    item, limits_json = argv
    limits = CertLimits(**json.loads(limits_json))
    _limit(resource.RLIMIT_AS, limits.memory_mib << 20)
    _limit(resource.RLIMIT_CPU, int(limits.seconds) + 30)
    data = sys.stdin.buffer.read(limits.max_bytes + 1)
    from .check import check_bytes

    verdict = check_bytes(item, data, limits)
    sys.stdout.write(json.dumps(verdict.as_dict(), ensure_ascii=False) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
