"""Certificates for the solved items' verifiers (evaluator data, like the verifiers): a
valid one per item where a small one exists, one failing each condition, sizes refused
before enumeration, and malformed shapes."""

from __future__ import annotations

from cert.cases import Case

R28_OK = {
    "A": [[1, 0], [0, 0]],
    "B": [["9/25", "12/25"], ["12/25", "16/25"]],
    "f": [0, 1, -1],
    "c_A": 0,
    "c_B": 0,
    "v": [-1, 2],
}
E01_TOY = {"k": 1, "squares": [{"a": [0, 0], "w": ["1/2", 0]}, {"a": ["1/2", 0], "w": ["1/2", 0]}]}
N26_TOY = {"n": 1, "F": [[[1, [1]]]], "p": [0], "q": [1]}

_Z9 = [0] * 9
R01_OK = {
    "m": 3,
    "n": 3,
    "A": [[0, 1, 0], [0, 0, 0], [0, 0, 0]],
    "B": [[0, 1, 0], [0, 0, 0], [0, 0, 0]],
    "C": [[1, 0, 0], [0, 0, 0], [0, 0, 1]],
    "r": 2,
    "minors": [
        {"rows": [1, 2], "cols": [1, 2], "multiplier": [[1, _Z9]]},
        {"rows": [0, 2], "cols": [0, 2], "multiplier": [[1, _Z9]]},
    ],
    "P": [
        [-1, 0, -1, 0, 0, 0],
        [0, 0, 0, 0, 0, -1],
        [0, 1, 0, 0, 0, 0],
        [0, 0, 0, 1, 0, 0],
        [0, 0, 0, 0, 1, 0],
        [1, 0, 0, 0, 0, 0],
    ],
    "X": [[0, 0, 0], [0, 0, 0], [0, 0, 0]],
}
# AX − XB − C = (−1) for every X (A = B = 0, C = 1), but M_C = [[0, 1], [0, 0]] is not
# similar to M_0 = 0 (Roth): the similarity condition fails for every P.
R01_ROTH = {
    "m": 1,
    "n": 1,
    "A": [[0]],
    "B": [[0]],
    "C": [[1]],
    "r": 1,
    "minors": [{"rows": [0], "cols": [0], "multiplier": [[-1, [0]]]}],
    "P": [[1, 0], [0, 1]],
}
D8 = [[1, 2, 3, 0], [0, 3, 2, 1]]
R05_OK = {
    "p": 2,
    "degree": 8,
    "generators": [[1, 2, 3, 0, 4, 5, 6, 7], [0, 3, 2, 1, 4, 5, 6, 7], [4, 5, 6, 7, 0, 1, 2, 3]],
}
# a 2-group of order 16 in which the squares generate more than the set of squares
R05_NOT_CLOSED = {
    "p": 2,
    "degree": 8,
    "generators": [[3, 2, 1, 0, 5, 4, 7, 6], [7, 6, 4, 5, 3, 2, 0, 1]],
}
# 𝔽₃[x, y]/𝔪³ in the basis 1, x, y, x², xy, y²; B acts by 1 + x and 1 + y
E30_OK = {
    "p": 3,
    "n": 6,
    "generators": [
        [
            [1, 0, 0, 0, 0, 0],
            [1, 1, 0, 0, 0, 0],
            [0, 0, 1, 0, 0, 0],
            [0, 1, 0, 1, 0, 0],
            [0, 0, 1, 0, 1, 0],
            [0, 0, 0, 0, 0, 1],
        ],
        [
            [1, 0, 0, 0, 0, 0],
            [0, 1, 0, 0, 0, 0],
            [1, 0, 1, 0, 0, 0],
            [0, 0, 0, 1, 0, 0],
            [0, 1, 0, 0, 1, 0],
            [0, 0, 1, 0, 0, 1],
        ],
    ],
    "a": [1, 0, 0, 0, 0, 0],
}
# one Jordan block over 𝔽₃ on 𝔽₃²: Z(H) ∩ H' = span(e₀) has rank 1 = rank B
E30_JORDAN = {"p": 3, "n": 2, "generators": [[[1, 1], [0, 1]]], "a": [0, 1]}


