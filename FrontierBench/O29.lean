import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# O29 — Is Euler's constant γ irrational?

Euler's constant (the Euler–Mascheroni constant) is
$$\gamma = \lim_{n \to \infty} \Bigl( \sum_{k=1}^{n} \frac1k - \log n \Bigr) = 0.57721\ldots$$
Is $\gamma$ irrational?

*Wording:* paraphrase; the Encyclopedia of Mathematics records: "The number-theoretic nature of
the Euler constant has not been studied; it is not even known (1988) whether it is a rational
number or not."

*Source:* Encyclopedia of Mathematics, article "Euler constant" (Springer / EMS, 1988 text);
J. C. Lagarias, Euler's constant: Euler's work and modern developments, Bull. Amer. Math. Soc.
50 (2013), 527–628.

*Scope:* as posed. The constant is Mathlib's `Real.eulerMascheroniConstant`, defined as the limit
of `harmonic n - log (n + 1)`, which equals the limit above.
-/

namespace FrontierBench.O29

/-- Euler's constant `γ = lim (H_n - log n)` is irrational. -/
theorem main : answer(sorry) ↔ Irrational Real.eulerMascheroniConstant := by
  sorry

end FrontierBench.O29
