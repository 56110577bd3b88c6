import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# E22 — For a set $E \subset (0,\infty)$ of positive measure, does almost every $x > 0$ have every large multiple $nx$ in some integer dilate $r \cdot E$?

"Let $E\subset (0,\infty)$ be a set of positive measure. Is it true that, for almost all
$x>0$, for all sufficiently large (depending on $x$) integers $n$ there exists an integer
$r\geq 1$ such that $nx\in r\cdot E$?"

Here $r \cdot E = \{re : e \in E\}$.

*Wording:* verbatim from the Erdős problems database, Problem #1197 (recorded there as a problem
of Haight).

*Source:* T. F. Bloom, Erdős Problems, Problem #1197; see also Z. Buczolich and R. D. Mauldin,
On the convergence of $\sum_{n=1}^\infty f(nx)$ for measurable functions, Mathematika 46 (1999),
337–341.

*Scope:* "a set of positive measure" is read as a Lebesgue-measurable set of positive (possibly
infinite) Lebesgue measure. "For almost all $x > 0$" is Lebesgue-almost every real $x$ with
$x > 0$. "Sufficiently large (depending on $x$)" is: there is $N$, depending on $x$, such that
every integer $n \ge N$ works.
-/

namespace FrontierBench.E22

/-- For every measurable `E ⊆ (0, ∞)` of positive Lebesgue measure, almost every real `x > 0`
has the property: there is `N` such that for every `n ≥ N` some integer `r ≥ 1` and some
`e ∈ E` satisfy `n · x = r · e` (that is, `n x ∈ r · E`). -/
theorem main : answer(sorry) ↔
    ∀ E : Set ℝ, MeasurableSet E → E ⊆ Set.Ioi 0 →
      0 < (MeasureTheory.volume : MeasureTheory.Measure ℝ) E →
      Filter.Eventually
        (fun x : ℝ => 0 < x → ∃ N : ℕ, ∀ n : ℕ, N ≤ n →
          ∃ r : ℕ, 1 ≤ r ∧ ∃ e ∈ E, (n : ℝ) * x = (r : ℝ) * e)
        (MeasureTheory.ae (MeasureTheory.volume : MeasureTheory.Measure ℝ)) := by
  sorry

end FrontierBench.E22