def _e30_unipotent(k: int) -> list[list[int]]:
    """1 + E_{k, 20 + k} on 𝔽₂⁴⁰: for k < 20 these commute and are independent involutions."""
    return [[int(i == j or (i, j) == (k, 20 + k)) for j in range(40)] for i in range(40)]


_DENSE = [[(3 * i + 5 * j) % 7 - 3 for j in range(6)] for i in range(6)]
R01_DENSE = {
    "m": 6,
    "n": 6,
    "A": _DENSE,
    "B": _DENSE,
    "C": _DENSE,
    "r": 4,
    "minors": [{"rows": [0, 1, 2, 3], "cols": [0, 1, 2, 3], "multiplier": [[1, [0] * 36]]}] * 100,
    "P": [[int(i == j) for j in range(12)] for i in range(12)],
}

# P₃ (a path on three vertices): γ = 1 by its middle vertex, Δ = 2, and deleting one edge
# leaves an isolated vertex, raising γ to 2 with 2·1 ≤ 3·2.
P3 = {"n": 3, "edges": [[0, 1], [1, 2]], "dominating_set": [1]}


CASES = [
    # R03 (its valid certificate is the stored one: test_stored_certificates_…)
    Case("R03", {**P3, "dominating_set": [0]}, "invalid", "dominating"),
    Case("R03", {**P3, "dominating_set": [0, 1]}, "invalid", "minimum"),
    Case("R03", P3, "invalid", "bondage"),
    Case("R03", {"n": 24, "edges": [[0, 1]], "dominating_set": list(range(12))}, "refused", "size"),
    # R28
    Case("R28", R28_OK, "valid"),
    Case("R28", {**R28_OK, "A": [[1, 2], [2, 1]]}, "invalid", "psd"),
    Case("R28", {**R28_OK, "f": [-1, 1, -1]}, "invalid", "f-zero"),
    Case("R28", {**R28_OK, "f": [0, 0, 1]}, "invalid", "concave"),
    Case("R28", {**R28_OK, "f": [0, 1], "c_A": 0}, "invalid", "bounds"),
    Case("R28", {**R28_OK, "v": [1, 2]}, "invalid", "witness"),
    # N26
    Case("N26", {"n": 1, "F": [[[2, [1]]]], "p": [0], "q": [1]}, "invalid", "collision"),
    Case("N26", {"n": 1, "F": [[[1, [2]]]], "p": [1], "q": [-1]}, "invalid", "jacobian"),
    Case("N26", {"n": 1, "F": [[[1, [1]]]], "p": [1], "q": [1]}, "invalid", "distinct"),
    # E01
    Case("E01", {"k": 0, "squares": [{"a": [0, 0], "w": [1, 0]}]}, "invalid", "k"),
    Case("E01", {"k": 1, "squares": [{"a": [0, 0], "w": [1, 1]}]}, "invalid", "sides"),
    Case("E01", {"k": 1, "squares": [{"a": [0, 0], "w": ["1/2", 0]}]}, "invalid", "count"),
    Case(
        "E01",
        {"k": 1, "squares": [{"a": [0, 0], "w": [1, 0]}, {"a": ["1/2", 0], "w": [1, 0]}]},
        "invalid",
        "inside",
    ),
    Case(
        "E01",
        {"k": 1, "squares": [{"a": [0, 0], "w": ["1/2", 0]}, {"a": ["1/4", 0], "w": ["1/2", 0]}]},
        "invalid",
        "disjoint",
    ),
    Case("E01", E01_TOY, "invalid", "total"),
    # R01
    Case("R01", R01_OK, "valid"),
    Case("R01", {k: v for k, v in R01_OK.items() if k != "X"}, "valid"),
    Case(
        "R01",
        {**R01_OK, "minors": [{**R01_OK["minors"][0], "multiplier": [[2, _Z9]]}]},
        "invalid",
        "identity",
    ),
    Case(
        "R01",
        {**R01_OK, "P": [[2 * x for x in R01_OK["P"][0]], *R01_OK["P"][1:]]},
        "invalid",
        "unit",
    ),
    Case(
        "R01",
        {**R01_OK, "P": [[int(i == j) for j in range(6)] for i in range(6)]},
        "invalid",
        "similarity",
    ),
    Case("R01", R01_ROTH, "invalid", "similarity"),
    Case("R01", {**R01_OK, "X": [[0, 0, 0], [2, 1, 0], [0, 0, 0]]}, "invalid", "attained"),
    # R05
    Case("R05", R05_OK, "valid"),
    Case("R05", {**R05_OK, "p": 4}, "invalid", "prime"),
    Case("R05", {**R05_OK, "p": 3}, "invalid", "p-group"),
    Case("R05", R05_NOT_CLOSED, "invalid", "subgroup"),
    Case("R05", {"p": 2, "degree": 4, "generators": D8}, "invalid", "not-powerful"),
    # E30
    Case("E30", E30_OK, "valid"),
    Case("E30", {**E30_OK, "p": 9}, "invalid", "prime"),
    Case(
        "E30",
        {"p": 3, "n": 2, "generators": [[[2, 0], [0, 1]]], "a": [1, 1]},
        "invalid",
        "elementary-B",
    ),
    Case(
        "E30",
        {"p": 3, "n": 2, "generators": [[[1, 1], [0, 1]], [[1, 0], [1, 1]]], "a": [1, 0]},
        "invalid",
        "elementary-B",
    ),
    Case("E30", {**E30_OK, "a": [0, 0, 0, 0, 0, 1]}, "invalid", "centralizer"),
    Case("E30", E30_JORDAN, "invalid", "rank"),
    # sizes the verifiers refuse before enumerating (S₉ has 362880 elements; B would have
    # 2¹⁷ matrices of size 40 × 40; the products of 100 4 × 4 minors of a dense 6 × 6 problem)
    Case(
        "R05",
        {"p": 2, "degree": 9, "generators": [[1, 0, *range(2, 9)], [*range(1, 9), 0]]},
        "refused",
        "size",
    ),
    Case(
        "E30",
        {"p": 2, "n": 40, "generators": [_e30_unipotent(k) for k in range(17)], "a": [1] * 40},
        "refused",
        "size",
    ),
    Case("R01", R01_DENSE, "refused", "size"),
]

