import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# O70 — If monic real polynomials with nonnegative coefficients have a 0-1 product, must both be 0-1 polynomials?

The unfair 0-1 polynomial conjecture: let $P(x), Q(x) \in \mathbb{R}[x]$ be two monic
polynomials with non-negative coefficients. If $R(x) = P(x) Q(x)$ is a $0,1$ polynomial (all
its coefficients lie in $\{0, 1\}$), must $P(x)$ and $Q(x)$ also be $0,1$ polynomials?

Equivalently (through generating functions): if $X, Y$ are independent random variables with
finite support in the integers and $X + Y$ is uniformly distributed on its support, must $X$
and $Y$ be uniformly distributed on theirs?

*Wording:* paraphrase of the question as first asked on Mathematics Stack Exchange (question
3325163) and restated as a conjecture on MathOverflow (question 339137), with the name used in
K. G. Hare's paper.

*Source:* E. Amiot, Mathematics Stack Exchange question 3325163, "The coefficients of a
product of monic polynomials are 0 and 1; if the polynomials' coefficients are non-negative,
must they also be 0 and 1?" (2019); MathOverflow question 339137, "Why do polynomials with
coefficients 0,1 like to have only factors with 0,1 coefficients?" (2019); K. G. Hare, Computational progress on the unfair
0-1 polynomial conjecture (2023); B. Green, 100 open problems, Problem 28 (the probabilistic
form).

*Scope:* as posed. "Monic" is Mathlib's `Polynomial.Monic` (leading coefficient $1$).
-/

namespace FrontierBench.O70

/-- Every coefficient of `P` is `0` or `1`. -/
def IsZeroOnePoly (P : Polynomial ℝ) : Prop :=
  ∀ n : ℕ, P.coeff n = 0 ∨ P.coeff n = 1

/-- For all monic real polynomials `P` and `Q` with nonnegative coefficients whose product has
all coefficients in `{0, 1}`, both `P` and `Q` have all coefficients in `{0, 1}`. -/
theorem main : answer(sorry) ↔
    ∀ P Q : Polynomial ℝ, P.Monic → Q.Monic →
      (∀ n : ℕ, 0 ≤ P.coeff n) → (∀ n : ℕ, 0 ≤ Q.coeff n) →
      IsZeroOnePoly (P * Q) → IsZeroOnePoly P ∧ IsZeroOnePoly Q := by
  sorry

end FrontierBench.O70
