import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# O20 — Is the group algebra of a torsion-free group over a field free of zero divisors?

Let $K$ be a field and $G$ a torsion-free group (the identity is the only element of finite
order). Does the group algebra $K[G]$ contain no nontrivial zero divisors, that is, does
$\alpha \beta = 0$ with $\alpha, \beta \in K[G]$ force $\alpha = 0$ or $\beta = 0$?

*Wording:* paraphrase of Kaplansky's question as recorded in the literature ("Let $K$ be a
field, and $G$ a torsion-free group. … The group ring $K[G]$ does not contain nontrivial zero
divisors, that is, it is a domain").

*Source:* I. Kaplansky, Problems in the theory of rings, in: Report of a Conference on Linear
Algebras, NAS–NRC Publ. 502, Washington, 1957, 1–3; I. Kaplansky, "Problems in the theory of
rings" revisited, Amer. Math. Monthly 77 (1970), 445–454.

*Scope:* fields `K` and groups `G` are taken in `Type`. Torsion-freeness is written out
(`g ^ n = 1` with `n > 0` forces `g = 1`); the group algebra is Mathlib's `MonoidAlgebra K G`.
-/

namespace FrontierBench.O20

/-- `G` is torsion-free: no element other than the identity has finite order. -/
def IsTorsionFreeGroup (G : Type) [Group G] : Prop :=
  ∀ g : G, ∀ n : ℕ, 0 < n → g ^ n = 1 → g = 1

/-- For every field `K` and every torsion-free group `G` (both in `Type`), the group algebra
`K[G]` has no zero divisors: `α * β = 0` implies `α = 0` or `β = 0`. -/
theorem main : answer(sorry) ↔
    ∀ (K : Type) [Field K] (G : Type) [Group G], IsTorsionFreeGroup G →
      ∀ α β : MonoidAlgebra K G, α * β = 0 → α = 0 ∨ β = 0 := by
  sorry

end FrontierBench.O20
