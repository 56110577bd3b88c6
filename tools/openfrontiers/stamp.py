"""Where a record was produced: every attempt, verdict and probe report carries a `node`
stamp, so that records from a cluster and from one machine read the same way."""

from __future__ import annotations


def local_stamp(jail_check: dict | None = None) -> dict:
    """This machine, for the local executor (the jail check where the verb ran one); a Ray
    task stamps its node instead (`cluster.node.stamp`)."""
    return {"executor": "local", "id": None, "group": None, "jail_check": jail_check}
