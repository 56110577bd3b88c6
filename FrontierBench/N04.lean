import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# N04 — Is ζ(5) = ∑_{n ≥ 1} 1/n⁵ an irrational number?

Let $\zeta$ be the Riemann zeta function, so that
$\zeta(5) = \sum_{n \ge 1} n^{-5} = 1 + 2^{-5} + 3^{-5} + \cdots$. Is $\zeta(5)$ irrational?

Apéry proved that $\zeta(3)$ is irrational; the even values $\zeta(2m)$ are rational multiples
of $\pi^{2m}$ and hence irrational.

*Wording:* paraphrase of the classical question, as listed among the open irrationality
questions for odd zeta values (e.g. by Rivoal and by Zudilin, who showed that infinitely many
of the values $\zeta(2m+1)$, respectively at least one of $\zeta(5), \zeta(7), \zeta(9),
\zeta(11)$, are irrational).

*Source:* R. Apéry, Irrationalité de ζ(2) et ζ(3), Astérisque 61 (1979), 11–13; T. Rivoal,
La fonction zêta de Riemann prend une infinité de valeurs irrationnelles aux entiers impairs,
C. R. Acad. Sci. Paris Sér. I 331 (2000), 267–270; W. Zudilin, One of the numbers ζ(5), ζ(7),
ζ(9), ζ(11) is irrational, Russian Math. Surveys 56 (2001), 774–776.

*Scope:* as posed. Mathlib's `riemannZeta` is complex-valued; the statement asks for a real
irrational number equal to `riemannZeta 5` (the value is real, so this is the same as asking
that it be irrational).
-/

namespace FrontierBench.N04

/-- The value `ζ(5)` of Mathlib's Riemann zeta function is an irrational real number. -/
theorem main : answer(sorry) ↔ ∃ x : ℝ, riemannZeta 5 = (x : ℂ) ∧ Irrational x := by
  sorry

end FrontierBench.N04
