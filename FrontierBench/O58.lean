import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# O58 — Does the diagonal Ramsey number satisfy R(k) / (k · 2^{k/2}) → ∞?

Let $R(k)$ be the Ramsey number for $K_k$: the minimal $n$ such that every $2$-colouring of the
edges of $K_n$ contains a monochromatic copy of $K_k$. Is it true that
$$\frac{R(k)}{k\, 2^{k/2}} \to \infty \qquad (k \to \infty)\,?$$

*Wording:* the Erdős problems database, Problem #1029, as recorded in a public formal statement
and in a public problem record that quotes the page (the page itself was not opened): "If $R(k)$
is the Ramsey number for $K_k$, the minimal $n$ such that every $2$-colouring of the edges of
$K_n$ contains a monochromatic copy of $K_k$, then $R(k)/(k2^{k/2})\to\infty$".

*Source:* P. Erdős, Quaestiones Math. 16 (1993), 333–350 (problems in graph theory);
T. F. Bloom, Erdős Problems, Problem #1029.

*Scope:* as posed. A $2$-colouring of the edges of $K_n$ is a graph `G` on `Fin n` (its edges
form one colour class, the edges of the complement `Gᶜ` the other), and a monochromatic $K_k$ is
a $k$-clique of `G` or of `Gᶜ`. `R(k)` is the least `n` with this property (`sInf`; the set is
nonempty by Ramsey's theorem). $2^{k/2}$ is written $(\sqrt 2)^k$, and "$\to \infty$" with an
explicit constant: for every real `C` there is `K` with $R(k) \ge C \cdot k\, 2^{k/2}$ for all
$k \ge K$.
-/

namespace FrontierBench.O58

/-- Every `2`-colouring of the edges of `K_n` has a monochromatic `K_k`: every graph on `Fin n`
has a `k`-clique or its complement has one. -/
def HasMonoClique (k n : ℕ) : Prop :=
  ∀ G : SimpleGraph (Fin n), ¬ G.CliqueFree k ∨ ¬ (Gᶜ).CliqueFree k

/-- The diagonal Ramsey number `R(k)`: the least `n` such that every `2`-colouring of the edges
of `K_n` has a monochromatic `K_k`. -/
noncomputable def diagRamsey (k : ℕ) : ℕ :=
  sInf {n : ℕ | HasMonoClique k n}

/-- `R(k) / (k · 2^{k/2}) → ∞`: for every real `C` there is `K` such that
`C · k · (√2)^k ≤ R(k)` for all `k ≥ K`. -/
theorem main : answer(sorry) ↔
    ∀ C : ℝ, ∃ K : ℕ, ∀ k : ℕ, K ≤ k →
      C * ((k : ℝ) * Real.sqrt 2 ^ k) ≤ (diagRamsey k : ℝ) := by
  sorry

end FrontierBench.O58
