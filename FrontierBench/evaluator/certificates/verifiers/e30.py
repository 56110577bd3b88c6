"""E30 — Kourovka 21.150 (Zenkov): G = A ⋊ B, A and B elementary abelian, a ∈ A with
C_B(a) = 1, and rank (Z(H) ∩ H') > rank B for H = ⟨a, B⟩.

Statement: `main : answer(sorry) ↔ ∀ (G : Type) [Group G] [Finite G] (A B : Subgroup G)
(a : G), A.Normal → IsElementaryAbelian A → IsElementaryAbelian B → A ⊓ B = ⊥ → A ⊔ B = ⊤ →
a ∈ A → (∀ b ∈ B, b * a = a * b → b = 1) → minGenerators (centerInterDerived (joinElem a B))
≤ minGenerators B`, with `centerInterDerived H = C_G(H) ⊓ ⁅H, H⁆`.

A valid certificate refutes the right-hand side, establishing `answer(False)`. It gives a
prime `p`, `n`, commuting n × n matrices `g_1, …, g_k` over `𝔽_p` (entries read mod p)
with `g_i^p = 1`, and `a ∈ 𝔽_p^n`. Then `B = ⟨g_1, …, g_k⟩ ≤ GL_n(𝔽_p)` is elementary
abelian, and `G = 𝔽_p^n ⋊ B` (B acting by matrix–vector product) with `A = 𝔽_p^n` satisfies
every hypothesis but the last by construction: `A` is normal, elementary abelian, and
`A ∩ B = 1`, `AB = G`. In `G`, `b a = a b` iff `b·a = a`. Checked exactly (FLINT over
`𝔽_p`; `B` enumerated):

- *centralizer*: no `b ∈ B`, `b ≠ 1`, has `b·a = a`;
- *rank*: `dim_𝔽p (Z(H) ∩ H') > log_p |B| = rank B`, where the group theory is reduced to
  linear algebra as follows. `H = W ⋊ B` with `W = span {b·a : b ∈ B}` (W is B-invariant
  and contains the conjugates of `a`, and `W ⋊ B` contains `a` and `B`). `H' = K :=
  ∑_i (g_i − 1) W`: each `(g_i − 1) w` is a commutator, `K` is B-invariant (B is abelian)
  and `H / K = W/K × B` is abelian. `Z(H) ∩ H' = {w ∈ K : (g_i − 1) w = 0 for all i}` (an
  element of `A` commutes with `W` always, with `B` iff B fixes it). An elementary abelian
  group of order `p^d` needs exactly `d` generators. The test recomputes these subgroups
  with sympy's permutation groups from their definitions.

Lean: `G` is the semidirect product of `𝔽_p^n` (written multiplicatively) by the matrix
group `B`, `A` and `B` the images of the two factors, `a` the vector; the hypotheses hold by
the semidirect product's structure and a finite check of the centralizer; both ranks are
finite computations (the record's formalization checks them by `native_decide`).

Certificate: `{"p": …, "n": …, "generators": [n × n matrices], "a": [n entries]}` (matrices
act on column vectors: `(g a)_i = ∑_j g[i][j] a[j]`).
"""

from __future__ import annotations

from flint import nmod_mat

from openfrontiers.cert import schema as s
from openfrontiers.cert.exact import is_prime
from openfrontiers.cert.spec import Condition, Context, Verifier

MAX_B = 100_000  # B is enumerated element by element
MAX_ENTRIES = 5_000_000  # matrix entries held for B in all


def _key(m: nmod_mat) -> tuple[int, ...]:
    return tuple(int(x) for x in m.entries())


def _span(vectors: list[nmod_mat], n: int, p: int) -> list[nmod_mat]:
    """A basis (column vectors) of the span of the column vectors given."""
    if not vectors:
        return []
    rows = nmod_mat([[int(v[i, 0]) for i in range(n)] for v in vectors], p)
    reduced, rank = rows.rref()
    return [nmod_mat([[int(reduced[r, i])] for i in range(n)], p) for r in range(rank)]


def _rank(vectors: list[nmod_mat], n: int, p: int) -> int:
    return len(_span(vectors, n, p))


def _log(size: int, p: int) -> int:
    e = 0
    while size > 1:
        size //= p
        e += 1
    return e


