import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# O88 — Does every 2-increasing sequence of triples from $\{1, \dots, n\}^3$ have length at most $n^{3/2}$?

Say that a triple $a = (a_1, a_2, a_3)$ is *2-less* than a triple $b = (b_1, b_2, b_3)$ if
$a_i < b_i$ for at least two of the three coordinates $i$. A sequence of triples
$t^{(1)}, \dots, t^{(m)}$ is *2-increasing* if $t^{(k)}$ is 2-less than $t^{(l)}$ whenever
$k < l$. Let $F(n)$ be the largest length of a 2-increasing sequence of triples with all
coordinates in $\{1, \dots, n\}$ (Loh's problem). Is $F(n) \le n^{3/2}$ for every $n$?

*Wording:* paraphrase of the problem of Loh and of the conjectured bound $F(n) \le n^{3/2}$
considered by Gowers and Long.

*Source:* P.-S. Loh, Directed paths: from Ramsey to Ruzsa and Szemerédi (preprint, 2015);
W. T. Gowers and J. Long, The length of an $s$-increasing sequence of $r$-tuples,
Combin. Probab. Comput. 30 (2021), arXiv:1609.08688.

*Scope:* the bound is required for every `n` (not only asymptotically); `m ≤ n^{3/2}` is written
`m² ≤ n³`. A sequence of length `m` is a map `Fin m → (Fin 3 → ℕ)`, and 2-increasing is required
for every pair of positions `k < l`, not only consecutive ones (the relation is not
transitive).
-/

namespace FrontierBench.O88

/-- `a` is 2-less than `b`: `a i < b i` holds for at least two of the three coordinates. -/
def TwoLess (a b : Fin 3 → ℕ) : Prop :=
  2 ≤ (Finset.univ.filter (fun i : Fin 3 => a i < b i)).card

/-- Every 2-increasing sequence of `m` triples with coordinates in `{1, …, n}` satisfies
`m² ≤ n³`, i.e. `m ≤ n^{3/2}`. -/
theorem main : answer(sorry) ↔
    ∀ (n m : ℕ) (t : Fin m → Fin 3 → ℕ),
      (∀ k c, 1 ≤ t k c ∧ t k c ≤ n) → (∀ k l : Fin m, k < l → TwoLess (t k) (t l)) →
        m ^ 2 ≤ n ^ 3 := by
  sorry

end FrontierBench.O88
