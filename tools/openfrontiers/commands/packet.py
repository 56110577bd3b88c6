"""`ofb packet export` and `ofb packet verify`."""

from __future__ import annotations

import sys
from pathlib import Path

import typer

from .common import IDS, SUBSET, finite, select_items
from .progress import QUIET, progress

app = typer.Typer(help="Solver packets: export them, verify them against the evaluator key.")


@app.command("export")
def export(
    subset: str | None = SUBSET,
    ids: str | None = IDS,
    salt_file: Path | None = typer.Option(
        None,
        "--salt-file",
        help="Salt for the packet ids, read as bytes (default: a fresh random 32-byte salt).",
    ),
    out: Path = typer.Option(Path("packets"), "--out", help="Folder for the packets."),
    key: Path | None = typer.Option(
        None, "--key", help="Evaluator key to write, outside the packets (default: <out>.key.json)."
    ),
    budget_hours: float = typer.Option(
        3.0, "--budget-hours", callback=finite, help="Time budget stated in each packet."
    ),
    force: bool = typer.Option(
        False,
        "--force",
        help="Replace an output folder or key that is not an earlier export's, or an earlier "
        "export whose packets the new key would map to other items.",
    ),
    mathlib_from: Path | None = typer.Option(
        None,
        "--mathlib-from",
        help="A prebuilt packages directory (a checkout's .lake/packages, after `lake exe "
        "cache get`) that every packet uses read-only as its packagesDir, at this absolute "
        "path in the solver's sandbox: Lake then fetches nothing. Checked before export.",
    ),
    quiet: bool = QUIET,
) -> None:
    """Export solver packets for written items (default: every written item whose reviews
    stand; one under an unrepaired must-fix review is left out, and named). A --subset's
    items without a statement are left out and named; --ids must name written items. The
    key records what was left out and why. Run again, it replaces its own earlier export,
    with the earlier key's salt: an item keeps its packet id as more items are written."""
    from ..packet.export import UNDER_REVIEW, exportable, read_salt
    from ..packet.export import export as do_export
    from ..project import Project

    project = Project.find()
    selection, chosen = select_items(project, subset, ids, default="written")
    items, left_out = exportable(
        chosen, listed=ids is not None, default=subset is None and ids is None
    )
    salt = read_salt(salt_file) if salt_file else None
    key_path = key or out.with_name(out.name + ".key.json")
    with progress(quiet) as shown:
        result = do_export(
            project,
            selection,
            items,
            out=out,
            key_path=key_path,
            salt=salt,
            budget_hours=budget_hours,
            force=force,
            mathlib_from=mathlib_from,
            left_out=left_out,
            progress=shown,
        )
    print(f"exported {len(result.mapping)} packets ({selection.label}) to {result.out}")
    if left_out:
        print(f"left out {len(left_out)} of the {len(chosen)} items of {selection.label}:")
        for item, why in left_out.items():
            print(f"  {item}: {why}")
        if UNDER_REVIEW in left_out.values():
            print("  (export an item under review with --ids once it is repaired and re-reviewed)")
    print(f"evaluator key: {result.key_path}")
    if result.salt_reused:
        print("(replaced the earlier export, with the salt of its key: same packet ids)")
    if result.salt_generated:
        print(
            f"warning: a fresh salt was generated and stored in {result.key_path}; keep the "
            "key — it is the only way to map packets back to items and to verify them",
            file=sys.stderr,
        )


@app.command("verify")
def verify(
    key: Path = typer.Argument(..., help="The evaluator key written by export."),
    packets: Path = typer.Argument(..., help="The packet folder."),
    salt_file: Path | None = typer.Option(
        None, "--salt-file", help="The salt file, if export was given one."
    ),
) -> None:
    """Rebuild the packets from the key and the repository; list every difference. Exit 0
    only when identical, 1 when anything differs or the key is bad, 2 on usage errors."""
    from ..packet.export import read_salt
    from ..packet.export import verify as do_verify
    from ..project import Project

    project = Project.find()
    differences = do_verify(project, key, packets, read_salt(salt_file) if salt_file else None)
    for line in differences:
        print(line)
    if differences:
        print(f"{len(differences)} difference(s)", file=sys.stderr)
        raise typer.Exit(1)
    print("identical")
