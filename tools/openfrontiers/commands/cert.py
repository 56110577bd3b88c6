"""`ofb cert check ITEM FILE`, `ofb cert list`, `ofb cert schema ITEM`, `ofb cert public`."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import typer

from ..errors import UsageError
from .common import TextFormat, dumps, finite
from .tables import Col, console, table

app = typer.Typer(
    no_args_is_help=True,
    help="Exact certificate verifiers: `ofb cert check ITEM FILE` (one verdict: valid, "
    "probable, partial, invalid, malformed or refused), `ofb cert list`, "
    "`ofb cert schema ITEM`, `ofb cert public`.",
)


@app.command("check")
def check(
    item: str = typer.Argument(..., help="The item id, e.g. O02."),
    file: Path = typer.Argument(..., help="The certificate (JSON)."),
    format: TextFormat = typer.Option(TextFormat.text, "--format", help="text or json."),
    seconds: float = typer.Option(
        60.0, "--seconds", callback=finite, min=0.1, help="Time budget, seconds."
    ),
    memory: int = typer.Option(4096, "--memory-mib", min=64, help="Memory limit, MiB."),
    max_bytes: int = typer.Option(16 << 20, "--max-bytes", min=1, help="Largest file, bytes."),
    prove_digits: int = typer.Option(
        300, "--prove-digits", min=1, help="Primes with more digits are tested, not proved."
    ),
    in_process: bool = typer.Option(
        False, "--in-process", help="Check in this process (trusted files only)."
    ),
) -> None:
    """Verify a certificate with exact arithmetic, in a child process with hard limits.
    Exit 0 valid; 1 any other verdict (invalid, malformed, refused, probable, partial: the
    verdict line or `--format json` says which); 2 bad usage."""
    from ..cert import DEFAULT_LIMITS, check_bytes, check_isolated, read_certificate
    from ..cert.files import CertificateFileError
    from ..cert.verifiers import here

    verifiers = here()
    verifiers.get(item)  # an unknown item is a usage error, before the file is read
    limits = replace(
        DEFAULT_LIMITS,
        seconds=seconds,
        memory_mib=memory,
        max_bytes=max_bytes,
        prove_digits=prove_digits,
    )
    if not file.exists() and not file.is_symlink():
        raise UsageError(f"{file}: no such file")
    try:
        data = read_certificate(file, limits)
    except CertificateFileError as exc:
        raise UsageError(str(exc)) from None
    check = check_bytes if in_process else check_isolated
    verdict = check(item.upper(), data, limits, verifiers=verifiers)
    if format is TextFormat.json:
        print(dumps({"file": str(file), **verdict.as_dict()}))
    else:
        print(f"{file}: {verdict.item}: {verdict.summary()}")
        if verdict.checked:
            print(f"  checked: {', '.join(verdict.checked)}")
        if verdict.status == "valid":
            print(f"  Lean: {verdict.reduction}")
    # Only `valid` settles anything: every other verdict is the verb's no (the README's codes).
    raise typer.Exit(0 if verdict.status == "valid" else 1)


@app.command("list")
def list_items(
    format: TextFormat = typer.Option(TextFormat.text, "--format", help="text or json."),
) -> None:
    """Every item with a verifier: the answer a valid certificate establishes, whether the
    certificate settles it by computation alone, and what the certificate is. Solved items'
    verifiers are evaluator data: listed only where FrontierBench/evaluator/ holds them."""
    from ..cert.verifiers import here

    verifiers = here()
    rows = [verifiers.get(i) for i in verifiers.items()]
    if format is TextFormat.json:
        print(
            dumps(
                [
                    {
                        "item": v.item,
                        "direction": v.direction,
                        "self_certifying": v.self_certifying,
                        "object": v.object,
                        "conditions": [
                            {"id": c.id, "text": c.text, "checkable": c.checkable}
                            for c in v.conditions
                        ],
                    }
                    for v in rows
                ]
            )
        )
        return
    from rich.markup import escape

    listed = table(
        "item", "settles", Col("by computation", "computed"), Col("certificate", wrap=True)
    )
    for v in rows:
        listed.add_row(
            v.item,
            f"answer({v.direction})" if v.direction != "none" else "nothing",
            "yes" if v.self_certifying else "no (partial)",
            escape(v.object),
        )
    console().print(listed)


@app.command("schema")
def schema(item: str = typer.Argument(..., help="The item id, e.g. O02.")) -> None:
    """Print the JSON Schema of the item's certificate."""
    from ..cert.verifiers import here

    print(json.dumps(here().get(item).schema, indent=2, ensure_ascii=False))


@app.command("public")
def public(
    format: TextFormat = typer.Option(TextFormat.text, "--format", help="text or json."),
) -> None:
    """Recompute every public certificate stored under FrontierBench/evaluator/certificates/
    (each checked in a child process). Exit 0 when all are valid."""
    from ..cert.public import recompute_all
    from ..project import Project

    results = recompute_all(Project.find())
    if format is TextFormat.json:
        print(dumps([{"file": str(p), **v.as_dict()} for p, v in results]))
    else:
        for path, v in results:
            print(f"{path.name}: {v.item}: {v.summary()} ({v.seconds:.2f} s)")
    raise typer.Exit(0 if all(v.status == "valid" for _, v in results) else 1)
