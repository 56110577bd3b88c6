import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# E21 — Is $\sum_{a\in A} \frac{1}{a\log a} < 1 + o(1)$ for primitive sets $A \subset [x, \infty)$?

"Is it true that, for any $x$, if $A\subset [x,\infty)$ is a primitive set of integers (so
that no distinct elements of $A$ divide each other) then
$$\sum_{a\in A}\frac{1}{a\log a}< 1+o(1),$$
where the $o(1)$ term $\to 0$ as $x\to \infty$?"

*Wording:* verbatim from the Erdős problems database, Problem #1196 (a conjecture of Erdős,
Sárközy and Szemerédi).

*Source:* T. F. Bloom, Erdős Problems, Problem #1196; the question of Erdős, Sárközy and
Szemerédi is also discussed in J. D. Lichtman, A proof of the Erdős primitive set conjecture,
Forum Math. Pi 11 (2023), e18.

*Scope:* as posed, with the $o(1)$ spelled out: for every $\varepsilon > 0$ there is $X$
such that every primitive $A \subseteq [X, \infty)$ has
$\sum_{a \in A} \frac{1}{a \log a} \le 1 + \varepsilon$. The bound is stated for finite
primitive sets; this is equivalent to the statement for all primitive sets, since the terms
are positive and every subset of a primitive set is primitive.
-/

namespace FrontierBench.E21

/-- `A` is primitive: no element of `A` divides a different element of `A`. -/
def IsPrimitiveSet (A : Finset ℕ) : Prop :=
  ∀ a ∈ A, ∀ b ∈ A, a ∣ b → a = b

/-- For every `ε > 0` there is `X` such that every finite primitive set `A` of integers
`≥ X` satisfies `∑_{a ∈ A} 1 / (a log a) ≤ 1 + ε`. -/
theorem main : answer(sorry) ↔
    ∀ ε : ℝ, 0 < ε → ∃ X : ℕ, ∀ A : Finset ℕ, (∀ a ∈ A, X ≤ a) → IsPrimitiveSet A →
      ∑ a ∈ A, 1 / ((a : ℝ) * Real.log (a : ℝ)) ≤ 1 + ε := by
  sorry

end FrontierBench.E21
