import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# E24 — Is the representation $a \mapsto 2x$, $b \mapsto 2^x$ of the Baumslag group by germs of functions faithful?

Let $\mathcal{B} = \langle a, b \mid (bab^{-1})\,a\,(bab^{-1})^{-1} = a^2 \rangle$ be the
one-relator group of G. Baumslag (1969). The functions $f(x) = 2x$ and $g(x) = 2^x$ satisfy the
defining relation of $\mathcal{B}$ in the group of germs at $+\infty$ of continuous functions
on $(0, \infty)$ increasing to $\infty$, with composition as the group operation (two
functions are identified when they agree for all sufficiently large arguments): indeed
$g f g^{-1}(x) = x^2$ and $x \mapsto (2\sqrt{x})^2 = 4x$ is $f^2$. Hence $a \mapsto f$,
$b \mapsto g$ defines a representation of $\mathcal{B}$ by germs. Is this representation
faithful?

*Wording:* paraphrase of A. Yu. Olshanskii's Problem 17.99 of the Kourovka Notebook (the
notebook itself was not opened).

*Source:* A. Yu. Olshanskii, Problem 17.99, in: Unsolved Problems in Group Theory. The Kourovka
Notebook, 17th issue, Novosibirsk, 2010; also in later issues (from the 18th issue on; 21st issue,
arXiv:1401.0300v40); G. Baumslag, A non-cyclic one-relator group all of whose finite quotients are
cyclic, J. Austral. Math. Soc. 10 (1969), 497–498.

*Scope:* as posed, stated without a group of germs: an element of the free group $F(a, b)$
acts by the composition of $x \mapsto 2x$ (for $a$), $x \mapsto x/2$ (for $a^{-1}$),
$x \mapsto 2^x$ (for $b$) and $x \mapsto \log_2 x$ (for $b^{-1}$) along its reduced word, the
first letter applied last; it acts trivially on germs when this function agrees with the
identity for all sufficiently large real $x$. The representation is faithful exactly when every
such element is trivial in $\mathcal{B}$, i.e. lies in the normal closure of the relator.
-/

namespace FrontierBench.E24

/-- The function by which a letter of the free group on `a = 0`, `b = 1` acts: `a ↦ 2x`,
`a⁻¹ ↦ x/2`, `b ↦ 2^x`, `b⁻¹ ↦ log₂ x` (in `FreeGroup`, `(i, true)` is the generator `i` and
`(i, false)` its inverse). -/
noncomputable def letterFun (l : Fin 2 × Bool) : ℝ → ℝ :=
  if l.1 = 0 then
    (if l.2 then fun x => 2 * x else fun x => x / 2)
  else
    (if l.2 then fun x => (2 : ℝ) ^ x else fun x => Real.logb 2 x)

/-- The function by which a free-group element acts: the composition of the letter functions
along its reduced word, `w = l₁ l₂ ⋯ lₖ ↦ φ(l₁) ∘ φ(l₂) ∘ ⋯ ∘ φ(lₖ)` (products of group elements
correspond to composition of functions). -/
noncomputable def wordFun (w : FreeGroup (Fin 2)) : ℝ → ℝ :=
  (w.toWord.map letterFun).foldr (fun φ ψ => φ ∘ ψ) id

/-- The relator `(b a b⁻¹) a (b a b⁻¹)⁻¹ a⁻²` of the Baumslag group, with `a = 0`, `b = 1`. -/
def baumslagRelator : FreeGroup (Fin 2) :=
  (FreeGroup.of (1 : Fin 2) * FreeGroup.of (0 : Fin 2) * (FreeGroup.of (1 : Fin 2))⁻¹) *
      FreeGroup.of (0 : Fin 2) *
      (FreeGroup.of (1 : Fin 2) * FreeGroup.of (0 : Fin 2) * (FreeGroup.of (1 : Fin 2))⁻¹)⁻¹ *
    (FreeGroup.of (0 : Fin 2) ^ 2)⁻¹

/-- Every element `w` of the free group on `a, b` whose action `wordFun w` agrees with the
identity for all sufficiently large `x` is trivial in the Baumslag group, i.e. lies in the
normal closure of the relator. -/
theorem main : answer(sorry) ↔
    ∀ w : FreeGroup (Fin 2),
      Filter.Eventually (fun x : ℝ => wordFun w x = x) Filter.atTop →
        w ∈ Subgroup.normalClosure ({baumslagRelator} : Set (FreeGroup (Fin 2))) := by
  sorry

end FrontierBench.E24
