"""The build as a Hugging Face dataset: a dataset card (`README.md`) with typed features.

`datasets`' JSON loader infers column types from the first rows, and early rows have null
nested fields (`source.collection`, `lean4_proof`), so it cannot type them by itself. The
card declares the features, written from the Arrow schema of `parquet.py`, for the build's
Parquet file, and the JSONL file is loaded with the same features read from that file:

    load_dataset("build/corpus")                                   # records.parquet
    features = Features.from_arrow_schema(pq.read_schema("build/corpus/records.parquet"))
    load_dataset("json", data_files="build/corpus/records.jsonl", features=features)

Both give the same typed columns, offline. (One dataset folder has one loader, so the JSONL
file cannot be a second configuration of the card.) Nothing here imports `datasets`.
"""

from __future__ import annotations

from typing import Any

import pyarrow as pa
import yaml

from .parquet import SCHEMA
from .record import SCHEMA_VERSION

_DTYPES = {
    pa.string(): "string",
    pa.bool_(): "bool",
    pa.int32(): "int32",
    pa.int64(): "int64",
}


def _feature(dtype: pa.DataType) -> tuple[str, Any]:
    """(key, value) of one feature in `datasets`' YAML form."""
    if pa.types.is_struct(dtype):
        return "struct", [_named(dtype.field(i)) for i in range(dtype.num_fields)]
    if pa.types.is_list(dtype):
        key, value = _feature(dtype.value_type)
        return "list", value if key in ("struct", "dtype") else {key: value}
    if dtype in _DTYPES:
        return "dtype", _DTYPES[dtype]
    raise TypeError(f"no dataset feature for Arrow type {dtype}")  # a programming error


def _named(field: pa.Field) -> dict[str, Any]:
    key, value = _feature(field.type)
    return {"name": field.name, key: value}


def features(schema: pa.Schema = SCHEMA) -> list[dict[str, Any]]:
    return [_named(schema.field(i)) for i in range(len(schema))]


class _NoAliases(yaml.SafeDumper):
    """Write repeated values out in full: the card is read by more than one YAML reader."""

    def ignore_aliases(self, data: Any) -> bool:
        return True


def dataset_card(counts: dict[str, int], snapshot: str) -> str:
    feats = features()
    meta = {
        "configs": [
            {
                "config_name": "default",
                "data_files": [{"split": "train", "path": "records.parquet"}],
                "default": True,
            },
        ],
        "dataset_info": {"config_name": "default", "features": feats},
    }
    front = yaml.dump(meta, Dumper=_NoAliases, sort_keys=False, allow_unicode=True, width=100)
    return (
        f"---\n{front}---\n\n"
        "# OpenFrontiers corpus build\n\n"
        f"Snapshot {snapshot}, schema {SCHEMA_VERSION}: {counts['records']} records "
        f"({counts['problem_records']} problem, {counts['catalogue_records']} catalogue). "
        "`records.parquet` and `records.jsonl` hold the same records; REPORT.md describes "
        "the build and MANIFEST.json its inputs and checksums. The corpus grants no license "
        "of its own: each record carries its source's terms (`source.license`) and the class "
        "of what it carries (`source.license_class`).\n\n"
        "```python\n"
        "import datasets, pyarrow.parquet as pq\n"
        'ds = datasets.load_dataset("path/to/build")  # records.parquet, typed\n'
        'features = datasets.Features.from_arrow_schema(pq.read_schema("path/to/build/'
        'records.parquet"))\n'
        'js = datasets.load_dataset("json", data_files="path/to/build/records.jsonl", '
        "features=features)\n"
        "```\n"
    )
