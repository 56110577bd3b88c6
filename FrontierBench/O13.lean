import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# O13 — Does every finite poset that is not a chain have a pair x, y with 1/3 ≤ P(x precedes y) ≤ 2/3?

A linear extension of a finite partially ordered set $P$ is a total order on $P$ extending
its order. Choose a linear extension of $P$ uniformly at random. Does every finite poset that
is not totally ordered contain two elements $x$ and $y$ such that the probability that $x$
comes before $y$ in the random linear extension lies between $1/3$ and $2/3$ (inclusive)?

*Wording:* paraphrase of the conjecture as stated by G. R. Brightwell, Order 5 (1989),
369–380 (stored copy read): for every finite partially ordered set which is not a chain
there is a pair of elements $x, y$ such that the proportion of linear extensions with $x$
below $y$ lies between $1/3$ and $2/3$.

*Source:* S. S. Kislitsyn, Finite partially ordered sets and their associated sets of
permutations, Mat. Zametki 4 (1968), 511–518; M. L. Fredman, How good is the information
theory bound in sorting?, Theoret. Comput. Sci. 1 (1976), 355–361; N. Linial, The
information-theoretic bound is good for merging, SIAM J. Comput. 13 (1984), 795–801.

*Scope:* as posed. A linear extension of a finite poset `P` with `|P| = N` is encoded as a
bijection `σ : P ≃ Fin N` that is monotone (`x ≤ y → σ x ≤ σ y`), `σ x` being the position of
`x`; these bijections correspond one-to-one to the linear extensions. The probability that
`x` precedes `y` is `a / L`, where `L` counts all linear extensions and `a` those with
`σ x < σ y`; the condition `1/3 ≤ a/L ≤ 2/3` is written `L ≤ 3a ∧ 3a ≤ 2L`. "Not totally
ordered" is "some two elements are incomparable".
-/

namespace FrontierBench.O13

/-- The linear extensions of a finite poset `P`, as monotone bijections `σ : P ≃ Fin |P|`
(`σ x` is the position of `x` in the linear order). -/
abbrev LinearExtension (P : Type) [Fintype P] [PartialOrder P] : Type :=
  {σ : P ≃ Fin (Fintype.card P) // Monotone ⇑σ}

/-- The number of linear extensions of `P` in which `x` comes before `y`. -/
noncomputable def precedesCount {P : Type} [Fintype P] [PartialOrder P] (x y : P) : ℕ :=
  Nat.card {σ : P ≃ Fin (Fintype.card P) // Monotone ⇑σ ∧ σ x < σ y}

/-- Every finite poset `P` with two incomparable elements has elements `x, y` such that the
fraction of linear extensions placing `x` before `y` lies in `[1/3, 2/3]`. -/
theorem main : answer(sorry) ↔
    ∀ (P : Type) [Fintype P] [PartialOrder P], (∃ u v : P, ¬ u ≤ v ∧ ¬ v ≤ u) →
      ∃ x y : P, Nat.card (LinearExtension P) ≤ 3 * precedesCount x y ∧
        3 * precedesCount x y ≤ 2 * Nat.card (LinearExtension P) := by
  sorry

end FrontierBench.O13
