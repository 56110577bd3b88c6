"""Evaluator-only data: reference answers and where they are recorded. Never in a packet."""

from .answers import ReferenceAnswer, load_answers

__all__ = ["ReferenceAnswer", "load_answers"]
