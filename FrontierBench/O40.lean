import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# O40 — Is every prime $p$ coprime to the class number of $\mathbb{Q}(\zeta_p)^+$?

The Kummer–Vandiver conjecture: for every prime $p$, the prime $p$ does not divide the class
number $h^+_p$ of the maximal real subfield $\mathbb{Q}(\zeta_p)^+ = \mathbb{Q}(\zeta_p +
\zeta_p^{-1})$ of the $p$-th cyclotomic field $\mathbb{Q}(\zeta_p)$.

*Wording:* paraphrase of the conjecture in the form stated by Vandiver (1946) and in the
standard references ("$p$ does not divide the second factor $h_2$ of the class number of
$\mathbb{Q}(\zeta_p)$", $h_2$ being the class number of the maximal real subfield).

*Source:* E. E. Kummer, letters to L. Kronecker of 28 December 1849 and 24 April 1853, in:
Collected Papers, Vol. I, Springer (1975); H. S. Vandiver, Fermat's last theorem: its history
and the nature of the known results concerning it, Amer. Math. Monthly 53 (1946), 555–578.

*Scope:* as posed. The $p$-th cyclotomic field is any field `K` with
`IsCyclotomicExtension {p} ℚ K` (generated over `ℚ` by the `p`-th roots of unity and containing
a primitive one; all such fields are isomorphic to $\mathbb{Q}(\zeta_p)$), taken in `Type`; its
maximal real subfield is Mathlib's `NumberField.maximalRealSubfield K` (the elements fixed by
complex conjugation under every complex embedding) and the class number is
`NumberField.classNumber`.
-/

namespace FrontierBench.O40

/-- For every prime `p` and every `p`-th cyclotomic field `K` over `ℚ`, the prime `p` does not
divide the class number of the maximal real subfield of `K`. -/
theorem main : answer(sorry) ↔
    ∀ p : ℕ, p.Prime →
      ∀ (K : Type) [Field K] [NumberField K] [IsCyclotomicExtension {p} ℚ K],
        ¬ p ∣ NumberField.classNumber (NumberField.maximalRealSubfield K) := by
  sorry

end FrontierBench.O40
