"""`ofb cluster node` (admit a node, then start Ray on it), `ofb cluster status`, and the
`--executor`/`--ray-address` options of `ofb run`, `ofb grade` and `ofb probe`."""

from __future__ import annotations

import json
import os
import sys
from dataclasses import dataclass
from pathlib import Path

import typer

from ..errors import UsageError
from .common import Format
from .tables import Col, Listing, console, table

EXECUTOR = typer.Option(
    "local",
    "--executor",
    help="Where the work runs: local (this machine) or ray (a Ray cluster; docs/scale.md).",
)
RAY_ADDRESS = typer.Option(
    None,
    "--ray-address",
    help="The Ray cluster's head (HOST:PORT, or ray://HOST:PORT); default: $RAY_ADDRESS, else "
    "the cluster started on this machine. Only with --executor ray.",
)


@dataclass(frozen=True)
class ExecutorChoice:
    kind: str  # local or ray
    address: str | None = None

    @property
    def ray(self) -> bool:
        return self.kind == "ray"


def executor_choice(
    ctx: typer.Context, executor: str, ray_address: str | None, local_only: tuple[str, ...] = ()
) -> ExecutorChoice:
    """The executor the options ask for; options that only mean something on this machine
    (`local_only`, by parameter name) are refused with `--executor ray` when given."""
    if executor not in ("local", "ray"):
        raise UsageError(f"--executor {executor}: local or ray")
    if executor == "local":
        if ray_address is not None:
            raise UsageError("--ray-address needs --executor ray")
        return ExecutorChoice("local")
    # (typer carries its own click: the parameter source is compared by name)
    given = [
        f"--{name.replace('_', '-')}"
        for name in local_only
        if getattr(ctx.get_parameter_source(name), "name", None) == "COMMANDLINE"
    ]
    if given:
        raise UsageError(
            f"{', '.join(given)}: only with --executor local (on Ray the cluster's resources "
            "decide how much runs at once, and work folders live on the nodes)"
        )
    from ..cluster.engine import require_ray

    require_ray()
    return ExecutorChoice("ray", ray_address)


app = typer.Typer(
    help="Run attempts, grading and probes on a Ray cluster: admit nodes, list them.",
    no_args_is_help=True,
)


@app.command(
    "node",
    context_settings={"allow_extra_args": True, "ignore_unknown_options": True},
)
def node(
    ctx: typer.Context,
    group: str = typer.Option(
        ..., "--group", help="attempts (agents) or grading (grading and probes)."
    ),
    jail: str = typer.Option(
        "auto", "--jail", help="Jail backend to check: bwrap, docker or auto."
    ),
    record: Path | None = typer.Option(
        None, "--record", help="Where to write the admission record (default: a temp file)."
    ),
    jobs: int = typer.Option(4, "--jobs", min=1, help="Jail-check probes run at once."),
    check_only: bool = typer.Option(
        False, "--check-only", help="Run the check and write the record; do not start Ray."
    ),
) -> None:
    """Admit this node, then start Ray on it: `ofb cluster node --group attempts -- ray start
    --address HEAD:6379 …`. Runs the jail check first; Ray starts with `ofb_jail_checked`
    and the group's resource only if every probe passed (else with `ofb_jail_failed` alone,
    so no work of ours is ever scheduled here), and with OFB_NODE_RECORD naming the
    admission record that each task reads again before it runs. A grading node needs the
    FrontierBench checkout (run it there, or set OFB_ROOT). Replaces itself with the
    `ray start` command (exit status: Ray's)."""
    from rich.markup import escape

    from ..cluster.node import (
        check_node,
        default_record_path,
        node_environment,
        ray_start_command,
        write_record,
    )

    command = list(ctx.args)
    if not command and not check_only:
        raise UsageError("give the command that starts Ray after --: -- ray start …")
    from ..cluster.scratch import clean_stale

    # Scratch folders of tasks killed before this node went down (see cluster/scratch.py).
    stale = clean_stale()
    admission = check_node(group, jail, jobs)
    path = (record or default_record_path()).resolve()
    write_record(path, admission)
    shown = console(stderr=True)
    if admission.passed:
        shown.print(
            f"[green]jail check passed[/] ({admission.backend}, {admission.probes} probes, "
            f"limits via {admission.group_limits or 'rlimit'}): this node takes "
            f"{group} work; record {path}"
            + (f"; removed {len(stale)} scratch folder(s) of killed tasks" if stale else "")
        )
    else:
        shown.print(
            f"[bold red]jail check FAILED[/]: this node joins with no work of ours; record {path}"
        )
        for line in admission.failed or (admission.error,):
            shown.print(f"  {escape(line)}")
    if check_only:
        raise typer.Exit(0 if admission.passed else 1)
    argv = ray_start_command(command, admission)
    shown.print("starting: " + escape(" ".join(argv)), soft_wrap=True)
    sys.stdout.flush()
    sys.stderr.flush()
    try:
        os.execvpe(argv[0], argv, node_environment(os.environ, path))
    except OSError as exc:
        raise UsageError(f"cannot start {argv[0]}: {exc.strerror}") from None


@app.command("health")
def health(
    head: bool = typer.Option(False, "--head", help="This is the head: the GCS must run too."),
) -> None:
    """A node's liveness and readiness probe (KubeRay pods, docs/scale.md): exit 0 while
    this machine's (or pod's) raylet runs — and on the head its GCS — 1 otherwise. It asks
    no server: Ray's own health endpoint (:52365) needs the full ray[default] install."""
    from ..cluster.node import missing_processes

    missing = missing_processes(Path("/proc"), head)
    if missing:
        console(stderr=True).print(f"not running here: {', '.join(missing)}")
        raise typer.Exit(1)


@app.command("status")
def status(
    ray_address: str | None = typer.Option(
        None, "--ray-address", help="The Ray cluster's head (default: $RAY_ADDRESS, else local)."
    ),
    format: Format = typer.Option(Format.table, "--format", help="table or json."),
) -> None:
    """List the cluster's nodes: alive, group, whether their jail check passed, CPUs and
    memory. The group and the check are what each node's own admission record says (a small
    task reads it on the node), not the resources it advertises: a node started without
    `ofb cluster node` is not admitted, whatever it advertises; a dead node shows as dead.
    Exit 0 when at least one live node of each group is admitted, 1 otherwise."""
    from ..cluster.engine import RaySession, require_ray
    from ..cluster.node import GROUPS

    require_ray()
    with RaySession(ray_address) as session:
        nodes = session.nodes()
    ready = {
        g: any(n["alive"] and g in n["groups"] and n["jail_check"] == "passed" for n in nodes)
        for g in GROUPS
    }
    if format is Format.json:
        print(json.dumps({"nodes": nodes, "groups_ready": ready}, indent=2))
    else:
        rows = nodes_table(nodes)
        shown = console()
        shown.print(rows)
        shown.print(
            "; ".join(f"{g}: {'ready' if ok else 'no admitted node'}" for g, ok in ready.items())
        )
    raise typer.Exit(0 if all(ready.values()) else 1)


def nodes_table(nodes: list[dict]) -> Listing:
    """What `ofb cluster status` prints: a row per node."""
    rows = table(
        Col("node", wrap=True),
        "alive",
        Col("groups", wrap=True),
        Col("jail check", "jail"),
        "CPUs",
        Col("memory GiB", "GiB"),
    )
    for n in nodes:
        rows.add_row(
            str(n["id"])[:16],
            "yes" if n["alive"] else "no",
            ", ".join(n["groups"]) or "-",
            n["jail_check"],
            f"{n['cpus']:g}",
            str(n["memory_gib"]),
        )
    return rows
