"""Records → Parquet, streamed in batches, with a fixed Arrow schema mirroring the JSON one.

Nested objects are Arrow structs and arrays are lists, so a Parquet reader sees the same
shape as the JSONL; `source_status_json` stays JSON text. The writer sets no timestamps, so
the same records give the same bytes.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq

from .record import FIELD_ORDER

_S = pa.string()
_REFERENCE = pa.struct([("kind", _S), ("citation", _S), ("url", _S)])
_FORMALIZATION = pa.struct(
    [
        ("language", _S),
        ("format", _S),
        ("path", _S),
        ("declaration", _S),
        ("commit", _S),
        ("toolchain", _S),
        ("license", _S),
        ("has_sorry_or_admit", pa.bool_()),
        ("has_axiom", pa.bool_()),
        ("verification_status", _S),
        ("code", _S),
    ]
)
_SUB_QUESTION = pa.struct(
    [
        ("label", _S),
        ("kind", _S),
        ("declaration", _S),
        ("statement", _S),
        ("source_record", _S),
    ]
)
_BOUND = pa.struct(
    [
        ("direction", _S),
        ("value", _S),
        ("reference", _S),
        ("url", _S),
        ("date", _S),
        ("comment", _S),
    ]
)

SCHEMA = pa.schema(
    [
        ("id", _S),
        ("record_kind", _S),
        ("title", _S),
        ("problem_statement", _S),
        ("background", _S),
        ("sub_questions", pa.list_(_SUB_QUESTION)),
        ("field", pa.struct([("main", _S), ("slug", _S), ("source_labels", pa.list_(_S))])),
        ("msc2020", pa.list_(pa.struct([("code", _S), ("basis", _S), ("evidence", _S)]))),
        ("status", _S),
        ("source_status_json", _S),
        (
            "source",
            pa.struct(
                [
                    ("key", _S),
                    ("name", _S),
                    ("type", _S),
                    ("collection", _S),
                    ("url", _S),
                    ("license", _S),
                    ("license_class", _S),
                    ("license_basis", _S),
                ]
            ),
        ),
        (
            "provenance",
            pa.struct(
                [
                    ("imported_at", _S),
                    ("status_as_of", _S),
                    ("status_as_of_basis", _S),
                    ("has_full_text", pa.bool_()),
                    ("source_record", _S),
                    ("input_file", _S),
                    ("sha256", _S),
                    ("revision", _S),
                    ("importer", _S),
                ]
            ),
        ),
        ("references", pa.list_(_REFERENCE)),
        ("cross_references", pa.list_(pa.struct([("relation", _S), ("id", _S)]))),
        ("formalizations", pa.list_(_FORMALIZATION)),
        ("proof", _S),
        ("proof_status", _S),
        ("lean4_proof", _S),
        ("lean4_proof_status", _S),
        (
            "progress",
            pa.struct([("best_lower", _S), ("best_upper", _S), ("bounds", pa.list_(_BOUND))]),
        ),
        ("posed_year", pa.int32()),
        ("notes", _S),
        ("quality_flags", pa.list_(_S)),
        ("schema_version", _S),
        ("snapshot_at", _S),
    ]
)
assert tuple(SCHEMA.names) == FIELD_ORDER


def write_parquet(records: Iterable[dict[str, Any]], path: Path, batch_size: int = 5000) -> int:
    """Write records in batches; return how many were written."""
    count = 0
    batch: list[dict[str, Any]] = []
    with pq.ParquetWriter(path, SCHEMA, compression="zstd") as writer:
        for record in records:
            batch.append(record)
            if len(batch) >= batch_size:
                writer.write_table(pa.Table.from_pylist(batch, schema=SCHEMA))
                count += len(batch)
                batch = []
        if batch or count == 0:
            writer.write_table(pa.Table.from_pylist(batch, schema=SCHEMA))
            count += len(batch)
    return count
