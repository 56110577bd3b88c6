"""A node's admission: its jail check before it joins, the resources that admit it, and the
stamp every record it produces carries.

`ofb cluster node --group G -- ray start …` runs the jail check (the same probes as
`ofb jail check`), writes the outcome to the node's admission record and starts Ray with
the environment variable `OFB_NODE_RECORD` naming that file (Ray's workers inherit it).
Only when every probe passed does the node advertise `ofb_jail_checked` and its group's
resource; otherwise it joins with `ofb_jail_failed` alone and no task of ours is ever
scheduled there. A task reads the record again before it touches anything (`admitted`)
and refuses to run on a node whose record is missing, unreadable, failed, or of the
other group: the scheduler's resources decide where work goes, the record decides whether
it may run.
"""

from __future__ import annotations

import json
import os
import shlex
import tempfile
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass
from datetime import UTC, datetime
from pathlib import Path

from .. import __version__
from ..errors import OfbError, UsageError

FORMAT = "openfrontiers-node/1"
RECORD_ENV = "OFB_NODE_RECORD"
CHECKED = "ofb_jail_checked"  # advertised only by a node whose jail check passed
REFUSED = "ofb_jail_failed"  # advertised instead by a node whose check failed
GROUPS = {"attempts": "ofb_attempts", "grading": "ofb_grading"}
# Each task asks for one unit of the admission resources; a node advertises many, so CPU
# and memory alone decide how much runs at once.
UNITS = 10_000
# Ray's own traffic, off by Ray's settings: usage statistics, and the one-off report that
# they are off, which Ray otherwise sends to its usage server. The loopback discard port
# refuses it at once. (Set only where the evaluator has not set them.)
RAY_QUIET = {
    "RAY_USAGE_STATS_ENABLED": "0",
    "RAY_USAGE_STATS_REPORT_URL": "http://127.0.0.1:9/",
}


class NodeRefused(OfbError):
    """This node may not run the task: no passed jail check, or the other group."""


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


