import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# O45 — Is there an infinite Sidon set $A \subset \mathbb{N}$ with $|A \cap \{1, \dots, N\}| \gg_\varepsilon N^{1/2-\varepsilon}$ for all $\varepsilon > 0$?

A set $A$ of natural numbers is a Sidon set if all sums $a + b$ with $a, b \in A$, $a \le b$,
are distinct. "Is there an infinite Sidon set $A\subset \mathbb{N}$ such that
$$\lvert A\cap \{1,\ldots,N\}\rvert \gg_\varepsilon N^{1/2-\varepsilon}$$
for all $\varepsilon > 0$?"

*Wording:* verbatim (up to typesetting) from T. F. Bloom, Erdős Problems, Problem #39.

*Source:* P. Erdős, Problems and results on combinatorial number theory, in: A Survey of
Combinatorial Theory (Fort Collins, 1971), North-Holland (1973), 117–138; T. F. Bloom, Erdős
Problems, Problem #39.

*Scope:* as posed. $\gg_\varepsilon$ is read with explicit constants: for each
$\varepsilon > 0$ there are $C > 0$ and $N_0$ with $|A \cap \{1, \dots, N\}| \ge C N^{1/2 -
\varepsilon}$ for all $N \ge N_0$. The Sidon property is written as: $a + b = c + d$ with
$a, b, c, d \in A$ forces $\{a, b\} = \{c, d\}$.
-/

namespace FrontierBench.O45

/-- `A` is a Sidon set: `a + b = c + d` with `a, b, c, d ∈ A` forces `{a, b} = {c, d}`. -/
def IsSidonSet (A : Set ℕ) : Prop :=
  ∀ a ∈ A, ∀ b ∈ A, ∀ c ∈ A, ∀ d ∈ A, a + b = c + d → (a = c ∧ b = d) ∨ (a = d ∧ b = c)

/-- There is an infinite Sidon set `A ⊆ ℕ` such that for every `ε > 0` there are `C > 0` and
`N₀` with `|A ∩ {1, …, N}| ≥ C · N^(1/2 - ε)` for all `N ≥ N₀`. -/
theorem main : answer(sorry) ↔
    ∃ A : Set ℕ, A.Infinite ∧ IsSidonSet A ∧
      ∀ ε : ℝ, 0 < ε → ∃ C : ℝ, 0 < C ∧ ∃ N₀ : ℕ, ∀ N : ℕ, N₀ ≤ N →
        C * (N : ℝ) ^ ((1 : ℝ) / 2 - ε) ≤ ((A ∩ Set.Icc 1 N).ncard : ℝ) := by
  sorry

end FrontierBench.O45
