import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# N36 — Must a path of length less than $2$ inside $\{z : |f(z)| < 1\}$ join two of the roots of $f$?

A problem of Erdős, Herzog and Piranian (Erdős Problem #1041): "Let
$f(z)=\prod_{i=1}^n(z-z_i)\in \mathbb{C}[z]$ with $\lvert z_i\rvert < 1$ for all $i$. Must there
always exist a path of length less than $2$ in $\{z: \lvert f(z)\rvert < 1\}$ which connects
two of the roots of $f$?"

*Wording:* verbatim from T. F. Bloom, Erdős Problems, Problem #1041.

*Source:* P. Erdős, F. Herzog and G. Piranian, Metric properties of polynomials, J. Analyse
Math. 6 (1958), 125–148; T. F. Bloom, Erdős Problems, Problem #1041.

*Scope:* as posed, for $n \ge 2$ (two roots are needed). The roots are listed with
multiplicity as $z_0, \ldots, z_{n-1}$ and "two of the roots" means $z_i, z_j$ with $i \ne j$.
A path is a map $\gamma : \mathbb{R} \to \mathbb{C}$ continuous on $[0,1]$ with
$\gamma(0) = z_i$, $\gamma(1) = z_j$ and $\gamma([0,1]) \subseteq \{|f| < 1\}$; its length is its
total variation on $[0,1]$ (`eVariationOn`, valued in `ℝ≥0∞`).
-/

namespace FrontierBench.N36

/-- For every `n ≥ 2` and all `z₀, …, z_{n-1}` in the open unit disc, there are indices `i ≠ j`
and a curve `γ`, continuous on `[0, 1]`, from `z i` to `z j`, staying in the set where
`‖∏ k, (w - z k)‖ < 1`, whose length (total variation on `[0, 1]`) is less than `2`. -/
theorem main : answer(sorry) ↔
    ∀ n : ℕ, 2 ≤ n → ∀ z : Fin n → ℂ, (∀ i, ‖z i‖ < 1) →
      ∃ i j : Fin n, i ≠ j ∧ ∃ γ : ℝ → ℂ, ContinuousOn γ (Set.Icc 0 1) ∧
        γ 0 = z i ∧ γ 1 = z j ∧
        (∀ t ∈ Set.Icc (0 : ℝ) 1, ‖∏ k : Fin n, (γ t - z k)‖ < 1) ∧
        eVariationOn γ (Set.Icc 0 1) < 2 := by
  sorry

end FrontierBench.N36
