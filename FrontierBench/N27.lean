import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# N27 — Is every countably compact cancellative topological semigroup a topological group?

Wallace's question: let $S$ be a (Hausdorff) topological semigroup, i.e. a nonempty Hausdorff
space with a jointly continuous associative multiplication, which is countably compact and
both-sided cancellative. Must $S$ be a topological group?

*Wording:* paraphrase of Wallace's question as reported by A. H. Tomita in a Topology Atlas note:
"a countably compact both-sided cancellative semigroup which is not a topological group".

*Source:* A. D. Wallace, The structure of topological semigroups, Bull. Amer. Math. Soc. 61
(1955), 95–112.

*Scope:* semigroups are taken in the universe `Type`, are nonempty, and carry a Hausdorff
topology for which multiplication is jointly continuous (`ContinuousMul`). Countable
compactness is the covering property: every countable open cover has a finite subcover.
"Topological group" means: $S$ has a two-sided identity, every element has a two-sided
inverse, and inversion is continuous.
-/

namespace FrontierBench.N27

/-- A topological space is *countably compact* if every countable open cover has a finite
subcover. Countable covers are indexed by `ℕ` (a finite cover can be padded by repeating a
member). -/
def IsCountablyCompactSpace (X : Type) [TopologicalSpace X] : Prop :=
  ∀ U : ℕ → Set X, (∀ n, IsOpen (U n)) → (⋃ n, U n) = Set.univ →
    ∃ t : Finset ℕ, (⋃ n ∈ t, U n) = Set.univ

/-- Every nonempty Hausdorff topological semigroup that is countably compact and both-sided
cancellative is a topological group: it has a two-sided identity `e`, and a continuous map
`inv` giving two-sided inverses. -/
theorem main : answer(sorry) ↔
    ∀ (S : Type) [Semigroup S] [TopologicalSpace S] [T2Space S] [ContinuousMul S]
      [IsCancelMul S] [Nonempty S], IsCountablyCompactSpace S →
      ∃ e : S, (∀ x : S, e * x = x ∧ x * e = x) ∧
        ∃ inv : S → S, Continuous inv ∧ ∀ x : S, inv x * x = e ∧ x * inv x = e := by
  sorry

end FrontierBench.N27
