import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# O30 — Is lim inf n‖nα‖‖nβ‖ = 0 for every pair of real numbers α, β?

For a real number $x$ let $\lVert x \rVert$ be its distance to the nearest integer. Littlewood
asked (around 1930) whether for any two real numbers $\alpha$ and $\beta$
$$\liminf_{n \to \infty} \, n \, \lVert n\alpha \rVert \, \lVert n\beta \rVert = 0,$$
the limit inferior being over positive integers $n$.

Since all the terms are nonnegative, the limit inferior is $0$ exactly when for every
$\varepsilon > 0$ and every $N$ there is an integer $n > N$ with
$n \lVert n\alpha \rVert \lVert n\beta \rVert < \varepsilon$.

*Wording:* paraphrase of the standard statement (Wikipedia: "It states that for any two real
numbers $\alpha$ and $\beta$, $\liminf_{n\to\infty} n \lVert n\alpha\rVert \lVert n\beta\rVert = 0$,
where $\lVert x\rVert = \min(|x - \lfloor x\rfloor|, |x - \lceil x\rceil|)$ is the distance to the
nearest integer").

*Source:* J. E. Littlewood (c. 1930); M. Einsiedler, A. Katok and E. Lindenstrauss, Invariant
measures and the set of exceptions to Littlewood's conjecture, Ann. of Math. 164 (2006),
513–560.

*Scope:* as posed. The limit inferior is written out with `ε` and `N`; `‖x‖` is `|x - round x|`.
-/

namespace FrontierBench.O30

/-- The distance from the real number `x` to the nearest integer. -/
def nearestIntDist (x : ℝ) : ℝ :=
  |x - round x|

/-- For all real `α`, `β`: for every `ε > 0` and every `N` there is an integer `n > N` with
`n * ‖n α‖ * ‖n β‖ < ε`, i.e. `lim inf n‖nα‖‖nβ‖ = 0`. -/
theorem main : answer(sorry) ↔
    ∀ α β : ℝ, ∀ ε : ℝ, 0 < ε → ∀ N : ℕ, ∃ n : ℕ, N < n ∧
      (n : ℝ) * nearestIntDist (n * α) * nearestIntDist (n * β) < ε := by
  sorry

end FrontierBench.O30
