"""The item register (`FrontierBench/items.toml`) and the frozen subsets."""

from .load import Register, RegisterError, load_drafts, load_register
from .model import AnswerKind, Item, Split, Status
from .subsets import Subset, SubsetCatalog, load_subsets

__all__ = [
    "AnswerKind",
    "Item",
    "Register",
    "RegisterError",
    "Split",
    "Status",
    "Subset",
    "SubsetCatalog",
    "load_drafts",
    "load_register",
    "load_subsets",
]