def enumerate_b(gens: list[nmod_mat], n: int, p: int, ctx: Context) -> list[nmod_mat]:
    """Every element of ⟨gens⟩ for commuting generators of order p: a generator not yet in
    the group multiplies its order by exactly p (p is prime), so the size of the next layer
    is known — and refused when too large — before it is built."""
    one = nmod_mat([[int(i == j) for j in range(n)] for i in range(n)], p)
    elements = [one]
    keys = {_key(one)}
    for g in gens:
        ctx.tick(n * n)
        if _key(g) in keys:
            continue
        size = len(elements) * p
        if size > MAX_B or size * n * n > MAX_ENTRIES:
            ctx.refuse(
                "size",
                f"B has at least {size} elements of size {n} × {n} (at most {MAX_B} "
                f"elements and {MAX_ENTRIES} entries in all)",
            )
        layer, power = [], one
        for _ in range(p - 1):
            power = power * g
            for x in elements:
                ctx.tick(n * n)
                layer.append(x * power)
        elements += layer
        keys.update(_key(x) for x in layer)
    return elements


def center_inter_derived(
    gens: list[nmod_mat], elements: list[nmod_mat], a: nmod_mat, n: int, p: int, ctx: Context
) -> tuple[int, int, int]:
    """dim W, dim H' and dim (Z(H) ∩ H') for H = ⟨a, B⟩ (see the module docstring)."""
    w = _span([b * a for b in elements], n, p)
    one = nmod_mat([[int(i == j) for j in range(n)] for i in range(n)], p)
    shifts = [g - one for g in gens]
    derived = _span([t * v for t in shifts for v in w], n, p)
    ctx.tick(len(shifts) * len(w) * n)
    # w ∈ span(derived) is fixed by B iff every (g_i − 1) w = 0: the kernel of the stacked map
    if not derived:
        return len(w), 0, 0
    basis = nmod_mat([[int(v[i, 0]) for v in derived] for i in range(n)], p)
    stacked = [row for t in shifts for row in (t * basis).tolist()]
    image = int(nmod_mat([[int(x) for x in row] for row in stacked], p).rank())
    return len(w), len(derived), len(derived) - image


def run(cert: dict, ctx: Context) -> None:
    p, n = cert["p"], cert["n"]
    ctx.require(is_prime(p, "prime", ctx), "prime", f"p = {p} is not prime")
    gens = []
    for i, rows in enumerate(cert["generators"]):
        if len(rows) != n or any(len(r) != n for r in rows):
            ctx.malformed(f"$.generators[{i}]", f"an {n} × {n} matrix expected")
        gens.append(nmod_mat([[x % p for x in r] for r in rows], p))
    if len(cert["a"]) != n:
        ctx.malformed("$.a", f"a vector of length {n} expected")
    a = nmod_mat([[x % p] for x in cert["a"]], p)
    one = nmod_mat([[int(i == j) for j in range(n)] for i in range(n)], p)
    for i, g in enumerate(gens):
        for j in range(i):
            if _key(g * gens[j]) != _key(gens[j] * g):
                ctx.fail("elementary-B", f"generators {j} and {i} do not commute")
        if _key(g**p) != _key(one):
            ctx.fail("elementary-B", f"generator {i} raised to the power {p} is not 1")
    ctx.passed("elementary-B")
    elements = enumerate_b(gens, n, p, ctx)
    for b in elements:
        ctx.tick(n)
        if _key(b) != _key(one) and _key(b * a) == _key(a):
            ctx.fail("centralizer", f"b = {str(b.tolist())[:300]} ≠ 1 in B fixes a")
    ctx.passed("centralizer")
    rank_b = _log(len(elements), p)
    _, _, dim = center_inter_derived(gens, elements, a, n, p, ctx)
    ctx.require(
        dim > rank_b,
        "rank",
        f"rank (Z(H) ∩ H') = {dim} is not above rank B = {rank_b}",
    )


VERIFIER = Verifier(
    item="E30",
    direction="False",
    object="a prime p, commuting matrices of order p generating B ≤ GL_n(𝔽_p) and a ∈ 𝔽_p^n "
    "with C_B(a) = 1 and rank (Z(H) ∩ H') > rank B in 𝔽_p^n ⋊ B",
    schema=s.document(
        "E30 certificate",
        s.obj(
            {
                "p": s.nat(2, 1 << 20),
                "n": s.nat(1, 40),
                "generators": s.array(s.array(s.array(s.integer(), 1, 40), 1, 40), 0, 20),
                "a": s.array(s.integer(), 1, 40),
            }
        ),
    ),
    conditions=(
        Condition("prime", "p is prime"),
        Condition("elementary-B", "the generators commute and have g^p = 1 (B elementary abelian)"),
        Condition("centralizer", "no b ≠ 1 in B fixes a (C_B(a) = 1)"),
        Condition("rank", "rank (Z(H) ∩ H') > rank B for H = ⟨a, B⟩"),
    ),
    run=run,
    reduction="G = (ZMod p)^n ⋊ B with A, B the factors and a the vector; the hypotheses by "
    "construction and a finite centralizer check; the two ranks by finite computation",
)
