import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# O49 — Is the Ramsey number $R_3(n)$ of $3$-uniform hypergraphs at least $2^{2^{cn}}$ for some $c > 0$?

"Let $R_3(n)$ be the minimal $m$ such that if the edges of the $3$-uniform hypergraph on $m$
vertices are $2$-coloured then there is a monochromatic copy of the complete $3$-uniform
hypergraph on $n$ vertices. Is there some constant $c>0$ such that $R_3(n)\geq 2^{2^{cn}}$?"

*Wording:* verbatim from T. F. Bloom, Erdős Problems, Problem #564 (a problem of Erdős, Hajnal
and Rado).

*Source:* P. Erdős, A. Hajnal and R. Rado, Partition relations for cardinal numbers, Acta Math.
Acad. Sci. Hungar. 16 (1965), 93–196; T. F. Bloom, Erdős Problems, Problem #564.

*Scope:* as posed, with the bound required for all sufficiently large $n$ (it fails for every
$c > 0$ at $n = 2$, where $R_3(2) = 2$). A $2$-colouring of the edges of the complete
$3$-uniform hypergraph on `Fin m` is a map `χ : Finset (Fin m) → Bool` (only its values on
$3$-element sets matter); an $n$-set $s$ is monochromatic when all $3$-element subsets of $s$
get the same colour. $R_3(n)$ is the infimum of the admissible $m$, a set which is nonempty by
Ramsey's theorem.
-/

namespace FrontierBench.O49

/-- Every red/blue colouring of the `3`-element subsets of an `m`-element set has a
monochromatic `n`-set: `n` points all of whose `3`-element subsets get the same colour. -/
def HasMonochromaticSet (m n : ℕ) : Prop :=
  ∀ χ : Finset (Fin m) → Bool, ∃ s : Finset (Fin m), s.card = n ∧
    ∃ b : Bool, ∀ t ⊆ s, t.card = 3 → χ t = b

/-- `R₃(n)`: the least `m` such that every `2`-colouring of the triples of an `m`-set has a
monochromatic `n`-set. -/
noncomputable def hypergraphRamsey3 (n : ℕ) : ℕ :=
  sInf {m : ℕ | HasMonochromaticSet m n}

/-- There are `c > 0` and `N₀` such that `R₃(n) ≥ 2 ^ (2 ^ (c n))` for all `n ≥ N₀`. -/
theorem main : answer(sorry) ↔
    ∃ c : ℝ, 0 < c ∧ ∃ N₀ : ℕ, ∀ n : ℕ, N₀ ≤ n →
      (2 : ℝ) ^ ((2 : ℝ) ^ (c * (n : ℝ))) ≤ (hypergraphRamsey3 n : ℝ) := by
  sorry

end FrontierBench.O49
