"""Corpus benchmark: validate and compute statistics over N synthetic records, streaming;
then time a build from the real sources.

    PYTHONPATH=tools python3 benchmarks/corpus_bench.py [--records 100000] [--fc PATH]

The synthetic records are written to a temporary JSONL file first; validation (schema and
configuration checks) and statistics then run in a fresh child process, whose wall time and
peak resident memory (ru_maxrss) are printed. Targets (issue 6): under 30 s and 500 MB for
100,000 records. The real-source build reads ../shared/data/sources in place (and a
formal-conjectures checkout with --fc) and writes to a temporary directory.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tools"))

from openfrontiers.corpus.config import CorpusConfig  # noqa: E402 -- after the path set-up
from openfrontiers.corpus.record import (  # noqa: E402
    CATALOGUE_STATUSES,
    STATUSES,
    dumps_record,
    make_record,
)

WORDS = [
    "prime",
    "graph",
    "set",
    "bound",
    "integer",
    "sequence",
    "every",
    "there",
    "exists",
    "infinitely",
    "many",
    "function",
    "constant",
    "sum",
    "product",
    "density",
    "colouring",
    "vertex",
    "edge",
    "polynomial",
    "limit",
]


def synthetic(n: int, config: CorpusConfig, seed: int = 20261010):
    """`n` valid, varied records (deterministic for a seed)."""
    rng = random.Random(seed)
    sources = [s for s in config.registry.sources.values() if s.partition == "problem"]
    classes = sorted(config.taxonomy.classes)
    fields = [(main, slug) for main, subs in config.taxonomy.fields.items() for slug in subs]
    for i in range(n):
        src = rng.choice(sources)
        status = rng.choice(STATUSES)
        # Section 3: what a source calls solved or withdrawn is in the catalogue partition.
        kind = "catalogue" if rng.random() < 0.05 or status in CATALOGUE_STATUSES else "problem"
        main, slug = rng.choice(fields)
        words = [rng.choice(WORDS) for _ in range(rng.randint(5, 150))]
        if rng.random() < 0.8:
            words.insert(rng.randrange(len(words)), "$n^2 + 1$")
        codes = rng.sample(classes, rng.randint(0, 3))
        lean = rng.random() < 0.16
        yield make_record(
            id=f"{kind}:{src.key}/{i}",
            record_kind=kind,
            title=f"Synthetic problem {i}",
            problem_statement=" ".join(words) if kind == "problem" else None,
            field={"main": main, "slug": slug, "source_labels": [slug]},
            msc2020=[
                {
                    "code": c,
                    "basis": rng.choice(["source-map", "community-map", "editorial"]),
                    "evidence": f"synthetic rule for {c}",
                }
                for c in codes
            ],
            status=status,
            source_status_json=json.dumps({"state": rng.choice(["open", "proved", "verifiable"])}),
            source={
                "key": src.key,
                "name": src.name,
                "type": src.type,
                "collection": None,
                "url": f"https://example.org/{src.key}/{i}",
                "license": src.license,
                "license_class": src.license_class,
                "license_basis": src.license,
            },
            provenance={
                "imported_at": "2026-10-10",
                "status_as_of": "2026-09-01",
                "status_as_of_basis": "source-field",
                "has_full_text": rng.random() < 0.2,
                "source_record": f"data.jsonl:{i + 1}",
                "input_file": "data.jsonl",
                "sha256": f"{i:064x}",
                "revision": None,
                "importer": "generic@1",
            },
            references=[
                {"kind": "paper", "citation": f"Author {j}, Paper {i}.", "url": None}
                for j in range(rng.randint(0, 3))
            ],
            formalizations=[
                {
                    "language": "Lean 4",
                    "format": "declaration",
                    "path": f"P/{i}.lean",
                    "declaration": f"P{i}.main",
                    "commit": None,
                    "toolchain": "leanprover/lean4:v4.33.1",
                    "license": "Apache-2.0",
                    "has_sorry_or_admit": True,
                    "has_axiom": False,
                    "verification_status": "not-checked",
                    "code": f"theorem main : answer(sorry) ↔ ∃ n : ℕ, n = {i} := by\n  sorry",
                }
            ]
            if lean
            else [],
            posed_year=rng.choice([None, None, rng.randint(1900, 2026)]),
            quality_flags=["formalization-contains-placeholder"] if lean else [],
            snapshot_at="2026-10-10T00:00:00Z",
        )


def measure(path: Path) -> None:
    """Child process: validate and compute stats over `path`, print one JSON line."""
    from openfrontiers.corpus.schema import RecordChecker, iter_jsonl
    from openfrontiers.corpus.stats import CorpusStats
    from openfrontiers.corpus.validate import validate_file

    config = CorpusConfig(REPO / "Corpus")
    started = time.perf_counter()
    checker = RecordChecker(config.schema, config.registry, config.taxonomy)
    report = validate_file(path, checker)
    validated = time.perf_counter()
    acc = CorpusStats()
    for _, record, _ in iter_jsonl(path):
        acc.add(record)
    summary = acc.summary(config.registry)
    done = time.perf_counter()
    print(
        json.dumps(
            {
                "records": report.records,
                "invalid": report.invalid_records,
                "validate_s": round(validated - started, 2),
                "stats_s": round(done - validated, 2),
                "total_s": round(done - started, 2),
                "peak_rss_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1),
                "problem_records": summary["problem_records"],
            }
        )
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--records", type=int, default=100_000)
    parser.add_argument(
        "--fc", type=Path, help="a formal-conjectures checkout to include in the real build"
    )
    parser.add_argument("--measure", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.measure:
        measure(args.measure)
        return
    config = CorpusConfig(REPO / "Corpus")
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "synthetic.jsonl"
        started = time.perf_counter()
        with path.open("w", encoding="utf-8") as fh:
            for record in synthetic(args.records, config):
                fh.write(dumps_record(record) + "\n")
        print(
            f"generated {args.records:,} synthetic records ({path.stat().st_size / 1e6:.0f} MB) "
            f"in {time.perf_counter() - started:.1f} s"
        )
        child = subprocess.run(
            [sys.executable, __file__, "--measure", str(path)],
            capture_output=True,
            text=True,
            check=True,
        )
        m = json.loads(child.stdout)
        print(
            f"validate + stats, streaming: {m['records']:,} records ({m['invalid']} invalid) in "
            f"{m['total_s']} s (validate {m['validate_s']} s, stats {m['stats_s']} s); "
            f"peak RSS {m['peak_rss_mb']} MB  [targets: < 30 s, < 500 MB]"
        )
    real_build(config, args.fc)


def real_build(config: CorpusConfig, fc: Path | None) -> None:
    from openfrontiers.corpus.build import build, parse_sources
    from openfrontiers.corpus.importers.base import Snapshot

    shared = os.environ.get("OFB_SHARED_DATA") or REPO.parent / "shared" / "data"
    sources = Path(shared) / "sources"
    if not sources.is_dir():
        print(f"real-source build: skipped ({sources} is absent)")
        return
    specs = [
        f"erdos-problems={sources / 'erdosproblems'}",
        f"optimization-constants={sources / 'optimizationproblems'}",
        f"alphaevolve={sources / 'alphaevolve'}",
        f"petrunin-gallery={sources / 'petrunin-gallery'}",
        f"colt-open-problems={sources / 'colt-open-problems'}",
    ]
    if fc:
        specs.append(f"formal-conjectures={fc}")
    with tempfile.TemporaryDirectory() as tmp:
        started = time.perf_counter()
        manifest = build(
            config, parse_sources(specs, config), Path(tmp), Snapshot.parse("2026-10-10")
        )
        took = time.perf_counter() - started
    totals = manifest["totals"]
    print(
        f"real-source build ({', '.join(s['key'] for s in manifest['sources'])}): "
        f"{totals['input_records']:,} input records → {totals['records']:,} records, "
        f"{totals['skipped']:,} skipped, in {took:.1f} s"
    )


if __name__ == "__main__":
    main()
