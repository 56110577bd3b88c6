import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# O65 — Is there an integer polynomial whose pairwise sums f(a) + f(b), 0 ≤ a < b, are all distinct?

Does there exist a polynomial $f(x) \in \mathbb{Z}[x]$ such that all the sums $f(a) + f(b)$, with
$a < b$ nonnegative integers, are distinct?

*Wording:* the Erdős problems database, Problem #324, as reproduced in a public formal statement
(the page itself was not opened): "Does there exist a polynomial $f(x)\in\mathbb{Z}[x]$ such that
all the sums $f(a)+f(b)$ with $a<b$ nonnegative integers are distinct?"; the same question is
Problem F30 of Guy's collection ("Find a polynomial $P(x)$ such that all the sums $P(a)+P(b)$
($0\le a<b$) are distinct", as quoted in a stored discussion).

*Source:* T. F. Bloom, Erdős Problems, Problem #324; R. K. Guy, Unsolved Problems in Number
Theory, 3rd ed., Springer, 2004, Problem F30.

*Scope:* as posed. "Distinct" is written as injectivity: if $a < b$, $c < d$ and
$f(a) + f(b) = f(c) + f(d)$, then $(a, b) = (c, d)$.
-/

namespace FrontierBench.O65

/-- There is a polynomial `f` with integer coefficients such that, for natural numbers `a < b`
and `c < d`, `f(a) + f(b) = f(c) + f(d)` forces `a = c` and `b = d`. -/
theorem main : answer(sorry) ↔
    ∃ f : Polynomial ℤ, ∀ a b c d : ℕ, a < b → c < d →
      f.eval (a : ℤ) + f.eval (b : ℤ) = f.eval (c : ℤ) + f.eval (d : ℤ) → a = c ∧ b = d := by
  sorry

end FrontierBench.O65
