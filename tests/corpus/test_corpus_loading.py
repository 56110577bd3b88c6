"""A build loads with pyarrow and with Hugging Face `datasets`, typed, offline.

`datasets` runs in a child process inside a network namespace with only loopback
(`unshare -n`), with its hub and telemetry switched off by its own settings, so nothing it
tries can leave the machine. Skipped where `datasets` or `unshare -n` is not available.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import textwrap

import pyarrow.parquet as pq
import pytest
from corpus_helpers import FIXTURES, SNAPSHOT, shared_source, shared_spec

from openfrontiers.corpus.build import build, parse_sources
from openfrontiers.corpus.hf import features
from openfrontiers.corpus.parquet import SCHEMA

CHILD = textwrap.dedent(
    """
    import json, re, sys
    import datasets, pyarrow.parquet as pq
    build, cache = sys.argv[1], sys.argv[2]
    card = datasets.load_dataset(build, split="train", cache_dir=cache)
    feats = datasets.Features.from_arrow_schema(pq.read_schema(build + "/records.parquet"))
    js = datasets.load_dataset(
        "json", data_files=build + "/records.jsonl", features=feats, split="train",
        cache_dir=cache,
    )
    print(json.dumps({
        "card_rows": card.to_list(), "json_rows": js.to_list(),
        "same_features": card.features == js.features == feats,
    }))
    """
)


def _isolated() -> bool:
    if shutil.which("unshare") is None:
        return False
    probe = subprocess.run(["unshare", "-n", "true"], capture_output=True, check=False)
    return probe.returncode == 0


@pytest.fixture(scope="module")
def built(config, tmp_path_factory):
    out = tmp_path_factory.mktemp("load") / "b"
    specs = [
        shared_spec("erdos-problems", "erdosproblems"),
        f"colt-open-problems={shared_source('colt-open-problems')}",
        shared_spec("petrunin-gallery", "petrunin-gallery"),
        f"formal-conjectures={FIXTURES / 'fc'}",
    ]
    build(config, parse_sources(specs, config), out, SNAPSHOT)
    records = [json.loads(x) for x in (out / "records.jsonl").read_text().splitlines()]
    return out, records


def test_parquet_reads_back_every_record_with_pyarrow(built):
    out, records = built
    table = pq.read_table(out / "records.parquet")
    assert table.schema.equals(SCHEMA) and table.to_pylist() == records
    # Early rows have the null nested fields that defeat type inference.
    assert records[0]["source"]["collection"] is None or records[0]["lean4_proof"] is None


def test_the_dataset_card_declares_the_features(built):
    import yaml

    out, _ = built
    card = (out / "README.md").read_text(encoding="utf-8")
    meta = yaml.safe_load(card.split("---\n")[1])
    assert meta["configs"] == [
        {
            "config_name": "default",
            "data_files": [{"split": "train", "path": "records.parquet"}],
            "default": True,
        }
    ]
    assert meta["dataset_info"]["features"] == features()
    names = [f["name"] for f in meta["dataset_info"]["features"]]
    assert names == SCHEMA.names


@pytest.mark.skipif(
    not _isolated(), reason="`unshare -n` (a loopback-only network namespace) is not available"
)
def test_hugging_face_datasets_loads_jsonl_and_parquet_offline(built, tmp_path):
    pytest.importorskip("datasets")
    out, records = built
    env = dict(
        os.environ,
        HF_HUB_OFFLINE="1",
        HF_DATASETS_OFFLINE="1",
        HF_HUB_DISABLE_TELEMETRY="1",
        HF_HOME=str(tmp_path / "hf-home"),
    )
    run = subprocess.run(
        ["unshare", "-n", sys.executable, "-c", CHILD, str(out), str(tmp_path / "cache")],
        capture_output=True,
        text=True,
        env=env,
        timeout=600,
        check=False,
    )
    assert run.returncode == 0, run.stderr[-2000:]
    loaded = json.loads(run.stdout.strip().splitlines()[-1])
    assert loaded["same_features"]
    # The card (Parquet) gives every record back exactly.
    assert loaded["card_rows"] == records
    # The JSON loader types every column by the features; pyarrow's JSON reader parses
    # ISO dates into timestamps first, so date strings come back as "YYYY-MM-DD HH:MM:SS".
    assert len(loaded["json_rows"]) == len(records)

    def undate(value):
        if isinstance(value, dict):
            return {k: undate(v) for k, v in value.items()}
        if isinstance(value, list):
            return [undate(v) for v in value]
        if isinstance(value, str) and len(value) in (10, 19, 20) and value[4:5] == "-":
            return value[:10]
        return value

    assert [undate(r) for r in loaded["json_rows"]] == [undate(r) for r in records]
