import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# N39 — Does the two-colour van der Waerden number satisfy $W(k)/2^k \to \infty$?

"Let the van der Waerden number $W(k)$ be such that whenever $N\geq W(k)$ and
$\{1,\ldots,N\}$ is $2$-coloured there must exist a monochromatic $k$-term arithmetic
progression." Erdős (1980) asked whether $$\frac{W(k)}{2^k} \to \infty$$ as $k \to \infty$.

Known bounds: Berlekamp proved $W(p+1) \ge p\,2^p$ for every prime $p$, and the best general
lower bound is $W(k) \gg 2^k$ (Kozik–Shabanov).

*Wording:* the definition is verbatim from the Erdős problems database, Problem #138 (as
reproduced in stored summaries of the page); the question $W(k)/2^k \to \infty$ is the one
the database attributes to Erdős (1980).

*Source:* P. Erdős, A survey of problems in combinatorial number theory, Ann. Discrete Math. 6
(1980), 89–115; T. F. Bloom, Erdős Problems, Problem #138.

*Scope:* as posed. $W(k)$ is the least $N$ such that every $2$-colouring of $\{1, \ldots, N\}$
has a monochromatic $k$-term arithmetic progression $a, a+d, \ldots, a+(k-1)d$ with $d \ge 1$
(such $N$ exist by van der Waerden's theorem); a $2$-colouring is given as a map `ℕ → Bool`,
of which only the values on $\{1, \ldots, N\}$ matter.
-/

namespace FrontierBench.N39

/-- The colouring `c` has a monochromatic `k`-term arithmetic progression inside `{1, …, N}`:
there are `a ≥ 1` and `d ≥ 1` with `a + (k - 1) d ≤ N` and `c (a + i d) = c a` for all `i < k`. -/
def HasMonoAP (N k : ℕ) (c : ℕ → Bool) : Prop :=
  ∃ a d : ℕ, 1 ≤ a ∧ 1 ≤ d ∧ a + (k - 1) * d ≤ N ∧ ∀ i < k, c (a + i * d) = c a

/-- The two-colour van der Waerden number `W(k)`: the least `N` such that every `2`-colouring of
`{1, …, N}` has a monochromatic `k`-term arithmetic progression. -/
noncomputable def vdW (k : ℕ) : ℕ :=
  sInf {N : ℕ | ∀ c : ℕ → Bool, HasMonoAP N k c}

/-- `W(k) / 2^k → ∞` as `k → ∞`. -/
theorem main : answer(sorry) ↔
    Filter.Tendsto (fun k : ℕ => (vdW k : ℝ) / 2 ^ k) Filter.atTop Filter.atTop := by
  sorry

end FrontierBench.N39
