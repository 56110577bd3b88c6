"""Runs one attempt with a stand-in model, for the tests: `driver.py SPEC.json`.

The tests start it inside `unshare -n` (a network namespace holding only `lo`), so the
stand-in model, the harness's host services and the agent jail all live on a loopback
that leads nowhere. It writes `result.json` (the attempt record, or the error) and
`standin.json` (every request the stand-in received) next to the spec."""

from __future__ import annotations

import json
import sys
import traceback
from dataclasses import replace
from datetime import date
from pathlib import Path

HERE = Path(__file__).resolve()
sys.path.insert(0, str(HERE.parents[2] / "tools"))

from openfrontiers.harness.attempt import AttemptSpec, run_attempt  # noqa: E402
from openfrontiers.harness.config import (  # noqa: E402
    AttemptLimits,
    Condition,
    ContinuationRules,
    Protocol,
    Upstream,
    load_config,
)
from openfrontiers.harness.profiles import get_profile  # noqa: E402
from openfrontiers.harness.standin import StandinModel  # noqa: E402


def main(spec_path: Path) -> int:
    spec = json.loads(spec_path.read_text())
    here = spec_path.parent
    config = load_config(Path(spec["config"])) if spec.get("config") else load_config(None)
    profiles = Path(spec["profiles"]) if spec.get("profiles") else None
    result: dict = {}
    with StandinModel(spec["script"]) as model:
        upstream = spec.get("upstream") or model.url
        attempt = AttemptSpec(
            packet=Path(spec["packet"]),
            out=Path(spec["out"]),
            profile=get_profile(spec["profile"], profiles),
            model=spec.get("model", "standin-model"),
            condition=Condition(spec.get("condition", "A")),
            protocol=Protocol(spec.get("protocol", "native")),
            config=replace(config, upstream=Upstream(upstream)),
            limits=AttemptLimits(**spec.get("limits", {})),
            rules=ContinuationRules(**spec.get("rules", {})),
            cutoff=date.fromisoformat(spec.get("cutoff", "2026-01-06")),
            clis=Path(spec["clis"]) if spec.get("clis") else None,
            agent_exe=Path(spec["agent_exe"]) if spec.get("agent_exe") else None,
            allow_no_sources=spec.get("allow_no_sources", False),
            allow_no_lean=spec.get("allow_no_lean", False),
        )
        try:
            result = {"record": run_attempt(attempt)}
        except Exception as exc:  # noqa: BLE001 - reported to the test
            result = {"error": f"{type(exc).__name__}: {exc}", "trace": traceback.format_exc()}
        (here / "standin.json").write_text(json.dumps(model.requests))
    (here / "result.json").write_text(json.dumps(result, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1])))
