"""Evaluator-only data: reference answers and where they are recorded. Never in a packet."""

from .answers import ReferenceAnswer, load_answers
from .clean import CleanSubset, Exclusion, Reason, clean_subset

__all__ = [
    "CleanSubset",
    "Exclusion",
    "Reason",
    "ReferenceAnswer",
    "clean_subset",
    "load_answers",
]
