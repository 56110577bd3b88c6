"""O62 — Herzog–Schönheim: a partition of a group into k > 1 left cosets of subgroups with
pairwise distinct indices.

Statement: `main : answer(sorry) ↔ ∀ (G : Type) [Group G] (k : ℕ) (H : Fin k → Subgroup G)
(a : Fin k → G), 1 < k → (∀ g, ∃! i, (a i)⁻¹ * g ∈ H i) → ∃ i j, i ≠ j ∧
(H i).index = (H j).index`.

A valid certificate establishes `answer(False)`: a finite permutation group `G` (generators
in array form, sympy `PermutationGroup`), and `k > 1` cosets `a_i H_i` (each `H_i` given
by generators, checked to lie in `G`; `a_i ∈ G`). Every element of `G` (enumerated, at
most 10⁵) lies in exactly one coset, and the indices `|G|/|H_i|` are pairwise distinct.

Lean: specialize at `(G, k, H, a)` with `G` the permutation group; the partition and the
indices by `decide` over the finite group.

Certificate: `{"degree": d, "generators": [[…]], "cosets": [{"a": […],
"subgroup": [[…], …]}, …]}`. Toy instances in the tests allow k = 1.
"""

from __future__ import annotations

from sympy.combinatorics import Permutation, PermutationGroup

from .. import schema as s
from ..exact import permutation
from ..spec import Condition, Context, Verifier

MAX_ORDER = 100_000


def run(cert: dict, ctx: Context, min_k: int = 2) -> None:
    d = cert["degree"]

    def perm(p: list[int], where: str) -> Permutation:
        if len(p) != d:
            ctx.malformed(where, f"a permutation of {d} points expected")
        return Permutation(permutation(p, where, ctx))

    gens = [perm(p, f"$.generators[{i}]") for i, p in enumerate(cert["generators"])]
    group = PermutationGroup(gens or [Permutation(list(range(d)))])
    order = int(group.order())
    if order > MAX_ORDER:
        ctx.refuse("size", f"|G| = {order} beyond {MAX_ORDER}")
    cosets = []
    for i, c in enumerate(cert["cosets"]):
        a = perm(c["a"], f"$.cosets[{i}].a")
        hs = [perm(p, f"$.cosets[{i}].subgroup[{j}]") for j, p in enumerate(c["subgroup"])]
        if not group.contains(a) or not all(group.contains(h) for h in hs):
            ctx.fail("in-group", f"coset {i}: a representative or generator is not in G")
        sub = PermutationGroup(hs or [Permutation(list(range(d)))])
        cosets.append((a, sub))
    ctx.passed("in-group")
    ctx.require(len(cosets) >= min_k, "k", f"k = {len(cosets)} cosets, not more than 1")
    for g in group.generate():
        ctx.tick(len(cosets))
        hits = sum(1 for a, sub in cosets if sub.contains(~a * g))
        if hits != 1:
            ctx.fail("partition", f"the element {g.array_form} lies in {hits} cosets")
    ctx.passed("partition")
    indices = [order // int(sub.order()) for _, sub in cosets]
    ctx.require(
        len(set(indices)) == len(indices),
        "distinct-indices",
        f"two subgroups share an index (indices {indices})",
    )


VERIFIER = Verifier(
    item="O62",
    direction="False",
    object="a finite group partitioned into k > 1 left cosets of subgroups with pairwise "
    "distinct indices",
    schema=s.document(
        "O62 certificate",
        s.obj(
            {
                "degree": s.nat(1, 1000),
                "generators": s.array(s.permutation(1000), 0, 50),
                "cosets": s.array(
                    s.obj(
                        {"a": s.permutation(1000), "subgroup": s.array(s.permutation(1000), 0, 50)}
                    ),
                    0,
                    1000,
                ),
            }
        ),
    ),
    conditions=(
        Condition("in-group", "every representative and subgroup generator lies in G"),
        Condition("k", "k > 1 cosets"),
        Condition("partition", "every element of G lies in exactly one coset"),
        Condition("distinct-indices", "the indices of the subgroups are pairwise distinct"),
    ),
    run=run,
    reduction="specialize at the permutation group and the cosets; partition and indices by "
    "decide over the finite group",
)
