"""`ofb jail check` and `ofb jail run`."""

from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path

import typer

from ..errors import UsageError
from .common import TextFormat, finite
from .progress import QUIET, progress

app = typer.Typer(
    help="The jail every Lean process runs in: self-check and ad-hoc runs.", no_args_is_help=True
)

BACKEND = typer.Option("auto", "--backend", help="bwrap, docker, or auto (the first that works).")


@app.command("check")
def check(
    backend: str = BACKEND,
    format: TextFormat = typer.Option(TextFormat.text, "--format", help="text or json."),
    only: str | None = typer.Option(None, "--only", help="Comma-separated probe names."),
    jobs: int = typer.Option(4, "--jobs", min=1, help="Probes run at once."),
    quiet: bool = QUIET,
) -> None:
    """Run the jail self-check (about twenty-five probes inside the jail: network, sockets,
    writes, size caps, processes, ptrace, mount, namespaces, uid, capabilities, NoNewPrivs,
    seccomp, memory/process/CPU/file-size/wall limits, the memory limit for a whole process
    tree, orphans, environment; host files, writes and environment again under the grading
    policy). Exit 0 when every probe passes, 1 otherwise: evaluation and grading must not
    start on a node whose check fails."""
    from rich.console import Console
    from rich.markup import escape

    from ..grade.runs import grading_policy_for_check
    from ..jail import get_backend
    from ..jail.check import probe_names, run_check

    names = None
    if only:
        names = [n.strip() for n in only.split(",") if n.strip()]
        unknown = sorted(set(names) - set(probe_names()))
        if unknown:
            raise UsageError(
                f"unknown probe(s): {', '.join(unknown)} (known: {', '.join(probe_names())})"
            )
    jail = get_backend(backend)
    with tempfile.TemporaryDirectory(prefix="ofb-jail-check-") as scratch:
        grading = grading_policy_for_check(jail, Path(scratch))
        with progress(quiet or format is TextFormat.json) as shown:
            outcomes = run_check(
                jail,
                jobs=jobs,
                only=names,
                grading=grading.make,
                private=grading.private,
                progress=shown,
            )
    failed = [o for o in outcomes if not o.ok]
    if format is TextFormat.json:
        print(
            json.dumps(
                {
                    "backend": jail.name,
                    "group_limits": jail.group_limits(),
                    "grading_policy": grading.what,
                    "passed": not failed,
                    "probes": [
                        {
                            "name": o.name,
                            "ok": o.ok,
                            "what": o.summary,
                            "detail": o.detail,
                            "seconds": round(o.seconds, 3),
                        }
                        for o in outcomes
                    ],
                },
                indent=2,
            )
        )
    else:
        console = Console(highlight=False, soft_wrap=True)
        width = max(len(o.name) for o in outcomes)
        for o in outcomes:
            mark = "[green]pass[/]" if o.ok else "[bold red]FAIL[/]"
            console.print(f"{mark}  {o.name:<{width}}  {escape(o.detail)}")
        verdict = (
            "[green]jail check passed[/]"
            if not failed
            else f"[bold red]jail check FAILED[/]: {', '.join(o.name for o in failed)} — "
            "do not evaluate or grade on this node"
        )
        console.print(
            f"{jail.name} (limits via {jail.group_limits() or 'rlimit: no cgroups'}; grading "
            f"probes under {grading.what}): {len(outcomes) - len(failed)}/{len(outcomes)} "
            f"probes passed; {verdict}"
        )
    raise typer.Exit(1 if failed else 0)


@app.command("run", context_settings={"allow_interspersed_args": False})
def run(
    command: list[str] = typer.Argument(..., help="The command and its arguments (after --)."),
    backend: str = BACKEND,
    read_only: list[Path] = typer.Option(
        [], "--ro", help="A host path to show read-only (repeatable)."
    ),
    work: Path | None = typer.Option(
        None, "--work", help="Host work dir (default: a fresh empty one)."
    ),
    memory: int = typer.Option(4096, "--memory-mib", help="Memory limit of the tree, MiB."),
    processes: int = typer.Option(256, "--processes", help="Tasks alive at once."),
    cpus: float = typer.Option(1.0, "--cpus", callback=finite, help="CPU cores (0: no quota)."),
    wall: float = typer.Option(600.0, "--wall", callback=finite, help="Wall-clock limit, seconds."),
    env: list[str] = typer.Option([], "--env", help="KEY=VALUE for the command (repeatable)."),
) -> None:
    """Run one command in the jail and report how it ended (its output is passed through).
    Exit code: the command's, or 124 when it was killed by a limit."""
    from rich.console import Console

    from ..jail import MiB, get_backend
    from ..jail.policy import base_policy

    policy = base_policy(
        read_only=[p.resolve() for p in read_only], work_dir=(work.resolve() if work else None)
    ).with_limits(memory=memory * MiB, processes=processes, cpus=cpus, wall_seconds=wall)
    for item in env:
        key, sep, value = item.partition("=")
        if not sep or not key:
            raise UsageError(f"--env takes KEY=VALUE, not {item!r}")
        policy = policy.with_env(**{key: value})
    result = get_backend(backend).run(command, policy)
    sys.stdout.buffer.write(result.stdout)
    sys.stderr.buffer.write(result.stderr)
    Console(stderr=True, highlight=False).print(
        f"[dim]jail ({result.backend}, limits via {result.limits_via}): {result.describe()}"
        + (f", peak {result.peak_memory // MiB} MiB" if result.peak_memory else "")
        + "[/]"
    )
    if result.outcome in ("ok", "exit"):
        raise typer.Exit(result.exit_code or 0)
    raise typer.Exit(124)
