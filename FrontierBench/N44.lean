import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# N44 — Can every finite family of axis-parallel rectangles be pierced by $2\nu - 1$ points, where $\nu$ is its packing number?

Wegner's conjecture (1965): every finite (nonempty) family $\mathcal R$ of axis-parallel
rectangles in the plane satisfies $$\tau(\mathcal R) \le 2\nu(\mathcal R) - 1,$$ where
$\tau(\mathcal R)$ is the piercing number (the minimum number of points of the plane such
that every rectangle of $\mathcal R$ contains one of them) and $\nu(\mathcal R)$ is the packing
number (the maximum number of pairwise disjoint rectangles of $\mathcal R$).

*Wording:* paraphrase of Wegner's conjecture in its standard form ($\tau \le 2\nu - 1$ for
finite families of axis-parallel rectangles in the plane); Wegner's paper was not opened.

*Source:* G. Wegner, Über eine kombinatorisch-geometrische Frage von Hadwiger und Debrunner,
Israel J. Math. 3 (1965), 187–198.

*Scope:* rectangles are closed, with sides parallel to the axes and positive width and
height: $[a_1, b_1] \times [a_2, b_2]$ with $a_1 < b_1$, $a_2 < b_2$, written as the order
interval `Set.Icc lo hi` of `ℝ × ℝ`. A finite family is a list of `k ≥ 1` rectangles
(repetitions allowed; they change neither $\tau$ nor $\nu$). The bound $\tau \le 2\nu - 1$ is
written $\tau + 1 \le 2\nu$ to avoid truncated subtraction.
-/

namespace FrontierBench.N44

/-- The piercing number `τ`: the least number of points of the plane such that every rectangle
`Set.Icc (lo i) (hi i)` contains at least one of them. -/
noncomputable def piercingNumber {k : ℕ} (lo hi : Fin k → ℝ × ℝ) : ℕ :=
  sInf {m : ℕ | ∃ P : Finset (ℝ × ℝ), P.card = m ∧
    ∀ i : Fin k, ∃ p ∈ P, p ∈ Set.Icc (lo i) (hi i)}

/-- The packing number `ν`: the largest number of members of the family that are pairwise
disjoint. -/
noncomputable def packingNumber {k : ℕ} (lo hi : Fin k → ℝ × ℝ) : ℕ :=
  sSup {m : ℕ | ∃ S : Finset (Fin k), S.card = m ∧
    ∀ i ∈ S, ∀ j ∈ S, i ≠ j → Disjoint (Set.Icc (lo i) (hi i)) (Set.Icc (lo j) (hi j))}

/-- Every nonempty finite family of closed axis-parallel rectangles with positive width and
height (the `i`-th being `[lo i, hi i]` in the product order of `ℝ × ℝ`) satisfies
`τ ≤ 2ν - 1`. -/
theorem main : answer(sorry) ↔
    ∀ (k : ℕ) (lo hi : Fin k → ℝ × ℝ), 0 < k →
      (∀ i, (lo i).1 < (hi i).1 ∧ (lo i).2 < (hi i).2) →
      piercingNumber lo hi + 1 ≤ 2 * packingNumber lo hi := by
  sorry

end FrontierBench.N44