@dataclass(frozen=True)
class Admission:
    """What `ofb cluster node` found on this node before it joined."""

    group: str  # attempts or grading
    passed: bool
    backend: str | None  # the jail backend checked (bwrap, docker)
    group_limits: str | None  # how limits hold for a whole process tree (None: rlimits)
    probes: int  # probes run
    failed: tuple[str, ...]  # "name: detail" of each failed probe
    error: str = ""  # why the check could not run at all
    checked_at: str = ""
    checkout: str | None = None  # grading nodes: the FrontierBench checkout they grade with
    ofb: str = __version__

    def jail_check(self) -> dict:
        """The check's result as every record of this node states it."""
        return {
            "passed": self.passed,
            "backend": self.backend,
            "group_limits": self.group_limits,
            "probes": self.probes,
            "failed": list(self.failed),
            "error": self.error,
            "checked_at": self.checked_at,
        }

    def as_dict(self) -> dict:
        doc = asdict(self)
        doc["failed"] = list(self.failed)
        return {"format": FORMAT, **doc}

    @classmethod
    def from_dict(cls, doc: Mapping, where: str) -> Admission:
        if doc.get("format") != FORMAT:
            raise NodeRefused(f"{where}: not a node admission record ({FORMAT})")
        try:
            return cls(
                group=str(doc["group"]),
                passed=doc["passed"] is True,
                backend=doc.get("backend"),
                group_limits=doc.get("group_limits"),
                probes=int(doc["probes"]),
                failed=tuple(str(f) for f in doc.get("failed", [])),
                error=str(doc.get("error", "")),
                checked_at=str(doc.get("checked_at", "")),
                checkout=doc.get("checkout"),
                ofb=str(doc.get("ofb", "")),
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise NodeRefused(f"{where}: a broken node admission record ({exc})") from None


def check_node(group: str, jail: str = "auto", jobs: int = 4) -> Admission:
    """Run the jail check on this node, as `ofb jail check` does (grading probes under the
    grader's policy where its tools are installed)."""
    from ..grade.runs import grading_policy_for_check
    from ..jail import get_backend
    from ..jail.check import run_check
    from ..project import Project

    if group not in GROUPS:
        raise UsageError(f"--group {group}: attempts or grading")
    checkout = None
    if group == "grading":
        # A grading node grades with its own checkout (statements' context, the utility
        # library, the toolchain's project); it must have one.
        checkout = str(Project.find().root)
    try:
        backend = get_backend(jail)
        with tempfile.TemporaryDirectory(prefix="ofb-node-check-") as scratch:
            policy = grading_policy_for_check(backend, Path(scratch))
            outcomes = run_check(backend, jobs=jobs, grading=policy.make, private=policy.private)
    except OfbError as exc:
        return Admission(group, False, jail, None, 0, (), str(exc), _now(), checkout)
    failed = tuple(f"{o.name}: {o.detail}" for o in outcomes if not o.ok)
    return Admission(
        group,
        not failed and bool(outcomes),
        backend.name,
        backend.group_limits(),
        len(outcomes),
        failed,
        "" if outcomes else "no probe ran",
        _now(),
        checkout,
    )


def default_record_path() -> Path:
    return Path(tempfile.gettempdir()) / f"ofb-node-{os.getpid()}.json"


def write_record(path: Path, admission: Admission) -> None:
    from ..harness.records import write_json_atomic

    write_json_atomic(path, admission.as_dict())
    path.chmod(0o644)


def read_record(environ: Mapping[str, str]) -> Admission:
    """This node's admission record (named by `OFB_NODE_RECORD`); a node without one was
    not started by `ofb cluster node` and is refused."""
    name = environ.get(RECORD_ENV)
    if not name:
        raise NodeRefused(
            f"this node has no admission record ({RECORD_ENV} is not set): start Ray on it "
            "with `ofb cluster node --group … -- ray start …`, which runs the jail check first"
        )
    try:
        doc = json.loads(Path(name).read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise NodeRefused(f"{name}: cannot read this node's admission record ({exc})") from None
    if not isinstance(doc, dict):
        raise NodeRefused(f"{name}: not a node admission record")
    return Admission.from_dict(doc, name)


def stamp(admission: Admission, node_id: str | None, executor: str = "ray") -> dict:
    """The node as a record states it: the executor, its id, its group and its jail check."""
    return {
        "executor": executor,
        "id": node_id,
        "group": admission.group,
        "jail_check": admission.jail_check(),
    }


def admitted(group: str, environ: Mapping[str, str], node_id: str | None) -> tuple[dict, Admission]:
    """The stamp of this node for a task of `group`; `NodeRefused` unless its jail check
    passed and it belongs to that group."""
    admission = read_record(environ)
    where = f"node {node_id or '?'}"
    if not admission.passed:
        reasons = "; ".join(admission.failed[:5]) or admission.error or "no probe passed"
        raise NodeRefused(f"{where} refuses work: its jail check failed ({reasons})")
    if admission.group != group:
        raise NodeRefused(
            f"{where} refuses {group} work: it was admitted for {admission.group} only "
            "(attempts and grading run on separate node groups)"
        )
    return stamp(admission, node_id), admission


def node_environment(environ: Mapping[str, str], record: Path) -> dict[str, str]:
    """The environment `ray start` runs with: the admission record, Ray's traffic off."""
    env = dict(environ)
    for key, value in RAY_QUIET.items():
        env.setdefault(key, value)
    env[RECORD_ENV] = str(record)
    return env


def _split_resources(args: list[str]) -> tuple[list[str], dict]:
    """`args` without any `--resources`, and the resources they gave (merged)."""
    rest: list[str] = []
    given: dict = {}
    i = 0
    while i < len(args):
        arg = args[i]
        if arg == "--resources" or arg.startswith("--resources="):
            if arg == "--resources":
                if i + 1 >= len(args):
                    raise UsageError("ray start: --resources needs a JSON object")
                text, i = args[i + 1], i + 2
            else:
                text, i = arg.split("=", 1)[1], i + 1
            try:
                value = json.loads(text)
            except ValueError as exc:
                raise UsageError(f"ray start --resources {text!r}: not JSON ({exc})") from None
            if not isinstance(value, dict):
                raise UsageError(f"ray start --resources {text!r}: a JSON object")
            given.update(value)
            continue
        rest.append(arg)
        i += 1
    return rest, given


def ray_start_command(command: Sequence[str], admission: Admission) -> list[str]:
    """The `ray start` command line with the admission resources: the group's and
    `ofb_jail_checked` when the check passed, `ofb_jail_failed` alone when it failed. Any
    of these the command already named is dropped — only the check grants them."""
    argv = list(command)
    if len(argv) == 1:  # one string, e.g. KubeRay's $KUBERAY_GEN_RAY_START_CMD
        argv = shlex.split(argv[0])
    if len(argv) < 2 or Path(argv[0]).name != "ray" or argv[1] != "start":
        shown = " ".join(argv) or "nothing"
        raise UsageError(
            f"after -- comes the `ray start …` command that starts this node, not {shown}"
        )
    rest, given = _split_resources(argv[2:])
    ours = {CHECKED, REFUSED, *GROUPS.values()}
    resources = {k: v for k, v in given.items() if k not in ours}
    if admission.passed:
        resources[CHECKED] = UNITS
        resources[GROUPS[admission.group]] = UNITS
    else:
        resources[REFUSED] = 1
    return [argv[0], "start", *rest, "--resources", json.dumps(resources, sort_keys=True)]


def task_resources(group: str) -> dict[str, float]:
    """The custom resources one task of `group` asks for."""
    return {CHECKED: 1, GROUPS[group]: 1}


def admission_on_node() -> dict:
    """Runs on each node for `ofb cluster status` (a Ray task): this node's admission record
    as the node's own jail check wrote it, or why it has none."""
    try:
        return {"record": read_record(os.environ).as_dict()}
    except NodeRefused as exc:
        return {"refused": str(exc)}


def missing_processes(proc: Path, head: bool) -> list[str]:
    """The Ray processes this node needs that do not run in its PID namespace (`proc`: its
    /proc): the raylet, and on the head the GCS. What `ofb cluster health` checks: a pod's
    probe, with no HTTP server to ask (minimal Ray serves none)."""
    wanted = ["raylet", *(["gcs_server"] if head else [])]
    found: set[str] = set()
    for entry in proc.iterdir():
        if not entry.name.isdigit():
            continue
        try:
            argv0 = (entry / "cmdline").read_bytes().split(b"\0", 1)[0].decode(errors="replace")
        except OSError:
            continue  # exited meanwhile
        found.add(Path(argv0).name)
    return [name for name in wanted if name not in found]
