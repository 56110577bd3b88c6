import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# E27 — Is every non-trivial endomorphism of a group that extends along every homomorphism an inner automorphism?

Let $\alpha \colon G \to G$ be an endomorphism of a group $G$ and $\varphi \colon G \to H$ a
homomorphism. Say that $\alpha$ *extends along* $\varphi$ if there is an endomorphism
$\beta \colon H \to H$ with $\varphi \circ \alpha = \beta \circ \varphi$. Every inner
automorphism extends along every homomorphism (conjugate by the image of the conjugating
element), and so does the trivial endomorphism. Schupp showed that an automorphism of $G$ is
inner if and only if it extends along every homomorphism to an automorphism; Bergman showed
that the inner automorphisms are exactly the non-trivial endomorphisms that extend along every
homomorphism *functorially*. If a non-trivial endomorphism $\alpha$ of $G$ extends along every
homomorphism $\varphi \colon G \to H$ (with no functoriality required), must $\alpha$ be an inner
automorphism?

*Wording:* paraphrase of Kourovka Notebook Problem 21.14 in the form of Question 5 of Bergman's
paper below (the notebook itself was not opened).

*Source:* G. M. Bergman, An inner automorphism is only an inner automorphism, but an inner
endomorphism can be something strange, Publ. Mat. 56 (2012), arXiv:1001.1391 (Question 5);
Problem 21.14, in: Unsolved Problems in Group Theory. The Kourovka Notebook, 21st issue,
Novosibirsk (arXiv:1401.0300v40); P. E. Schupp, A characterization of inner automorphisms,
Proc. Amer. Math. Soc. 101 (1987), 226–228.

*Scope:* as posed, for groups in `Type`: `G` and the targets `H` range over groups in the same
universe. "Non-trivial" means different from the endomorphism sending everything to $1$; an
inner automorphism is conjugation $x \mapsto g x g^{-1}$ by some $g \in G$.
-/

namespace FrontierBench.E27

/-- For every group `G` and every endomorphism `α ≠ 1` of `G`: if for every group `H` and every
homomorphism `φ : G →* H` there is an endomorphism `β` of `H` with `β ∘ φ = φ ∘ α`, then `α`
is conjugation by some element of `G`. -/
theorem main : answer(sorry) ↔
    ∀ (G : Type) [Group G] (α : G →* G), α ≠ 1 →
      (∀ (H : Type) [Group H] (φ : G →* H), ∃ β : H →* H, β.comp φ = φ.comp α) →
        ∃ g : G, ∀ x : G, α x = g * x * g⁻¹ := by
  sorry

end FrontierBench.E27
