"""Certificates for every verifier: valid ones (on weakened toy instances where no real
certificate is known, via the verifier's parameters), one failing each condition, and
malformed ones. Shared by the tests and the benchmark."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from itertools import combinations
from typing import Any

import networkx as nx


def g(graph: nx.Graph) -> dict:
    return {"n": graph.number_of_nodes(), "edges": [list(e) for e in graph.edges]}


@dataclass
class Case:
    item: str
    cert: Any
    status: str  # expected verdict
    condition: str = ""  # expected failing condition (invalid) or limit/path prefix
    params: dict = field(default_factory=dict)

    @property
    def id(self) -> str:
        return f"{self.item}-{self.status}-{self.condition or 'ok'}"

    def assert_verdict(self, verdict: Any, checkable: list[str]) -> None:
        """The verdict is this case's: its status, the failing condition or the limit, the
        malformed path; a valid one checked every `checkable` condition and left none."""
        assert verdict.status == self.status, verdict.summary()
        if self.status in ("invalid", "refused"):
            assert verdict.condition == self.condition, verdict.summary()
        if self.status == "malformed":
            assert verdict.condition.startswith(self.condition), verdict.summary()
        if self.status == "valid":
            assert not verdict.unchecked and not verdict.probable
            assert set(checkable) <= set(verdict.checked)


K2, K3, K4 = g(nx.complete_graph(2)), g(nx.complete_graph(3)), g(nx.complete_graph(4))
C5, PETERSEN = g(nx.cycle_graph(5)), g(nx.petersen_graph())
FANO = [[0, 1, 2], [0, 3, 4], [0, 5, 6], [1, 3, 5], [1, 4, 6], [2, 3, 6], [2, 4, 5]]
Z6 = [1, 2, 3, 4, 5, 0]
Z6_2 = [2, 3, 4, 5, 0, 1]
ID6 = [0, 1, 2, 3, 4, 5]
SALLOWS = [[127**2, 46**2, 58**2], [2**2, 113**2, 94**2], [74**2, 82**2, 97**2]]
BARKER13 = [1, 1, 1, 1, 1, -1, -1, 1, 1, -1, 1, -1, 1]
ERDOS_COVER = [[0, 2], [0, 3], [1, 4], [5, 6], [7, 12]]
SQRT2 = {"minpoly": [-2, 0, 1], "interval": [1, 2]}
ONES = {"P": lambda k: Fraction(1), "Q": lambda k: Fraction(1)}
O31_ID = {
    "m": 1,
    "n": 1,
    "ideal": [],
    "phi_Y": [[[1, [1, 0]]]],
    "phi_X": [[1, [0, 1]]],
    "psi": [[[1, [1, 0]]], [[1, [0, 1]]]],
}
O31_PARABOLA = {
    "m": 2,
    "n": 1,
    "ideal": [[[1, [0, 1, 0]], [-1, [2, 0, 0]]]],
    "phi_Y": [[[1, [1, 0]]], [[1, [2, 0]]]],
    "phi_X": [[1, [0, 1]]],
    "psi": [[[1, [1, 0, 0]]], [[1, [0, 0, 1]]]],
}
C4_PEBBLES = {"G": K2, "H": K2, "t_G": 2, "t_H": 2, "distribution": [3, 0, 0, 0], "target": 3}


def _latin_cyclic(n: int) -> list[list[int]]:
    return [[(i + j) % n for j in range(n)] for i in range(n)]


CASES: list[Case] = [
    # O01
    Case("O01", {"n": 3}, "valid", params={"numerator": 6}),
    Case("O01", {"n": 2}, "invalid", "n"),
    Case("O01", {"n": 5}, "invalid", "no-representation"),
    # O02
    Case(
        "O02",
        {"n": 561, "factorization": [[3, 1], [11, 1], [17, 1]]},
        "valid",
        params={"function": "carmichael"},
    ),
    Case(
        "O02", {"n": 561, "factorization": [[3, 1], [11, 1], [18, 1]]}, "invalid", "factorization"
    ),
    Case("O02", {"n": 7}, "invalid", "composite"),
    Case("O02", {"n": 561}, "invalid", "divides"),
    # O03
    Case("O03", {"k": 1, "m": 3}, "valid", params={"excluded": ()}),
    Case("O03", {"k": 0, "m": 3}, "invalid", "positive"),
    Case("O03", {"k": 1, "m": 3}, "invalid", "new"),
    Case("O03", {"k": 2, "m": 300_000}, "invalid", "equation"),
    # O06
    Case("O06", {"a": 44, "b": 117, "c": 240}, "valid", params={"space_diagonal": False}),
    Case("O06", {"a": 0, "b": 1, "c": 1}, "invalid", "positive"),
    Case("O06", {"a": 1, "b": 1, "c": 1}, "invalid", "face-ab"),
    Case("O06", {"a": 3, "b": 4, "c": 1}, "invalid", "face-ac"),
    Case("O06", {"a": 3, "b": 4, "c": 4}, "invalid", "face-bc"),
    Case("O06", {"a": 44, "b": 117, "c": 240}, "invalid", "space"),
    # O14
    Case("O14", {"sequence": BARKER13}, "valid", params={"min_length": 13}),
    Case("O14", {"sequence": BARKER13}, "invalid", "length"),
    Case("O14", {"sequence": [*BARKER13, 2]}, "invalid", "entries"),
    Case("O14", {"sequence": [*BARKER13, 1]}, "invalid", "autocorrelation"),
    # O22
    Case("O22", {"n": 5, "chain": [1, 2, 4, 5]}, "valid", params={"slack": 1}),
    Case("O22", {"n": 0, "chain": [1]}, "invalid", "n"),
    Case("O22", {"n": 5, "chain": [1, 2, 5]}, "invalid", "chain"),
    Case("O22", {"n": 9, "chain": [1, 2, 4, 8, 9]}, "invalid", "lower-bound"),
    # O31 (partial at best)
    Case("O31", O31_PARABOLA, "partial"),
    Case(
        "O31", {**O31_PARABOLA, "phi_Y": [[[1, [1, 0]]], [[1, [3, 0]]]]}, "invalid", "well-defined"
    ),
    Case(
        "O31", {**O31_PARABOLA, "psi": [[[1, [0, 1, 0]]], [[1, [0, 0, 1]]]]}, "invalid", "phi-psi"
    ),
    Case("O31", {**O31_PARABOLA, "ideal": []}, "invalid", "psi-phi"),
    # O32
    Case(
        "O32",
        {"r": 3, "k": 2, "n": 6, "edges": [list(c) for c in combinations(range(5), 3)]},
        "valid",
        params={"slack": 1},
    ),
    Case("O32", {"r": 2, "k": 2, "n": 6, "edges": []}, "invalid", "parameters"),
    Case("O32", {"r": 3, "k": 2, "n": 6, "edges": [[0, 1]]}, "invalid", "uniform"),
    Case(
        "O32",
        {"r": 3, "k": 2, "n": 6, "edges": [list(c) for c in combinations(range(5), 3)]},
        "invalid",
        "size",
    ),
    Case(
        "O32",
        {
            "r": 3,
            "k": 2,
            "n": 6,
            "edges": [list(c) for c in combinations(range(5), 3)] + [[0, 1, 5]],
        },
        "invalid",
        "matching-free",
    ),
    # O33
    Case("O33", {"n": 4, "points": [[0, 0], [4, 0], [0, 4], [1, 1]]}, "valid", params={"extra": 0}),
    Case("O33", {"n": 2, "points": []}, "invalid", "n"),
    Case("O33", {"n": 4, "points": [[0, 0], [4, 0], [0, 4], [1, 1]]}, "invalid", "count"),
    Case(
        "O33", {"n": 4, "points": [[0, 0], [4, 0], [0, 4], [1, 1], [1, 1]]}, "invalid", "distinct"
    ),
    Case(
        "O33",
        {"n": 4, "points": [[0, 0], [1, 1], [2, 2], [0, 3], [5, 1]]},
        "invalid",
        "general-position",
    ),
    Case(
        "O33",
        {"n": 4, "points": [[0, 0], [4, 0], [0, 4], [1, 1], [3, "1/2"]]},
        "invalid",
        "no-convex-n-gon",
    ),
    # O34
    Case("O34", K4, "valid", params={"max_paths": 1}),
    Case("O34", {"n": 4, "edges": [[0, 1], [2, 3]]}, "invalid", "connected"),
    Case("O34", K4, "invalid", "no-partition"),
    # O35
    Case("O35", {"congruences": ERDOS_COVER}, "valid", params={"odd": False}),
    Case("O35", {"congruences": []}, "invalid", "nonempty"),
    Case("O35", {"congruences": [[0, 3], [1, 3]]}, "invalid", "distinct"),
    Case("O35", {"congruences": [[0, 1], [1, 3]]}, "invalid", "moduli"),
    Case("O35", {"congruences": ERDOS_COVER}, "invalid", "odd"),
    Case("O35", {"congruences": [[0, 3], [1, 5], [2, 7]]}, "invalid", "covering"),
    # O36
    Case("O36", {"points": 7, "lines": FANO}, "valid", params={"allow_prime_power": True}),
    Case("O36", {"points": 7, "lines": [*FANO, FANO[0]]}, "invalid", "lines"),
    Case("O36", {"points": 7, "lines": FANO[:-1]}, "invalid", "points-join"),
    Case(
        "O36",
        {"points": 4, "lines": [[0, 1], [2, 3], [0, 2], [1, 3], [0, 3], [1, 2]]},
        "invalid",
        "lines-meet",
    ),
    Case("O36", {"points": 3, "lines": [[0, 1, 2]]}, "invalid", "nondegenerate"),
    Case("O36", {"points": 7, "lines": FANO}, "invalid", "not-prime-power"),
    # O38
    Case(
        "O38",
        {"n": 3, "points": [[1, 1, 1], [1, -1, -1], [-1, 1, -1], [-1, -1, 1]]},
        "valid",
        params={"dimensions": (3, 3), "extra_part": 0},
    ),
    Case("O38", {"n": 3, "points": [[0, 0, 0], [1, 0, 0]]}, "invalid", "dimension"),
    Case("O38", {"n": 4, "points": [[0, 0, 0, 0], [0, 0, 0, 0]]}, "invalid", "points"),
    Case("O38", {"n": 4, "points": [[0, 0, 0, 0], [1, 0, 0, 0]]}, "invalid", "no-partition"),
    # O39
    Case("O39", {"square": _latin_cyclic(4)}, "valid", params={"odd": False}),
    Case("O39", {"square": _latin_cyclic(4)}, "invalid", "odd"),
    Case("O39", {"square": [[0, 1, 2], [0, 2, 1], [2, 0, 1]]}, "invalid", "latin"),
    Case("O39", {"square": _latin_cyclic(5)}, "invalid", "no-transversal"),
    # O40 (partial at best)
    Case("O40", {"p": 37, "k": 32, "class_group": "none"}, "partial"),
    Case("O40", {"p": 39, "k": 32}, "invalid", "prime"),
    Case("O40", {"p": 37, "k": 35}, "invalid", "index"),
    Case("O40", {"p": 31, "k": 12}, "invalid", "irregular"),
    # O41
    Case("O41", {"H": K3, "G": K2}, "valid", params={"bipartite": False}),
    Case("O41", {"H": K3, "G": K2}, "invalid", "bipartite"),
    Case("O41", {"H": K2, "G": {"n": 0, "edges": []}}, "invalid", "nonempty"),
    Case("O41", {"H": g(nx.cycle_graph(4)), "G": K3}, "invalid", "violation"),
    # O59
    Case("O59", K4, "valid", params={"ratio": Fraction(1)}),
    Case("O59", g(nx.path_graph(3)), "invalid", "bridgeless"),
    Case("O59", PETERSEN, "invalid", "no-short-cover"),
    # O61
    Case("O61", PETERSEN, "valid", params={"denominator": 1000}),
    Case("O61", K3, "invalid", "triangle-free"),
    Case("O61", PETERSEN, "invalid", "dense-halves"),
    # O62
    Case(
        "O62",
        {"degree": 6, "generators": [Z6], "cosets": [{"a": ID6, "subgroup": [Z6]}]},
        "valid",
        params={"min_k": 1},
    ),
    Case(
        "O62",
        {"degree": 6, "generators": [Z6_2], "cosets": [{"a": Z6, "subgroup": []}]},
        "invalid",
        "in-group",
    ),
    Case(
        "O62",
        {"degree": 6, "generators": [Z6], "cosets": [{"a": ID6, "subgroup": [Z6]}]},
        "invalid",
        "k",
    ),
    Case(
        "O62",
        {
            "degree": 6,
            "generators": [Z6],
            "cosets": [{"a": ID6, "subgroup": [Z6]}, {"a": ID6, "subgroup": [Z6_2]}],
        },
        "invalid",
        "partition",
    ),
    Case(
        "O62",
        {
            "degree": 6,
            "generators": [Z6],
            "cosets": [{"a": ID6, "subgroup": [Z6_2]}, {"a": Z6, "subgroup": [Z6_2]}],
        },
        "invalid",
        "distinct-indices",
    ),
    # O63
    Case("O63", {"n": 1, "graph": C5}, "valid", params={"allowed": 0}),
    Case("O63", {"n": 2, "graph": C5}, "invalid", "order"),
    Case("O63", {"n": 1, "graph": g(nx.complete_graph(5))}, "invalid", "triangle-free"),
    Case("O63", {"n": 1, "graph": C5}, "invalid", "far-from-bipartite"),
    # O64
    Case("O64", {"n": 8}, "valid", params={"count": 2}),
    Case("O64", {"n": 0}, "invalid", "positive"),
    Case(
        "O64",
        {"n": 8, "factorizations": [[[2, 2]], [[3, 2]], [[2, 1], [5, 1]]]},
        "invalid",
        "factorizations",
    ),
    Case("O64", {"n": 8}, "invalid", "powerful"),
    # O66
    Case("O66", {"n": 70}, "valid", params={"odd": False}),
    Case("O66", {"n": 70}, "invalid", "odd"),
    Case("O66", {"n": 945, "factorization": [[3, 3], [5, 1], [7, 2]]}, "invalid", "factorization"),
    Case("O66", {"n": 9}, "invalid", "abundant"),
    Case("O66", {"n": 945}, "invalid", "not-pseudoperfect"),
    # O67
    Case("O67", {"graph": K3, "a": 2, "b": 2}, "valid", params={"clique_free": False}),
    Case("O67", {"graph": K3, "a": 1, "b": 2}, "invalid", "parameters"),
    Case("O67", {"graph": K4, "a": 2, "b": 2}, "invalid", "chromatic"),
    Case("O67", {"graph": K3, "a": 2, "b": 2}, "invalid", "clique-free"),
    Case("O67", {"graph": C5, "a": 2, "b": 2}, "invalid", "no-split"),
    # O68
    Case("O68", PETERSEN, "valid", params={"lengths": (4,)}),
    Case("O68", {"n": 0, "edges": []}, "invalid", "nonempty"),
    Case("O68", C5, "invalid", "min-degree"),
    Case("O68", PETERSEN, "invalid", "no-power-cycle"),
    # O69 (never valid): a morphism whose fixed point prefix is progression-free is evidence
    Case(
        "O69",
        {
            "kind": "morphism",
            "images": {"a": ["a", "b"], "b": ["a"]},
            "start": "a",
            "steps": {"a": 0, "b": 1},
            "length": 3,
        },
        "partial",
    ),
    Case(
        "O69",
        {
            "kind": "morphism",
            "images": {"a": ["a", "b"], "b": ["a"]},
            "start": "a",
            "steps": {"a": 0, "b": 0},
            "length": 4,
        },
        "invalid",
        "no-progression",
    ),
    Case(
        "O69",
        {
            "kind": "morphism",
            "images": {"a": ["b"], "b": ["a"]},
            "start": "a",
            "steps": {"a": 0, "b": 1},
            "length": 4,
        },
        "invalid",
        "morphism",
    ),
    Case("O69", {"kind": "prefix", "K": 1, "values": [0, 1, 1, 0]}, "partial"),
    Case("O69", {"kind": "bound", "K": 1, "N": 9}, "partial"),
    Case("O69", {"kind": "prefix", "K": 1, "values": [0, 2]}, "invalid", "lipschitz"),
    Case("O69", {"kind": "prefix", "K": 1, "values": [0, 1, 2]}, "invalid", "no-progression"),
    # O70
    Case(
        "O70",
        {"field": SQRT2, "P": [[1], [0, 1], [1]], "Q": [[1], [0, -1], [1]]},
        "valid",
        params={"nonnegative": False},
    ),
    Case(
        "O70",
        {"field": {"minpoly": [-4, 0, 1], "interval": [1, 3]}, "P": [[1]], "Q": [[1]]},
        "invalid",
        "field",
    ),
    Case("O70", {"P": [[1], [2]], "Q": [[1]]}, "invalid", "monic"),
    Case(
        "O70",
        {"field": SQRT2, "P": [[1], [0, 1], [1]], "Q": [[1], [0, -1], [1]]},
        "invalid",
        "nonnegative",
    ),
    Case("O70", {"P": [[1], [1]], "Q": [[1], [1]]}, "invalid", "product-zero-one"),
    Case("O70", {"P": [[0], [1]], "Q": [[1], [1]]}, "invalid", "not-zero-one"),
    # O71 (partial at best)
    Case("O71", {"f": [[1, [7, 0]], [3, [0, 7]]], "height": 3}, "partial"),
    Case("O71", {"f": [[1, [1, 0]]]}, "invalid", "degree"),
    Case("O71", {"f": [[1, [2, 0]], [1, [0, 1]]]}, "invalid", "collision-free"),
    # O72 (partial at best)
    Case("O72", {"generators": 1, "relators": [], "a": [1]}, "partial"),
    Case("O72", {"generators": 2, "relators": [], "a": [1]}, "invalid", "abelianization"),
    Case(
        "O72",
        {
            "generators": 1,
            "relators": [],
            "a": [1],
            "quotient": {"degree": 3, "images": [[1, 0, 2]]},
        },
        "partial",
    ),
    Case(
        "O72",
        {
            "generators": 1,
            "relators": [[1, 1, 1]],
            "a": [1],
            "quotient": {"degree": 2, "images": [[1, 0]]},
        },
        "invalid",
        "quotient",
    ),
    # O73
    Case("O73", C4_PEBBLES, "valid", params={"slack": 1}),
    Case("O73", {**C4_PEBBLES, "G": {"n": 2, "edges": []}}, "invalid", "connected"),
    Case("O73", {**C4_PEBBLES, "t_G": 1, "distribution": [2, 0, 0, 0]}, "invalid", "upper-bounds"),
    Case("O73", C4_PEBBLES, "invalid", "pebbles"),
    Case("O73", {**C4_PEBBLES, "distribution": [4, 0, 0, 0]}, "invalid", "unsolvable"),
    # O74
    Case(
        "O74",
        {"square": SALLOWS},
        "valid",
        params={
            "lines": (
                "row 1",
                "row 2",
                "row 3",
                "column 1",
                "column 2",
                "column 3",
                "anti-diagonal",
            )
        },
    ),
    Case("O74", {"square": [[1, 1, 1]] * 3}, "invalid", "distinct"),
    Case("O74", {"square": [[1, 4, 9], [16, 25, 36], [49, 64, 80]]}, "invalid", "squares"),
    Case("O74", {"square": SALLOWS}, "invalid", "magic"),
    # O81
    Case("O81", {"n": 3, "table": "01111111"}, "valid", params={"factor": Fraction(1, 4)}),
    Case("O81", {"n": 3, "table": "01111111"}, "invalid", "separation"),
    # O85
    Case("O85", {"points": [[0, 0, 0], [0, 0, 0]]}, "valid", params={"distinct": False}),
    Case("O85", {"points": [[0, 0, 0], [0, 0, 0]]}, "invalid", "distinct"),
    Case("O85", {"points": [[0, 0, 0], [1, 0, 0], [2, 0, 0]]}, "invalid", "dependent"),
    Case("O85", {"points": [[0, 0, 0], [1, 1, 0]]}, "refused", "irrational"),
    # O88
    Case(
        "O88",
        {"n": 2, "triples": [[1, 1, 2], [2, 2, 1]]},
        "valid",
        params={"exceeds": lambda n, m: m >= n},
    ),
    Case("O88", {"n": 2, "triples": [[1, 1, 3]]}, "invalid", "range"),
    Case("O88", {"n": 2, "triples": [[1, 1, 2], [1, 2, 1]]}, "invalid", "two-increasing"),
    Case("O88", {"n": 2, "triples": [[1, 1, 2], [2, 2, 1]]}, "invalid", "long"),
    # O89
    Case("O89", {"n": 3}, "valid", params={"min_n": 1}),
    Case("O89", {"n": 3}, "invalid", "n"),
    Case("O89", {"n": 5}, "invalid", "integer"),
    # O91
    Case("O91", {"n": 3, "which": "P", "factor": [1, 1]}, "valid", params={"coefficients": ONES}),
    Case("O91", {"n": 0, "which": "P"}, "invalid", "n"),
    Case("O91", {"n": 10, "which": "Q", "factor": [5]}, "invalid", "proper"),
    Case("O91", {"n": 10, "which": "Q", "factor": ["1/2", 1]}, "invalid", "divides"),
    Case("O91", {"n": 10, "which": "P"}, "invalid", "divides"),
    # O92
    Case("O92", {"p": 7}, "valid", params={"max_k": 1}),
    Case("O92", {"p": 9}, "invalid", "prime"),
    Case("O92", {"p": 7, "factorization": [[2, 1], [3, 2]]}, "invalid", "factorization"),
    Case("O92", {"p": 7}, "invalid", "no-primitive-root"),
    # O93
    Case("O93", {"n": 7}, "valid", params={"orders": (4, 4, 4)}),
    Case("O93", {"n": 7}, "invalid", "no-representation"),
    # O94
    Case("O94", {"x": 90, "y": 2, "m": 3, "n": 13}, "valid", params={"known": ((5, 2, 3, 5),)}),
    Case("O94", {"x": 2, "y": 5, "m": 5, "n": 3}, "invalid", "bases"),
    Case("O94", {"x": 5, "y": 2, "m": 2, "n": 5}, "invalid", "lengths"),
    Case("O94", {"x": 5, "y": 2, "m": 3, "n": 5}, "invalid", "new"),
    Case("O94", {"x": 6, "y": 2, "m": 3, "n": 5}, "invalid", "equation"),
]

# Conditions no certificate can fail once the earlier ones pass (kept as checks of the
# reasoning, named here so the coverage test knows).
UNREACHABLE = {
    ("O36", "order"),  # a nondegenerate plane's lines all have the same size
    ("O81", "sensitivity"),  # computed, never failed
    ("O85", "rational-distances"),  # irrational data is refused, not invalid
    ("O89", "cosine"),  # A_n = 0 would force B_n = 0, impossible for ∏(1 + ik)
}

# Malformed certificates: one per verifier is generated (an unknown key); these add shapes.
MALFORMED = [
    Case("O01", {"n": "5"}, "malformed", "$.n"),
    Case("O01", {"n": 5, "extra": 1}, "malformed", "$"),
    Case("O02", {"n": 561, "factorization": [[3, 0]]}, "malformed", "$.factorization"),
    Case("O14", {"sequence": "++-"}, "malformed", "$.sequence"),
    Case("O34", {"n": 3, "edges": [[0, 0]]}, "malformed", "$.edges[0]"),
    Case("O34", {"n": 3, "edges": [[0, 5]]}, "malformed", "$.edges[0]"),
    Case("O34", {"n": 3, "edges": [[0, 1], [1, 0]]}, "malformed", "$.edges[1]"),
    Case(
        "O62",
        {"degree": 3, "generators": [[0, 0, 1]], "cosets": []},
        "malformed",
        "$.generators[0]",
    ),
    Case("O81", {"n": 3, "table": "0101"}, "malformed", "$.table"),
    Case("O33", {"n": 4, "points": [["1/0", 0]]}, "malformed", "$.points"),
]
