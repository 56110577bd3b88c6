"""`ofb`: one verb per stage of the benchmark. Stages talk through files."""

from __future__ import annotations

import sys

import typer
from rich.console import Console
from rich.markup import escape

from . import __version__
from .errors import OfbError

app = typer.Typer(
    name="ofb",
    help="OpenFrontiers tools: check statements, list items, export packets, grade.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=False,
)
err = Console(stderr=True, highlight=False)


def _version(value: bool) -> None:
    if value:
        print(f"ofb {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: bool | None = typer.Option(
        None, "--version", callback=_version, is_eager=True, help="Print the version and exit."
    ),
) -> None:
    """OpenFrontiers: the sidecar tools of the FrontierBench Lean benchmark."""


def _register_verbs() -> None:
    # Each stage owns its verbs; the CLI only mounts them.
    from .commands import (
        build,
        check,
        cluster,
        corpus,
        doctor,
        grade,
        harness,
        items,
        jail,
        packet,
        probe,
    )

    app.add_typer(packet.app, name="packet")
    app.command(name="check")(check.check)
    app.command(name="sync")(check.sync)
    app.add_typer(items.app, name="items")
    app.add_typer(corpus.app, name="corpus")
    app.command(name="doctor")(doctor.doctor)
    app.add_typer(jail.app, name="jail")
    app.command(name="build")(build.build)
    app.command(name="probe")(probe.probe)
    app.add_typer(grade.app, name="grade")
    app.command(name="attempt")(harness.attempt)
    app.command(name="run")(harness.run)
    app.add_typer(cluster.app, name="cluster")


_register_verbs()


def main() -> None:
    try:
        app()
    except OfbError as exc:
        err.print(f"[bold red]error:[/] {escape(str(exc))}")
        sys.exit(exc.exit_code)
    except KeyboardInterrupt:
        err.print("interrupted")
        sys.exit(130)


if __name__ == "__main__":  # pragma: no cover
    main()
