import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# O91 — Are the truncations of $\sum_k \binom{2k}{k}^2 x^k$ and $\sum_k \binom{2k}{k}^2 x^k/(k+1)$ irreducible over $\mathbb{Q}$?

For $n \ge 1$ consider the polynomials
$$P_n(x) = \sum_{k=0}^{n} \binom{2k}{k}^2 x^k, \qquad
  Q_n(x) = \sum_{k=0}^{n} \frac{\binom{2k}{k}^2}{k+1} x^k.$$
Z.-W. Sun conjectured that for every positive integer $n$ both $P_n$ and $Q_n$ are
irreducible over $\mathbb{Q}$. Is that so?

*Wording:* verbatim from Sun's comment of Mar 23 2013 in the OEIS entry A115257, as quoted in
a public formal statement of the conjecture (the entry itself was not opened): "For any
positive integer n, the polynomials Sum_{k=0}^n binomial(2k,k)^2*x^k and
Sum_{k=0}^n binomial(2k,k)^2*x^k/(k+1) are irreducible over the field of rational numbers."

*Source:* Z.-W. Sun, comment (Mar 23 2013) in The On-Line Encyclopedia of Integer Sequences,
A115257.

*Scope:* as posed (`n ≥ 1`; for `n = 0` both polynomials are the constant `1`). Irreducible is
Mathlib's `Irreducible` in `ℚ[X]` (not a unit, and every factorisation has a unit factor).
-/

namespace FrontierBench.O91

/-- `P_n(x) = ∑_{k=0}^{n} C(2k, k)² xᵏ` over `ℚ`. -/
noncomputable def centralBinomSqPoly (n : ℕ) : Polynomial ℚ :=
  ∑ k ∈ Finset.range (n + 1),
    Polynomial.C ((Nat.centralBinom k : ℚ) ^ 2) * Polynomial.X ^ k

/-- `Q_n(x) = ∑_{k=0}^{n} C(2k, k)² xᵏ / (k + 1)` over `ℚ`. -/
noncomputable def centralBinomSqDivPoly (n : ℕ) : Polynomial ℚ :=
  ∑ k ∈ Finset.range (n + 1),
    Polynomial.C ((Nat.centralBinom k : ℚ) ^ 2 / ((k : ℚ) + 1)) * Polynomial.X ^ k

/-- For every `n ≥ 1`, both `P_n` and `Q_n` are irreducible in `ℚ[X]`. -/
theorem main : answer(sorry) ↔
    ∀ n : ℕ, 1 ≤ n →
      Irreducible (centralBinomSqPoly n) ∧ Irreducible (centralBinomSqDivPoly n) := by
  sorry

end FrontierBench.O91
