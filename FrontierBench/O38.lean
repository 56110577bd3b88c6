import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# O38 — In every dimension $n$ with $4 \le n \le 62$, can every bounded set in $\mathbb{R}^n$ be partitioned into $n + 1$ sets of smaller diameter?

Borsuk's partition problem: can every bounded set in the $n$-dimensional Euclidean space
$\mathbb{R}^n$ (with at least two points) be divided into $n + 1$ parts of smaller diameter?
The question here asks this for each of the dimensions $n = 4, 5, \ldots, 62$: is it true that
for every $n$ with $4 \le n \le 62$, every bounded set $S \subseteq \mathbb{R}^n$ of positive
diameter is the union of $n + 1$ sets each of diameter strictly less than the diameter of $S$?

*Wording:* paraphrase of Borsuk's question (1933), restricted to the dimensions of the item.

*Source:* K. Borsuk, Drei Sätze über die $n$-dimensionale euklidische Sphäre, Fund. Math. 20
(1933), 177–190.

*Scope:* only the dimensions $4 \le n \le 62$ are asked about, as one yes/no question (Borsuk
asked about every $n$). A partition of $S$ into $n + 1$ parts is expressed as a cover of $S$ by
$n + 1$ subsets of $S$ (empty parts allowed), which is equivalent. $\mathbb{R}^n$ is
`EuclideanSpace ℝ (Fin n)`.
-/

namespace FrontierBench.O38

/-- For every `n` with `4 ≤ n ≤ 62` and every bounded set `S ⊆ ℝⁿ` of positive diameter, there
are `n + 1` subsets of `S` covering `S`, each of diameter strictly less than `diam S`. -/
theorem main : answer(sorry) ↔
    ∀ n : ℕ, 4 ≤ n → n ≤ 62 →
      ∀ S : Set (EuclideanSpace ℝ (Fin n)), Bornology.IsBounded S → 0 < Metric.diam S →
        ∃ F : Fin (n + 1) → Set (EuclideanSpace ℝ (Fin n)),
          (∀ i, F i ⊆ S) ∧ S ⊆ ⋃ i, F i ∧ ∀ i, Metric.diam (F i) < Metric.diam S := by
  sorry

end FrontierBench.O38
