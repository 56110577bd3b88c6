import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# N40 — Is there a density-one sequence all of whose consecutive-block products are distinct?

"Is there a sequence $1\leq d_1<d_2<\cdots$ with density $1$ such that all products
$\prod_{u\leq i\leq v}d_i$ are distinct?"

Here "density" is natural density: $|\{i : d_i \le N\}| / N \to 1$, and the products are
taken over all blocks of consecutive indices $u \le v$ (distinct blocks must give distinct
products).

*Wording:* verbatim from the Erdős problems database, Problem #421.

*Source:* T. F. Bloom, Erdős Problems, Problem #421.

*Scope:* as posed. The sequence is indexed from $0$; the density of its set of values is
computed as $|\{d_i\} \cap [0, N)| / N$.
-/

namespace FrontierBench.N40

/-- There is a strictly increasing `d : ℕ → ℕ` with `d 0 ≥ 1` whose set of values has natural
density `1`, such that `(u, v) ↦ ∏_{u ≤ i ≤ v} d i` is injective on pairs `u ≤ v`. -/
theorem main : answer(sorry) ↔
    ∃ d : ℕ → ℕ, StrictMono d ∧ 1 ≤ d 0 ∧
      Filter.Tendsto (fun N : ℕ => ((Set.range d ∩ Set.Iio N).ncard : ℝ) / (N : ℝ))
        Filter.atTop (nhds 1) ∧
      ∀ u v u' v' : ℕ, u ≤ v → u' ≤ v' →
        ∏ i ∈ Finset.Icc u v, d i = ∏ i ∈ Finset.Icc u' v', d i → u = u' ∧ v = v' := by
  sorry

end FrontierBench.N40
