import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# E26 — Does every finite group admit a just finite presentation?

A presentation $\langle X \mid R \rangle$ of a finite group $G$ is called *just finite* if for
every relator $r \in R$ the group $\langle X \mid R \setminus \{r\} \rangle$ is infinite, that
is, removing any single relation from $R$ results in a presentation of an infinite group. Does
every finite group admit a just finite presentation?

*Wording:* paraphrase of Kourovka Notebook Problem 21.10 (Y. Barnea), with Barnea's definition
of a just finite presentation.

*Source:* Y. Barnea, Problem 21.10, in: Unsolved Problems in Group Theory. The Kourovka
Notebook, 21st issue, Novosibirsk (arXiv:1401.0300v40).

*Scope:* a restriction: presentations are required to be finite, with finitely many generators
(`Fin n`) and a finite set of relators (a `Finset` of words in the free group), whereas the
definition of a just finite presentation does not itself ask for finiteness: "yes" for the
statement below gives "yes" to the posed question, but "no" for it does not give "no". The
relators form a set, so a relation cannot be listed twice. "Presentation of $G$" means that the
presented group is isomorphic to $G$. Groups are taken in `Type`.
-/

namespace FrontierBench.E26

/-- Every finite group `G` has a finite presentation `⟨x₁, …, xₙ | R⟩ ≅ G` such that, for every
relator `r ∈ R`, the group `⟨x₁, …, xₙ | R ∖ {r}⟩` is infinite. -/
theorem main : answer(sorry) ↔
    ∀ (G : Type) [Group G] [Finite G], ∃ (n : ℕ) (R : Finset (FreeGroup (Fin n))),
      Nonempty (PresentedGroup (R : Set (FreeGroup (Fin n))) ≃* G) ∧
      ∀ r ∈ R, Infinite (PresentedGroup ((R.erase r : Finset (FreeGroup (Fin n))) :
        Set (FreeGroup (Fin n)))) := by
  sorry

end FrontierBench.E26
