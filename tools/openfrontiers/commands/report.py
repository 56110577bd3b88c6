"""`ofb report`: tables, figures and a Markdown report from runs and their verdicts."""

from __future__ import annotations

from pathlib import Path

import typer

from ..errors import UsageError


def report(
    runs: list[Path] = typer.Argument(..., help="Run folders (ofb run --out RUN), graded."),
    key: Path = typer.Option(
        ..., "--key", help="The packet key of the export the runs used (packet → item)."
    ),
    out: Path | None = typer.Option(None, "--out", help="The folder to write the report into."),
    site: Path | None = typer.Option(
        None,
        "--site",
        help="Also (or only) write the report as a static site into this folder (docs/results.md).",
    ),
    answers: Path | None = typer.Option(
        None, "--answers", help="The evaluator key (default FrontierBench/evaluator/answers.toml)."
    ),
    models: Path | None = typer.Option(
        None, "--models", help="The model registry (default FrontierBench/models.toml)."
    ),
) -> None:
    """Write Table 3, Table 7, open items, the solve matrix, pass@k, overlaps (Markdown, CSV,
    JSON), the figures (PNG, SVG) and report.md, and with --site the same as static HTML pages.
    Each run's verdicts are read from RUN/verdicts.jsonl (ofb grade RUN --out
    RUN/verdicts.jsonl)."""
    import tempfile

    from ..evaluator import load_answers
    from ..results.models import load_models
    from ..results.report import Inputs, build_report

    try:
        import matplotlib  # noqa: F401  (the figures need it; say so before any work)
    except ImportError:
        raise UsageError(
            "ofb report draws its figures with matplotlib: pip install -e '.[report]'"
        ) from None
    from ..outputs import check_writable
    from ..project import Project

    project = Project.find()
    answers_path = answers or project.evaluator_dir / "answers.toml"
    if not answers_path.is_file():
        raise UsageError(f"{answers_path}: no such evaluator key (--answers)")
    if not key.is_file():
        raise UsageError(f"{key}: no such packet key (--key)")
    if out is None and site is None:
        raise UsageError("give --out DIR (the report), --site DIR (the site), or both")
    if out is not None:
        check_writable(out, "--out", into=True)
    if site is not None:
        from ..results.site import check_site_target

        check_writable(site, "--site")
        check_site_target(site, out)
    models_path = models or project.models_path
    registry = load_models(models_path)
    inputs = Inputs(list(runs), key, answers_path, models_path, project.register_path)
    reference = load_answers(answers_path)
    with tempfile.TemporaryDirectory(prefix="ofb-report.") as scratch:
        # Without --out, the tables and figures the site is made from go to a scratch folder.
        done = build_report(inputs, project.register, reference, registry, out or Path(scratch))
        if out is not None:
            print(
                f"wrote {done.markdown_path} ({len(done.tables)} tables, "
                f"{len(done.figures)} figures, {len(done.results.configs)} configuration(s))"
            )
        if site is not None:
            from ..results.site import build_site, provenance, repository_state

            commit, dirty = repository_state(project.root)
            named = [("packet key", key), ("model registry", models_path),
                     ("register", project.register_path)]  # fmt: skip
            prov = provenance(done.results.runs, named, commit, dirty)
            made = build_site(done, project.register, reference, site, prov, project.library)
            print(f"wrote {made.index} ({len(made.files)} files)")
