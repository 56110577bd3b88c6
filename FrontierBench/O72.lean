import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# O72 — Is there a non-cyclic finitely presented group in which every element is conjugate to a power of one element?

Kourovka Notebook, Problem 8.8 (b) (D. V. Anosov): "Does there exist a non-cyclic finitely
presented group $G$ which contains an element $a$ such that each element of $G$ is conjugate
to some power of $a$?"

Here a power of $a$ is $a^k$ with $k \in \mathbb{Z}$.

*Wording:* verbatim from the Kourovka Notebook, Problem 8.8 (b), as quoted in a formal
statement of the problem; the notebook itself was not opened.

*Source:* Unsolved Problems in Group Theory. The Kourovka Notebook (E. I. Khukhro,
V. D. Mazurov, eds.), Problem 8.8 (b), arXiv:1401.0300.

*Scope:* a finitely presented group is represented by a presentation
$\langle x_1, \dots, x_n \mid R \rangle$ with $R$ a finite set of words (Mathlib's
`PresentedGroup` over `Fin n`); every finitely presented group is isomorphic to one of these,
and both properties asked for are invariant under isomorphism. "Non-cyclic" is
`¬ IsCyclic` (the trivial group counts as cyclic).
-/

namespace FrontierBench.O72

/-- The group $\langle x_0, \dots, x_{n-1} \mid \mathit{rels} \rangle$ given by `n` generators
and the finite set `rels` of relators. -/
abbrev FinPresentedGroup (n : ℕ) (rels : Finset (FreeGroup (Fin n))) : Type :=
  PresentedGroup (rels : Set (FreeGroup (Fin n)))

/-- There is a finite presentation whose group is not cyclic and contains an element `a` such
that every element is conjugate to `a ^ k` for some integer `k`. -/
theorem main : answer(sorry) ↔
    ∃ (n : ℕ) (rels : Finset (FreeGroup (Fin n))),
      ¬ IsCyclic (FinPresentedGroup n rels) ∧
      ∃ a : FinPresentedGroup n rels,
        ∀ g : FinPresentedGroup n rels, ∃ k : ℤ, IsConj g (a ^ k) := by
  sorry

end FrontierBench.O72
