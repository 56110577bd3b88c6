import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# E19 — Is every large $n$ of the form $x^2 + y^2 - z^2$ with all three squares at most $n$?

"Can every large integer $n$ be written as $n=x^2+y^2-z^2$ with $\max(x^2,y^2,z^2)\leq n$?"

It is reported that this is easy if the condition $\max(x^2, y^2, z^2) \le n$ is relaxed to
$\max(x^2, y^2, z^2) \le n + 2\sqrt{n}$; the question asks for the sharp bound $n$.

*Wording:* verbatim from the Erdős problems database, Problem #1148.

*Source:* Various, Some of Paul's favorite problems, booklet produced for the conference
"Paul Erdős and his mathematics", Budapest, July 1999; T. F. Bloom, Erdős Problems,
Problem #1148.

*Scope:* as posed. "Every large integer" is read as: there is $N$ such that every integer
$n \ge N$ has such a representation (the integers in question are positive). The variables
$x, y, z$ range over `ℤ` and the identity is taken in `ℤ`, so no truncated subtraction occurs;
allowing negative $x, y, z$ changes nothing since only their squares enter.
-/

namespace FrontierBench.E19

/-- `n` is `x² + y² − z²` for some integers `x, y, z` whose squares are all at most `n`. -/
def HasBoundedRepresentation (n : ℕ) : Prop :=
  ∃ x y z : ℤ, (n : ℤ) = x ^ 2 + y ^ 2 - z ^ 2 ∧
    x ^ 2 ≤ (n : ℤ) ∧ y ^ 2 ≤ (n : ℤ) ∧ z ^ 2 ≤ (n : ℤ)

/-- There is `N` such that every natural number `n ≥ N` can be written as `x² + y² − z²` with
`max(x², y², z²) ≤ n`. -/
theorem main : answer(sorry) ↔ ∃ N : ℕ, ∀ n : ℕ, N ≤ n → HasBoundedRepresentation n := by
  sorry

end FrontierBench.E19
