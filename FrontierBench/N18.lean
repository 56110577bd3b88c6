import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# N18 — In every real Banach space, is the sum of two maximally monotone operators maximally monotone under Rockafellar's constraint qualification?

Rockafellar's sum problem. Let $X$ be a real Banach space with dual $X^*$. A set-valued operator
$A : X \rightrightarrows X^*$ (identified with its graph) is *monotone* if
$\langle x - y, x^* - y^* \rangle \ge 0$ whenever $(x, x^*), (y, y^*)$ lie in its graph, and
*maximally monotone* if moreover its graph is not properly contained in the graph of another
monotone operator. Rockafellar (1970) proved that if $X$ is reflexive and $A$, $B$ are maximally
monotone with $\operatorname{dom} A \cap \operatorname{int} \operatorname{dom} B \neq \emptyset$,
then $A + B$ is maximally monotone. The question is whether this remains true in every real
Banach space: in the words of Borwein and Yao, whether "in a general real Banach space
... the sum of two maximally monotone operators $A+B$ is maximally monotone under Rockafellar's
constraint qualification $\operatorname{dom} A \cap \operatorname{int}\operatorname{dom} B
\neq \emptyset$".

*Wording:* paraphrase, with a verbatim excerpt from Borwein–Yao (2012).

*Source:* R. T. Rockafellar, On the maximality of sums of nonlinear monotone operators,
Trans. Amer. Math. Soc. 149 (1970), 75–88; S. Simons, From Hahn–Banach to Monotonicity,
Lecture Notes in Math. 1693, 2nd ed., Springer, 2008; H. H. Bauschke, X. Wang, L. Yao,
arXiv:0902.1189; J. M. Borwein, L. Yao, Some results on the convexity of the closure of the
domain of a maximally monotone operator, arXiv:1205.4482.

*Scope:* the Banach space ranges over `Type` (universe 0); its dual is the space
`X →L[ℝ] ℝ` of continuous linear functionals; an operator is given by its graph, a subset of
`X × (X →L[ℝ] ℝ)`.
-/

namespace FrontierBench.N18

section

variable {X : Type*} [NormedAddCommGroup X] [NormedSpace ℝ X]

/-- A set-valued operator `X ⇉ X*`, given by its graph, is monotone:
`(x* - y*)(x - y) ≥ 0` for all `(x, x*)`, `(y, y*)` in the graph. -/
def IsMonotoneOp (A : Set (X × (X →L[ℝ] ℝ))) : Prop :=
  ∀ a ∈ A, ∀ b ∈ A, 0 ≤ (a.2 - b.2) (a.1 - b.1)

/-- A set-valued operator is maximally monotone: it is monotone and no monotone operator has a
strictly larger graph. -/
def IsMaximalMonotoneOp (A : Set (X × (X →L[ℝ] ℝ))) : Prop :=
  IsMonotoneOp A ∧ ∀ B : Set (X × (X →L[ℝ] ℝ)), IsMonotoneOp B → A ⊆ B → B ⊆ A

/-- The domain `{x | A x ≠ ∅}` of a set-valued operator. -/
def opDomain (A : Set (X × (X →L[ℝ] ℝ))) : Set X :=
  {x | ∃ φ : X →L[ℝ] ℝ, (x, φ) ∈ A}

/-- The sum `A + B` of set-valued operators: `(A + B) x = {a + b | a ∈ A x, b ∈ B x}`. -/
def opSum (A B : Set (X × (X →L[ℝ] ℝ))) : Set (X × (X →L[ℝ] ℝ)) :=
  {c | ∃ a b : X →L[ℝ] ℝ, (c.1, a) ∈ A ∧ (c.1, b) ∈ B ∧ c.2 = a + b}

end

/-- For every real Banach space `X` (in `Type`) and all maximally monotone `A, B : X ⇉ X*` with
`dom A ∩ int (dom B) ≠ ∅`, the sum `A + B` is maximally monotone. -/
theorem main : answer(sorry) ↔
    ∀ (X : Type) [NormedAddCommGroup X] [NormedSpace ℝ X] [CompleteSpace X]
      (A B : Set (X × (X →L[ℝ] ℝ))),
      IsMaximalMonotoneOp A → IsMaximalMonotoneOp B →
      (opDomain A ∩ interior (opDomain B)).Nonempty →
      IsMaximalMonotoneOp (opSum A B) := by
  sorry

end FrontierBench.N18
