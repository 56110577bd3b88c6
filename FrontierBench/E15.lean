import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# E15 — Does the Erdős–Turán bound for the angular distribution of roots hold with the number of non-zero coefficients in place of the degree?

"Let $f=a_0+\cdots+a_dx^d\in \mathbb{C}[x]$ be a polynomial. Is it true that, if $f$ has roots
$z_1,\ldots,z_d$ with corresponding arguments $\theta_1,\ldots,\theta_d\in [0,2\pi]$, then for
all intervals $I\subseteq [0,2\pi]$
$$\left\lvert (\# \theta_i \in I) - \frac{\lvert I\rvert}{2\pi}d\right\rvert \ll
\left(n\log M\right)^{1/2},$$
where $n$ is the number of non-zero coefficients of $f$ and
$$M=\frac{\lvert a_0\rvert+\cdots +\lvert a_d\rvert}{(\lvert a_0\rvert\lvert a_d\rvert)^{1/2}}.$$"

Erdős and Turán proved such a bound with the degree $d$ in place of $n$; the question asks
whether the number $n$ of non-zero coefficients suffices, with an absolute implied constant.

*Wording:* verbatim from the Erdős problems database, Problem #990.

*Source:* P. Erdős and P. Turán, On the distribution of roots of polynomials, Ann. of Math. (2)
51 (1950), 105–119; W. K. Hayman, Angular value distribution of power series with gaps, Proc.
London Math. Soc. (3) 24 (1972), 590–624; T. F. Bloom, Erdős Problems, Problem #990.

*Scope:* polynomials with $a_0 \ne 0$ (so that every root has an argument and $M$ is finite);
roots are counted with multiplicity; arguments are taken in $[0, 2\pi)$; the intervals are the
closed $[\alpha, \beta]$ with $0 \le \alpha \le \beta \le 2\pi$ (a bound for these gives the
same bound for open and half-open intervals by approximation); "$\ll$" is: there is one real
constant $C$ that works for all $f$ and all intervals.
-/

namespace FrontierBench.E15

/-- The argument of a complex number normalised to `[0, 2π)`. -/
noncomputable def argTwoPi (z : ℂ) : ℝ :=
  if Complex.arg z < 0 then Complex.arg z + 2 * Real.pi else Complex.arg z

/-- The number of roots of `f`, counted with multiplicity, whose argument (in `[0, 2π)`) lies
in `[α, β]`. -/
noncomputable def rootsWithArgIn (f : Polynomial ℂ) (α β : ℝ) : ℕ :=
  (f.roots.filter (fun z => α ≤ argTwoPi z ∧ argTwoPi z ≤ β)).card

/-- `M = (|a₀| + ⋯ + |a_d|) / (|a₀| |a_d|)^{1/2}` for `f = a₀ + ⋯ + a_d x^d`. -/
noncomputable def coeffRatio (f : Polynomial ℂ) : ℝ :=
  (∑ i ∈ Finset.range (f.natDegree + 1), ‖f.coeff i‖) /
    Real.sqrt (‖f.coeff 0‖ * ‖f.leadingCoeff‖)

/-- There is a real constant `C` such that for every complex polynomial `f` with `f(0) ≠ 0`, of
degree `d`, with `n` non-zero coefficients, and every interval `[α, β] ⊆ [0, 2π]`,
`|#{roots with argument in [α, β]} - (β - α) d / (2π)| ≤ C (n log M)^{1/2}`. -/
theorem main : answer(sorry) ↔
    ∃ C : ℝ, ∀ f : Polynomial ℂ, f.coeff 0 ≠ 0 → ∀ α β : ℝ, 0 ≤ α → α ≤ β →
      β ≤ 2 * Real.pi →
        abs ((rootsWithArgIn f α β : ℝ) - (β - α) / (2 * Real.pi) * (f.natDegree : ℝ)) ≤
          C * Real.sqrt ((f.support.card : ℝ) * Real.log (coeffRatio f)) := by
  sorry

end FrontierBench.E15
