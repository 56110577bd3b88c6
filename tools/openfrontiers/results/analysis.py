"""The numbers of Section 5 and Appendix E from attempts and verdicts.

Runs with the same model, protocol and condition are one configuration; several runs of a
configuration are repeated attempts, which pass@k (the unbiased estimator) summarises.
Solved items are counted against the solved items the runs planned (the denominator), and
the clean subset of the model against its eligible items; open items are never part of a
solve count — an open item both checkers accept is frozen for review and reported apart.
No number here compares a submitted answer with the reference outside a verdict: a yes/no
guess is right half the time, so answer accuracy is never computed.
"""

from __future__ import annotations

import statistics
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from math import comb

from ..errors import UsageError
from ..evaluator.answers import ReferenceAnswer
from ..evaluator.clean import clean_subset
from ..register.load import Register
from ..register.model import Split
from .models import Model, ModelRegistry
from .records import PROTOCOLS, Attempt, Config, Run
from .sources import solution_keys


def pass_at_k(n: int, c: int, k: int) -> float:
    """The unbiased estimator of pass@k from n attempts of which c solved: the chance that
    k attempts drawn without replacement include a solved one, 1 − C(n−c, k) / C(n, k)."""
    if not 0 <= c <= n or not 1 <= k <= n:
        raise ValueError(f"pass@k needs 0 <= c <= n and 1 <= k <= n (n={n}, c={c}, k={k})")
    if n - c < k:
        return 1.0
    return 1.0 - comb(n - c, k) / comb(n, k)


@dataclass(frozen=True)
class Cell:
    """One item under one configuration: attempts made and attempts solved."""

    attempts: int
    solved: int


@dataclass
class ConfigResult:
    config: Config
    model: Model
    runs: list[str]
    items: list[str]  # planned, in register order
    solved_denominator: list[str]  # planned Rediscovery items
    open_items: list[str]  # planned Open-90 items
    cells: dict[str, Cell]
    attempts: list[Attempt]
    eligible: list[str] | None  # None: the model has no cutoff
    excluded: dict[str, str] = field(default_factory=dict)  # clean exclusions and why

    @property
    def solved_items(self) -> list[str]:
        return [i for i in self.solved_denominator if self.cells[i].solved]

    @property
    def clean_solved(self) -> list[str] | None:
        if self.eligible is None:
            return None
        return [i for i in self.eligible if self.cells[i].solved]

    @property
    def attempts_per_item(self) -> tuple[int, int]:
        counts = [self.cells[i].attempts for i in self.items] or [0]
        return min(counts), max(counts)

    @property
    def finished(self) -> list[Attempt]:
        return [a for a in self.attempts if a.finished]

    @property
    def median_minutes(self) -> float | None:
        minutes = [a.wall_minutes for a in self.finished if a.wall_minutes is not None]
        return statistics.median(minutes) if minutes else None

    @property
    def left_lean(self) -> int:
        return sum(a.left_lean for a in self.attempts)

    @property
    def open_accepted(self) -> list[str]:
        return sorted({a.item for a in self.attempts if a.open_accepted})

    @property
    def frozen(self) -> list[tuple[str, str]]:
        """Items frozen for statement review, with the reason (open items included)."""
        return sorted(
            {(a.item, a.verdict_reason) for a in self.attempts if a.verdict == "frozen-review"}
        )

    @property
    def end_reasons(self) -> list[tuple[str, int]]:
        counts = Counter(a.end_reason for a in self.finished if a.end_reason)
        return sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))

    @property
    def exceptions(self) -> list[tuple[str, int]]:
        """What attempts lacked of the paper's protocol (explicitly allowed), with counts."""
        counts = Counter(e for a in self.attempts for e in a.exceptions)
        return sorted(counts.items())

    @property
    def unfinished(self) -> int:
        return sum(not a.finished for a in self.attempts)

    @property
    def ungraded(self) -> int:
        """Attempts that left a `.lean` no verdict decided."""
        return sum(a.left_lean and a.verdict is None for a in self.attempts)

    @property
    def mismatched(self) -> list[Attempt]:
        """Attempts whose verdict line graded other bytes than their Solution.lean: the
        verdict is not counted (they are among the ungraded) and is listed apart."""
        return [a for a in self.attempts if a.mismatch]

    def pass_at(self, k: int) -> tuple[float, int] | None:
        """Mean pass@k over the solved denominator's items with at least k attempts, and how
        many items that is; None when no item has k attempts."""
        values = [
            pass_at_k(cell.attempts, cell.solved, k)
            for i in self.solved_denominator
            if (cell := self.cells[i]).attempts >= k
        ]
        if not values:
            return None
        return sum(values) / len(values), len(values)


