import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# O57 — If M is a finitely generated module over an Artin algebra Λ with Ext^i(M, M ⊕ Λ) = 0 for all i ≥ 1, must M be projective?

The Auslander–Reiten conjecture: let $\Lambda$ be an Artin algebra, that is, an algebra over a
commutative Artinian ring $R$ which is finitely generated as an $R$-module, and let $M$ be a
finitely generated $\Lambda$-module such that $\operatorname{Ext}^i_\Lambda(M, M \oplus \Lambda) = 0$
for all $i \ge 1$. Is $M$ then projective?

*Wording:* paraphrase of the conjecture as stated in the introductions of Celikbas–Takahashi
("Auslander–Reiten conjecture and Auslander–Reiten duality") and Diveris–Purin ("Vanishing of
self-extensions over symmetric algebras"), read in stored copies: over an Artin algebra $\Lambda$, a finitely generated module $M$ with
$\operatorname{Ext}^i_\Lambda(M, M \oplus \Lambda) = 0$ for all $i > 0$ is projective.

*Source:* M. Auslander and I. Reiten, On a generalized version of the Nakayama conjecture,
Proc. Amer. Math. Soc. 52 (1975), 69–74.

*Scope:* as posed, for left modules (the conjecture ranges over all Artin algebras, and right
$\Lambda$-modules are left modules over the Artin algebra $\Lambda^{\mathrm{op}}$). Rings and modules
live in `Type`. The Ext groups are Mathlib's `CategoryTheory.Abelian.Ext` in the category
`ModuleCat Λ`, and "$= 0$" is written `Subsingleton`; $M \oplus \Lambda$ is the product module
`M × Λ`.
-/

namespace FrontierBench.O57

/-- For every commutative Artinian ring `R`, every `R`-algebra `Λ` that is finitely generated as
an `R`-module, and every finitely generated `Λ`-module `M`: if
`Ext^(i+1)_Λ(M, M × Λ) = 0` for all `i : ℕ`, then `M` is projective. -/
theorem main : answer(sorry) ↔
    ∀ (R : Type) [CommRing R] [IsArtinianRing R] (Λ : Type) [Ring Λ] [Algebra R Λ]
      [Module.Finite R Λ] (M : Type) [AddCommGroup M] [Module Λ M] [Module.Finite Λ M],
      (∀ i : ℕ, Subsingleton
        (CategoryTheory.Abelian.Ext (ModuleCat.of Λ M) (ModuleCat.of Λ (M × Λ)) (i + 1))) →
      Module.Projective Λ M := by
  sorry

end FrontierBench.O57