MALFORMED = [
    Case("R03", {**P3, "edges": [[0, 0]]}, "malformed", "$.edges[0]"),
    Case("R03", {**P3, "dominating_set": [1, 1]}, "malformed", "$.dominating_set"),
    Case("R03", {**P3, "dominating_set": [5]}, "malformed", "$.dominating_set"),
    Case("R28", {**R28_OK, "A": [[1, 0]]}, "malformed", "$.A"),
    Case("R01", {**R01_OK, "A": [[0, 1], [0, 0]]}, "malformed", "$.A"),
    Case("R01", {**R01_OK, "r": 4}, "malformed", "$.r"),
    Case("R01", {**R01_OK, "P": [[1]]}, "malformed", "$.P"),
    Case(
        "R01",
        {**R01_OK, "minors": [{**R01_OK["minors"][0], "rows": [2, 1]}]},
        "malformed",
        "$.minors[0].rows",
    ),
    Case(
        "R01",
        {**R01_OK, "minors": [{**R01_OK["minors"][0], "multiplier": [[1, [0, 0]]]}]},
        "malformed",
        "$.minors[0].multiplier",
    ),
    Case("R01", {**R01_OK, "X": [[0, 0, 0]]}, "malformed", "$.X"),
    Case("R01", {**R01_OK, "C": [[1, 0, "1/2"]] * 3}, "malformed", "$.C"),
    Case("R05", {**R05_OK, "generators": [[0, 1, 2]]}, "malformed", "$.generators[0]"),
    Case(
        "R05", {**R05_OK, "generators": [[0, 0, 2, 3, 4, 5, 6, 7]]}, "malformed", "$.generators[0]"
    ),
    Case("E30", {**E30_OK, "a": [1, 0]}, "malformed", "$.a"),
    Case("E30", {**E30_OK, "generators": [[[1, 0], [0, 1]]]}, "malformed", "$.generators[0]"),
]
