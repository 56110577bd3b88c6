"""The public certificates of R01, R05 and E30 recomputed independently of their verifiers:
what each record states about its object, from the definitions (brute force over small
fields, Gröbner bases, sympy's permutation groups), and E30's reduction of the group theory
to linear algebra checked against permutation groups on random small instances."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from itertools import product
from pathlib import Path

import pytest
import sympy
from flint import nmod_mat
from sympy.combinatorics import Permutation, PermutationGroup

from openfrontiers.cert.limits import CertLimits
from openfrontiers.cert.spec import Context
from openfrontiers.cert.verifiers import load_module

CERTS = Path(__file__).resolve().parents[1] / "certificates"
e30 = load_module("E30", CERTS / "verifiers" / "e30.py")


def load(item: str) -> dict:
    return json.loads((CERTS / f"{item}.cert.json").read_text("utf-8"))


def mat(rows: list[list[int]]) -> sympy.Matrix:
    return sympy.Matrix(rows)


def mod(m: sympy.Matrix, p: int) -> nmod_mat:
    return nmod_mat([[int(x) for x in row] for row in m.tolist()], p)


def r01_matrices() -> tuple[sympy.Matrix, sympy.Matrix, sympy.Matrix, sympy.Matrix]:
    """A, C, P M_C − M_0 P and M_C of the stored certificate."""
    c = load("R01")
    a, b, cc, p = mat(c["A"]), mat(c["B"]), mat(c["C"]), mat(c["P"])
    m_c = sympy.BlockMatrix([[a, cc], [sympy.zeros(3), b]]).as_explicit()
    m_0 = sympy.BlockMatrix([[a, sympy.zeros(3)], [sympy.zeros(3), b]]).as_explicit()
    return a, cc, p * m_c - m_0 * p, m_c


def test_r01_record_example() -> None:
    c = load("R01")
    jordan = [[0, 1, 0], [0, 0, 0], [0, 0, 0]]  # J₂(0) ⊕ J₁(0)
    assert c["A"] == c["B"] == jordan and c["C"] == [[1, 0, 0], [0, 0, 0], [0, 0, 1]]


@pytest.mark.parametrize("modulus", [None, 2, 3, 5, 7])
def test_r01_no_rank_one_value_over_q_and_small_primes(modulus: int | None) -> None:
    # rank(AX − XA − C) ≤ 1 means every 2 × 2 minor vanishes: the ideal is the unit ideal
    a, cc, _, _ = r01_matrices()
    xs = sympy.symbols("x0:9")
    m = a * sympy.Matrix(3, 3, xs) - sympy.Matrix(3, 3, xs) * a - cc
    minors = [
        m.extract(list(r), list(k)).det()
        for r in [(0, 1), (0, 2), (1, 2)]
        for k in [(0, 1), (0, 2), (1, 2)]
    ]
    opts = {"modulus": modulus} if modulus else {"domain": "QQ"}
    assert list(sympy.groebner(minors, *xs, **opts).exprs) == [1]


@pytest.mark.parametrize("p", [2, 3])
def test_r01_minima_over_small_prime_fields(p: int) -> None:
    a, cc, d, m_c = r01_matrices()
    an, cn = mod(a, p), mod(cc, p)
    ranks = set()
    for entries in product(range(p), repeat=9):
        x = nmod_mat([list(entries[i : i + 3]) for i in (0, 3, 6)], p)
        ranks.add(int((an * x - x * an - cn).rank()))
    assert min(ranks) == 2  # the Sylvester minimum, by brute force
    p_mat = nmod_mat(load("R01")["P"], p)
    assert int(p_mat.det()) != 0 and int(mod(d, p).rank()) == 1
    # similarity minimum ≥ 1: M_C and M_0 have different ranks, so are not similar
    m_0 = sympy.diag(a, a)
    assert int(mod(m_c, p).rank()) != int(mod(m_0, p).rank())


def test_r01_minima_over_q() -> None:
    a, cc, d, m_c = r01_matrices()
    assert (a * sympy.zeros(3) - cc).rank() == 2 and d.rank() == 1  # X = 0; the stored P
    assert sympy.Matrix(load("R01")["P"]).det() in (1, -1)
    assert m_c.rank() == 3 and sympy.diag(a, a).rank() == 2  # not similar: minimum 1


def test_r05_record_group() -> None:
    c = load("R05")
    gens = [Permutation(g) for g in c["generators"]]
    group = PermutationGroup(gens)
    assert group.order() == 128 and max(x.order() for x in group.generate()) == 8
    # D8 wr C2: the base D8 × D8 (the first two generators and their conjugates by the
    # block swap) has index 2, and the swap is the third generator
    r, s, t = gens
    base = PermutationGroup([r, s, t * r * t, t * s * t])
    assert base.order() == 64 and not base.contains(t)
    assert PermutationGroup([r, s]).order() == 8 and (r * s) ** 2 == Permutation(7)
    squares = {x**2 for x in group.generate()}
    assert len(squares) == 16 and all(x * y in squares for x in squares for y in squares)
    sq = PermutationGroup(list(squares))
    assert not sq.is_abelian and max(x.order() for x in squares) == 4
    # ≅ C2 × D8: a central involution z outside a dihedral subgroup ⟨ρ, σ⟩ of order 8
    center = [z for z in squares if all(z * y == y * z for y in squares)]
    found = False
    for rho, sigma, z in product(squares, squares, center):
        if rho.order() == 4 and sigma.order() == 2 and z.order() == 2:
            dihedral = PermutationGroup([rho, sigma])
            if (
                sigma * rho * sigma == rho**-1
                and dihedral.order() == 8
                and not dihedral.contains(z)
            ):
                found = True
                break
    assert found


def _affine_group(p: int, n: int, mats: list[list[list[int]]], a: list[int]) -> tuple:
    """H = ⟨translation by a, the matrices⟩ acting on 𝔽_p^n, and the permutations."""
    points = list(product(range(p), repeat=n))
    index = {v: i for i, v in enumerate(points)}

    def perm(f: Callable[[tuple[int, ...]], tuple[int, ...]]) -> Permutation:
        return Permutation([index[f(v)] for v in points])

    def times(m: list[list[int]]) -> Callable[[tuple[int, ...]], tuple[int, ...]]:
        return lambda v: tuple(sum(m[i][j] * v[j] for j in range(n)) % p for i in range(n))

    shift = perm(lambda v: tuple((v[i] + a[i]) % p for i in range(n)))
    mperms = [perm(times(m)) for m in mats]
    return PermutationGroup([shift, *mperms] if mperms else [shift]), [shift, *mperms]


def _center_inter_derived_order(group: PermutationGroup, gens: list[Permutation]) -> int:
    derived = group.derived_subgroup()
    return sum(1 for g in derived.generate() if all(g * h == h * g for h in gens))


def test_e30_record_group() -> None:
    c = load("E30")
    p, n = c["p"], c["n"]
    group, gens = _affine_group(p, n, c["generators"], c["a"])
    b = PermutationGroup(gens[1:])
    assert b.order() == 9 and b.is_abelian and all(x.order() in (1, 3) for x in b.generate())
    assert group.order() == 3**8  # H = ⟨a, B⟩ = A ⋊ B: the orbit of a = 1 spans A
    points = list(product(range(p), repeat=n))
    at = points.index(tuple(c["a"]))
    assert [x for x in b.generate() if x.array_form[at] == at] == [b.identity]  # C_B(a) = 1
    assert _center_inter_derived_order(group, gens) == 27  # (ℤ/3)³: rank 3 > 2 = rank B


def _commuting_order_p(p: int, n: int, k: int, rng: random.Random) -> list[list[list[int]]]:
    candidates = []
    one = nmod_mat([[int(i == j) for j in range(n)] for i in range(n)], p)
    while len(candidates) < 40:
        m = nmod_mat([[rng.randrange(p) for _ in range(n)] for _ in range(n)], p)
        if m**p == one:
            candidates.append(m)
    for _ in range(1000):
        chosen = rng.sample(candidates, k)
        if all(x * y == y * x for x in chosen for y in chosen):
            return [[[int(v) for v in row] for row in m.tolist()] for m in chosen]
    return [[[int(v) for v in row] for row in candidates[0].tolist()]]


@pytest.mark.parametrize("seed", range(8))
def test_e30_linear_algebra_matches_permutation_groups(seed: int) -> None:
    rng = random.Random(seed)
    p, n = [(2, 3), (2, 4), (3, 2), (3, 3)][seed % 4]
    mats = _commuting_order_p(p, n, 1 + seed % 2, rng)
    a = [rng.randrange(p) for _ in range(n)]
    ctx = Context.fresh(CertLimits())
    gens = [nmod_mat(m, p) for m in mats]
    elements = e30.enumerate_b(gens, n, p, ctx)
    dim_w, dim_derived, dim_center = e30.center_inter_derived(
        gens, elements, nmod_mat([[x] for x in a], p), n, p, ctx
    )
    group, perms = _affine_group(p, n, mats, a)
    assert group.order() == p**dim_w * len(elements)  # H = W ⋊ B
    assert group.derived_subgroup().order() == p**dim_derived
    assert _center_inter_derived_order(group, perms) == p**dim_center


def test_r03_graph_recomputed_with_networkx() -> None:
    """R03's stored graph, checked apart from its verifier: connected, cubic, bipartite on
    18 vertices; no 5 vertices dominate it and some 6 do (γ = 6); and after deleting any
    set of at most 4 edges (2|F| ≤ 3Δ = 9) some 6 vertices still dominate, so γ never rises
    and the bondage number is at least 5 > 3Δ/2."""
    from itertools import combinations

    import networkx as nx

    c = load("R03")
    g = nx.Graph([tuple(e) for e in c["edges"]])
    assert g.number_of_nodes() == 18 and nx.is_connected(g) and nx.is_bipartite(g)
    assert {d for _, d in g.degree} == {3}
    assert not any(nx.is_dominating_set(g, s) for s in combinations(g, 5))
    sixes = [set(s) for s in combinations(g, 6) if nx.is_dominating_set(g, s)]
    assert sixes
    closed = {v: {v, *g[v]} for v in g}
    for r in range(1, 5):
        for removed in combinations(g.edges, r):
            after = {v: set(n) for v, n in closed.items()}
            for u, v in removed:
                after[u].discard(v)
                after[v].discard(u)
            assert any(set().union(*(after[v] for v in s)) == set(g) for s in sixes), removed