@dataclass(frozen=True)
class Retrieval:
    """Condition C: attempts that fetched a located solution source of their item."""

    attempts: int  # finished attempts
    fetched: int  # attempts that fetched one
    solves: int  # solved attempts (solved items only)
    solves_after_fetch: int
    examples: tuple[tuple[str, str, tuple[str, ...]], ...]  # (run, item, keys) per fetch


def attempt_state(attempt: Attempt) -> str:
    """What became of one attempt, for the solve matrix."""
    if attempt.verdict == "solved":
        return "solved"
    if attempt.verdict == "frozen-review":
        return "frozen"
    if attempt.verdict == "unsolved":
        return "unsolved"
    if not attempt.finished:
        return "unfinished"
    return "ungraded" if attempt.left_lean else "no .lean"


@dataclass
class Results:
    configs: list[ConfigResult]
    runs: list[Run]
    retrieval: dict[Config, Retrieval]

    def ordered_runs(self) -> list[Run]:
        """The runs in the order of their configurations, then as given."""
        by_name = {run.name: run for run in self.runs}
        return [by_name[name] for result in self.configs for name in result.runs]

    def by_condition(self) -> dict[tuple[str, str], dict[str, set[str]]]:
        """(protocol, condition) → model → the items it solved (solved items only)."""
        found: dict[tuple[str, str], dict[str, set[str]]] = {}
        for result in self.configs:
            key = (result.config.protocol, result.config.condition)
            found.setdefault(key, {}).setdefault(result.model.name, set()).update(
                result.solved_items
            )
        return found


def _order(registry: ModelRegistry, config: Config) -> tuple[int, int, str, str]:
    names = list(registry.models)
    return (
        PROTOCOLS.index(config.protocol),
        names.index(config.model) if config.model in names else len(names),
        config.condition,
        config.model,
    )


def analyse(
    runs: Iterable[Run],
    register: Register,
    key: Mapping[str, ReferenceAnswer],
    registry: ModelRegistry,
) -> Results:
    runs = list(runs)
    grouped: dict[Config, list[Run]] = {}
    for run in runs:
        grouped.setdefault(run.config, []).append(run)
    unknown = sorted({c.model for c in grouped if c.model not in registry.models})
    if unknown:
        raise UsageError(
            f"run model(s) not in {registry.path}: {', '.join(unknown)}; add each with its "
            "label, lineage and cutoff (docs/results.md)"
        )
    position = {item_id: n for n, item_id in enumerate(register.items)}
    configs: list[ConfigResult] = []
    retrieval: dict[Config, Retrieval] = {}
    for config in sorted(grouped, key=lambda c: _order(registry, c)):
        model = registry.models[config.model]
        attempts = [a for run in grouped[config] for a in run.attempts]
        for item_id in {a.item for a in attempts}:
            register.get(item_id)  # an unknown item is an error naming the register
        items = sorted({a.item for a in attempts}, key=lambda i: position[i])
        cells = {
            i: Cell(
                sum(a.item == i for a in attempts),
                sum(a.item == i and a.solved for a in attempts),
            )
            for i in items
        }
        solved_ids = [i for i in items if register.get(i).split is Split.REDISCOVERY]
        open_ids = [i for i in items if register.get(i).split is Split.OPEN]
        eligible: list[str] | None = None
        excluded: dict[str, str] = {}
        if model.cutoff is not None:
            subset = clean_subset(register, key, model.lineage, model.cutoff, ids=solved_ids)
            eligible = list(subset.eligible)
            excluded = {e.item_id: e.detail for e in subset.excluded}
        configs.append(
            ConfigResult(
                config,
                model,
                [r.name for r in grouped[config]],
                items,
                solved_ids,
                open_ids,
                cells,
                attempts,
                eligible,
                excluded,
            )
        )
        if config.condition == "C":
            retrieval[config] = _retrieval(attempts, register, key)
    return Results(configs, runs, retrieval)


def _retrieval(
    attempts: list[Attempt], register: Register, key: Mapping[str, ReferenceAnswer]
) -> Retrieval:
    fetched = solves = after = 0
    examples = []
    finished = [a for a in attempts if a.finished]
    for attempt in finished:
        item = register.get(attempt.item)
        solved_item = item.split is Split.REDISCOVERY
        keys = solution_keys(key.get(item.id), item.title, solved=solved_item)
        hits = attempt.fetched(keys)
        if hits:
            fetched += 1
            examples.append((attempt.run, attempt.item, hits))
        if attempt.solved:
            solves += 1
            after += bool(hits)
    return Retrieval(len(finished), fetched, solves, after, tuple(examples))
