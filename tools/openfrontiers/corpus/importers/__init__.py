"""The importers, by name. The name is also the registry key of the source it reads,
except for `generic`, whose mapping file names its source."""

from __future__ import annotations

from .alphaevolve import IMPORTER as ALPHAEVOLVE
from .base import Importer
from .colt import IMPORTER as COLT
from .erdos import IMPORTER as ERDOS
from .formal_conjectures import IMPORTER as FORMAL_CONJECTURES
from .generic import IMPORTER as GENERIC
from .optimization_constants import IMPORTER as OPTIMIZATION_CONSTANTS
from .petrunin import IMPORTER as PETRUNIN

IMPORTERS: dict[str, Importer] = {
    i.name: i
    for i in (
        ERDOS,
        FORMAL_CONJECTURES,
        OPTIMIZATION_CONSTANTS,
        ALPHAEVOLVE,
        PETRUNIN,
        COLT,
        GENERIC,
    )
}
