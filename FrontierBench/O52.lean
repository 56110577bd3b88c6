import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# O52 — Is the largest subset of 𝔽₅ⁿ without four-term progressions of size at most N^{1-c}, N = 5ⁿ?

Let $r_4(\mathbf{F}_5^n)$ be the largest size of a subset of $\mathbf{F}_5^n$ containing no
non-trivial four-term arithmetic progression $x, x + d, x + 2d, x + 3d$ ($d \neq 0$). Is
$r_4(\mathbf{F}_5^n) \ll N^{1-c}$ for some constant $c > 0$, where $N = 5^n$?

*Wording:* Ben Green's list of open problems, Problem 9 (iii), as reproduced in a public formal
statement (the list itself was not opened): "is $r_4(\mathbf{F}_5^n) \ll N^{1-c}$, where
$N=5^n$?"

*Source:* B. Green, 100 open problems (problem list, 2024 version), Problem 9.

*Scope:* as posed. $\mathbf{F}_5^n$ is `Fin n → ZMod 5`; a set is four-term-progression free if
it contains no $x, x + d, x + 2d, x + 3d$ with $d \neq 0$ (in characteristic $5$ these four points
are then distinct). "$\ll N^{1-c}$ for some $c > 0$" is written with explicit constants: there
are real $c > 0$ and $C$ such that every such set has at most $C \cdot (5^n)^{1-c}$ elements, for
every $n$ (a bound for all large $n$ extends to all $n$ by enlarging $C$).
-/

namespace FrontierBench.O52

/-- `A ⊆ 𝔽₅ⁿ` contains no four-term arithmetic progression `x, x + d, x + 2d, x + 3d` with
`d ≠ 0`. -/
def IsFourAPFree {n : ℕ} (A : Finset (Fin n → ZMod 5)) : Prop :=
  ∀ x d : Fin n → ZMod 5, d ≠ 0 →
    ¬ (x ∈ A ∧ x + d ∈ A ∧ x + 2 • d ∈ A ∧ x + 3 • d ∈ A)

/-- There are constants `c > 0` and `C` such that for every `n`, every subset of `𝔽₅ⁿ` without
a non-trivial four-term arithmetic progression has at most `C · (5ⁿ)^(1 - c)` elements. -/
theorem main : answer(sorry) ↔
    ∃ c : ℝ, 0 < c ∧ ∃ C : ℝ, ∀ n : ℕ, ∀ A : Finset (Fin n → ZMod 5),
      IsFourAPFree A → (A.card : ℝ) ≤ C * ((5 : ℝ) ^ n) ^ (1 - c) := by
  sorry

end FrontierBench.O52
