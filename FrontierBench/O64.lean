import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# O64 — Are there three consecutive positive integers that are all powerful?

A positive integer $n$ is *powerful* if $p^2 \mid n$ for every prime $p \mid n$. Are there any
triples of consecutive positive integers $n, n+1, n+2$ all of which are powerful?

*Wording:* verbatim from the Erdős problems database, Problem #364, read in a stored copy of the
problem page: "Are there any triples of consecutive positive integers all of which are powerful
(i.e. if $p\mid n$ then $p^2\mid n$)?"

*Source:* P. Erdős, Problems and results on number theoretic properties of consecutive integers
and related questions, Proc. Fifth Manitoba Conf. on Numerical Mathematics (1975), 1976, 25–44;
R. A. Mollin and P. G. Walsh, On powerful numbers, Internat. J. Math. Math. Sci. 9 (1986),
801–806; T. F. Bloom, Erdős Problems, Problem #364.

*Scope:* as posed. "Powerful" is written out (`IsPowerful`) and includes positivity, so the
triple consists of positive integers; $1$ is powerful (it has no prime divisors).
-/

namespace FrontierBench.O64

/-- `n` is powerful: `n > 0` and `p ^ 2 ∣ n` for every prime `p` dividing `n`. -/
def IsPowerful (n : ℕ) : Prop :=
  0 < n ∧ ∀ p : ℕ, p.Prime → p ∣ n → p ^ 2 ∣ n

/-- There is a natural number `n` such that `n`, `n + 1` and `n + 2` are all powerful. -/
theorem main : answer(sorry) ↔
    ∃ n : ℕ, IsPowerful n ∧ IsPowerful (n + 1) ∧ IsPowerful (n + 2) := by
  sorry

end FrontierBench.O64
