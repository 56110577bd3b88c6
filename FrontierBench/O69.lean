import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# O69 — Is there a Lipschitz function f : ℕ → ℤ whose graph contains no 3-term arithmetic progression?

Ben Green's Problem 15: is there a Lipschitz function $f : \mathbb{N} \to \mathbb{Z}$ whose
graph $\Gamma = \{(n, f(n))\} \subset \mathbb{Z}^2$ is free of 3-term progressions?

A 3-term progression in $\mathbb{Z}^2$ is a triple $P, P + v, P + 2v$ with $v \ne 0$. Distinct
points of the graph have distinct first coordinates, so a 3-term progression in $\Gamma$ is a
triple $(a, f(a)), (a + d, f(a + d)), (a + 2d, f(a + 2d))$ with $d \ge 1$ and
$f(a) + f(a + 2d) = 2 f(a + d)$. A function $f : \mathbb{N} \to \mathbb{Z}$ is Lipschitz
(there is $L$ with $|f(m) - f(n)| \le L |m - n|$ for all $m, n$) exactly when its consecutive
differences $f(n + 1) - f(n)$ are bounded.

*Wording:* paraphrase of B. Green, 100 open problems, Problem 15.

*Source:* B. Green, 100 open problems (problem list, 2024 version), Problem 15.

*Scope:* as posed. Lipschitz is written as bounded consecutive differences (equivalent, by the
triangle inequality). One reproduction of the problem list read here writes the graph with
$n$ ranging over $\mathbb{Z}$ while taking $f$ on $\mathbb{N}$; the domain $\mathbb{N}$ is used.
The two readings are equivalent: restriction takes a function on $\mathbb{Z}$ to one on
$\mathbb{N}$, and conversely the normalised translates $n \mapsto f(n + m) - f(m)$ have a
pointwise limit along a subsequence, a Lipschitz function on $\mathbb{Z}$ each of whose 3-term
progressions would already occur, translated, in the graph of $f$.
-/

namespace FrontierBench.O69

/-- `f` is Lipschitz: its consecutive differences are bounded by a constant `K`. -/
def IsLipschitzSeq (f : ℕ → ℤ) : Prop :=
  ∃ K : ℕ, ∀ n : ℕ, |f (n + 1) - f n| ≤ (K : ℤ)

/-- The graph `{(n, f n)}` of `f` contains a 3-term progression
`(a, f a), (a + d, f (a + d)), (a + 2d, f (a + 2d))` with `d ≥ 1`. -/
def GraphHasThreeTermAP (f : ℕ → ℤ) : Prop :=
  ∃ a d : ℕ, 0 < d ∧ f a + f (a + 2 * d) = 2 * f (a + d)

/-- There is a Lipschitz function `f : ℕ → ℤ` whose graph contains no 3-term progression. -/
theorem main : answer(sorry) ↔
    ∃ f : ℕ → ℤ, IsLipschitzSeq f ∧ ¬ GraphHasThreeTermAP f := by
  sorry

end FrontierBench.O69
