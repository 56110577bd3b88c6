import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# O32 — Is the maximum number of edges of an $r$-uniform hypergraph on $n$ vertices with no $k$ pairwise disjoint edges equal to $\max\left(\binom{rk-1}{r}, \binom{n}{r}-\binom{n-k+1}{r}\right)$?

The Erdős Matching Conjecture (Erdős Problem #1020): "Let $f(n;r,k)$ be the maximal number of
edges in an $r$-uniform hypergraph which contains no set of $k$ many independent edges. For all
$r\geq 3$,
$$f(n;r,k)=\max\left(\binom{rk-1}{r}, \binom{n}{r}-\binom{n-k+1}{r}\right).$$"
Here the hypergraph has $n$ vertices, independent edges are pairwise disjoint edges, and
$n \ge rk$.

*Wording:* verbatim from T. F. Bloom, Erdős Problems, Problem #1020.

*Source:* P. Erdős, A problem on independent $r$-tuples, Ann. Univ. Sci. Budapest. Eötvös
Sect. Math. 8 (1965), 93–95; T. F. Bloom, Erdős Problems, Problem #1020.

*Scope:* $r \ge 3$ as in the quoted statement (the case $r = 2$ is the Erdős–Gallai theorem);
$k \ge 1$ and $n \ge rk$ (for $n < rk$ every $r$-uniform hypergraph on $n$ vertices has no $k$
disjoint edges, so $f(n;r,k) = \binom{n}{r}$, and the displayed formula is not intended there).
Hypergraphs are sets of $r$-element subsets of `Fin n`.
-/

namespace FrontierBench.O32

/-- `H` is an `r`-uniform hypergraph on the vertex set `Fin n` (a set of `r`-element subsets)
containing no `k` pairwise disjoint edges. -/
def IsUniformMatchingFree (n r k : ℕ) (H : Finset (Finset (Fin n))) : Prop :=
  (∀ e ∈ H, e.card = r) ∧
    ¬ ∃ M : Finset (Finset (Fin n)), M ⊆ H ∧ M.card = k ∧
      (M : Set (Finset (Fin n))).PairwiseDisjoint id

/-- For all `r ≥ 3`, `k ≥ 1` and `n ≥ r * k`, the largest number of edges of an `r`-uniform
hypergraph on `n` vertices with no `k` pairwise disjoint edges is
`max (choose (r * k - 1) r) (choose n r - choose (n - k + 1) r)`. -/
theorem main : answer(sorry) ↔
    ∀ r k n : ℕ, 3 ≤ r → 1 ≤ k → r * k ≤ n →
      IsGreatest
        {m : ℕ | ∃ H : Finset (Finset (Fin n)), IsUniformMatchingFree n r k H ∧ H.card = m}
        (max ((r * k - 1).choose r) (n.choose r - (n - k + 1).choose r)) := by
  sorry

end FrontierBench.O32
