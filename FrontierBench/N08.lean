import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# N08 — Does every zero of a polynomial with all zeros in the closed unit disc lie within distance 1 of a critical point?

Sendov's (Ilieff's) conjecture. In the words of Meir and Sharma (1969): "If all zeros
$z_1, z_2, \dots, z_n$ of a complex polynomial $P(z)$ lie in $|z| \le 1$ then there is always a
zero of $P'(z)$ in each of the disks $|z - z_j| \le 1$, $j = 1, \dots, n$."

That is: let $P$ be a complex polynomial of degree $n \ge 2$ all of whose zeros lie in the closed
unit disc. Is it true that for every zero $z_j$ of $P$ the closed disc $|z - z_j| \le 1$
contains a zero of the derivative $P'$?

*Wording:* verbatim from Meir–Sharma (abstract), then a paraphrase.

*Source:* W. K. Hayman, Research Problems in Function Theory, Athlone Press, London, 1967
(the problem attributed to L. Ilieff); A. Meir and A. Sharma, On Ilyeff's conjecture,
Pacific J. Math. 31 (1969), 459–467.

*Scope:* as posed; the degree bound $n \ge 2$, implicit in the source (for $n = 1$ the
derivative has no zero), is stated explicitly.
-/

namespace FrontierBench.N08

/-- For every complex polynomial `p` of degree at least `2` whose zeros all lie in the closed
unit disc, and every zero `z` of `p`, some zero `w` of the derivative `p'` satisfies
`‖z - w‖ ≤ 1`. -/
theorem main : answer(sorry) ↔
    ∀ p : Polynomial ℂ, 2 ≤ p.natDegree →
      (∀ z : ℂ, p.IsRoot z → ‖z‖ ≤ 1) →
      ∀ z : ℂ, p.IsRoot z →
        ∃ w : ℂ, (Polynomial.derivative p).IsRoot w ∧ ‖z - w‖ ≤ 1 := by
  sorry

end FrontierBench.N08
