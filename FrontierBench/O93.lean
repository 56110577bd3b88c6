import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# O93 — Is every natural number a square plus a pentagonal number plus a hexagonal number?

For $m \ge 3$ the $m$-gonal numbers are $p_m(x) = (m - 2)\binom{x}{2} + x$ with
$x = 0, 1, 2, \dots$; thus $p_4(x) = x^2$, $p_5(y) = y(3y - 1)/2$ and $p_6(z) = z(2z - 1)$.
Z.-W. Sun conjectured that the triple $(p_4, p_5, p_6)$ is universal: every natural number
$n = 0, 1, 2, \dots$ can be written as $n = p_4(x) + p_5(y) + p_6(z)$ with $x, y, z$ nonnegative
integers. Is that so?

*Wording:* paraphrase of Sun's conjecture that $(p_4, p_5, p_6)$ is a universal triple (one of
the 95 candidate triples listed in the source), with polygonal numbers of nonnegative index.

*Source:* Z.-W. Sun, On universal sums of polygonal numbers, Sci. China Math. 58 (2015),
1367–1396, arXiv:0905.0635; OEIS A160324 (Z.-W. Sun, April 2009).

*Scope:* as posed: `x, y, z` are natural numbers (the version with integer `x, y, z`, i.e.
generalized polygonal numbers, is a different and weaker statement).
-/

namespace FrontierBench.O93

/-- The `m`-gonal number `p_m(x) = (m - 2) · C(x, 2) + x`. -/
def polygonal (m x : ℕ) : ℕ :=
  (m - 2) * x.choose 2 + x

/-- Every natural number `n` equals `p_4(x) + p_5(y) + p_6(z)` for some natural numbers
`x, y, z`. -/
theorem main : answer(sorry) ↔
    ∀ n : ℕ, ∃ x y z : ℕ, polygonal 4 x + polygonal 5 y + polygonal 6 z = n := by
  sorry

end FrontierBench.O93
