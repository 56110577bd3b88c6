import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# N14 — Is the sum of two nil left ideals of a ring always nil?

Köthe's conjecture (1930). One way to state it: if a ring $R$ has no nil two-sided ideal
other than $\{0\}$, then it has no nil one-sided ideal other than $\{0\}$. In the equivalent
formulation used here: "In any ring, the sum of two nil left ideals is nil."
A left ideal is *nil* if each of its elements is nilpotent.

*Wording:* paraphrase of Köthe's question; the formulation used is verbatim from the
Wikipedia article "Köthe conjecture" (list of equivalent formulations).

*Source:* G. Köthe, Die Struktur der Ringe, deren Restklassenring nach dem Radikal vollständig
reduzibel ist, Math. Z. 32 (1930), 161–186. Equivalent formulations: J. Krempa, Logical
connections between some open problems concerning nil rings, Fund. Math. 76 (1972), 121–130;
T. Y. Lam, A First Course in Noncommutative Rings, 2nd ed., Springer, 2001, §10.

*Scope:* stated in the formulation "the sum of two nil left ideals is nil", a classical
equivalent of Köthe's formulation; rings are associative with identity and range over
`Type` (a ring without identity embeds as an ideal in its Dorroh extension, where its left
ideals stay left ideals and nilpotency is unchanged, so nothing is lost).
-/

namespace FrontierBench.N14

/-- In every (associative, unital) ring `R` in `Type`, if `I` and `J` are left ideals all of
whose elements are nilpotent, then every element of `I ⊔ J = I + J` is nilpotent. (Mathlib's
`Ideal R` is `Submodule R R`, i.e. left ideals when `R` is not commutative.) -/
theorem main : answer(sorry) ↔
    ∀ (R : Type) [Ring R] (I J : Ideal R),
      (∀ x ∈ I, IsNilpotent x) → (∀ x ∈ J, IsNilpotent x) →
      ∀ x ∈ I ⊔ J, IsNilpotent x := by
  sorry

end FrontierBench.N14
