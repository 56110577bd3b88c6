"""The corpus configuration of a checkout: `Corpus/` (schema, registry, taxonomy, importers)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

from ..errors import OfbError
from ..project import Project
from .msc import Taxonomy
from .registry import Registry, load_registry
from .schema import Schema

CORPUS_DIR = "Corpus"


@dataclass(frozen=True)
class CorpusConfig:
    dir: Path

    @classmethod
    def find(cls, corpus_dir: Path | None = None) -> CorpusConfig:
        """`corpus_dir`, else the `Corpus/` folder of the checkout ofb runs in."""
        path = corpus_dir or Project.find().root / CORPUS_DIR
        if not (path / "sources.toml").is_file():
            raise OfbError(
                f"{path}: no corpus configuration here (expected sources.toml); "
                "run inside the repository or pass --corpus-dir"
            )
        return cls(path)

    @property
    def schema_path(self) -> Path:
        return self.dir / "schema" / "problem.schema.json"

    @cached_property
    def taxonomy(self) -> Taxonomy:
        return Taxonomy.load(self.dir)

    @cached_property
    def registry(self) -> Registry:
        return load_registry(self.dir / "sources.toml", frozenset(self.taxonomy.fields))

    @cached_property
    def schema(self) -> Schema:
        return Schema(self.schema_path)

    def config_files(self) -> list[Path]:
        """Every configuration file a build depends on, in a fixed order."""
        files = [
            self.schema_path,
            self.dir / "sources.toml",
            self.dir / "fields.toml",
            self.dir / "msc" / "msc2020.toml",
            self.dir / "msc" / "labels.toml",
        ]
        return files + sorted((self.dir / "importers").glob("*.toml"))
