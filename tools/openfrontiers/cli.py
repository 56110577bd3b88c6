"""`ofb`: one verb per stage of the benchmark. Stages talk through files.

Exit codes (the same for every verb, `openfrontiers.errors`): 0 yes, 1 bad input or the
verb's verdict is no, 2 usage, 70 an internal error, 130 interrupted."""

from __future__ import annotations

import os
import sys
from typing import NoReturn

import typer

from . import __version__
from .commands.helptext import ReadableGroup
from .errors import OfbError

DOCS = "docs/statements.md, docs/register.md, docs/grading.md, docs/jail.md, docs/probe.md, "
DOCS += "docs/corpus.md"
INTERNAL_ERROR = 70  # EX_SOFTWARE: never the code of a verdict or of bad input
INTERRUPTED = 130  # 128 + SIGINT, as a shell reports a command stopped by Ctrl-C

app = typer.Typer(
    name="ofb",
    cls=ReadableGroup,
    help="OpenFrontiers tools: check statements, list items, export packets, build and probe "
    "them in the jail, grade submissions, verify certificates, build the corpus. Start with "
    f"`ofb doctor`. The README says what each verb does; the details are in {DOCS}.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=False,
)


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
    # Each stage owns its verbs; the CLI only mounts them. The command modules import
    # their stage when a verb runs, so mounting them all costs little.
    from .commands import (
        build,
        cert,
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
        report,
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
    app.command(name="report")(report.report)
    app.command(name="attempt")(harness.attempt)
    app.command(name="run")(harness.run)
    app.add_typer(cert.app, name="cert")
    app.add_typer(cluster.app, name="cluster")


_register_verbs()


def _error(message: str) -> None:
    from rich.console import Console
    from rich.markup import escape

    # soft_wrap: the terminal wraps, so paths and commands in the message stay whole.
    Console(stderr=True, highlight=False, soft_wrap=True).print(
        f"[bold red]error:[/] {escape(message)}"
    )


def _interrupted() -> NoReturn:
    # A progress line may be half drawn: the word starts a line of its own.
    print("\ninterrupted", file=sys.stderr, flush=True)
    sys.exit(INTERRUPTED)


def _as_usage_error(exc: Exception) -> OfbError | None:
    """What a path, a disk or a missing optional extra caused, said as the usage error it
    is; None for a bug."""
    from .errors import environment_error
    from .extras import missing_module

    if isinstance(exc, ModuleNotFoundError):
        return missing_module(exc)
    if isinstance(exc, OSError):
        return environment_error(exc)
    return None


def main() -> None:
    try:
        app()
    except OfbError as exc:
        _error(str(exc))
        sys.exit(exc.exit_code)
    except KeyboardInterrupt:
        _interrupted()
    except SystemExit as exc:
        # typer turns Ctrl-C into a silent exit 130; no verb exits 130 for anything else.
        if exc.code == INTERRUPTED:
            _interrupted()
        raise
    except Exception as exc:  # a bug: one line, not a traceback (OFB_DEBUG=1 shows it)
        usage = _as_usage_error(exc)
        if usage is not None:
            _error(str(usage))
            sys.exit(usage.exit_code)
        if os.environ.get("OFB_DEBUG"):
            raise
        _error(
            f"internal error: {type(exc).__name__}: {exc} — this is a bug in ofb; rerun with "
            "OFB_DEBUG=1 for the traceback and report it"
        )
        sys.exit(INTERNAL_ERROR)


if __name__ == "__main__":  # pragma: no cover
    main()
