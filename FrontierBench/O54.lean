import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# O54 — Is the diameter of the alternating group Aₙ bounded by a polynomial in n?

For a finite group $G$ and a set $S$ of generators, the diameter of the Cayley graph
$\Gamma(G, S)$ is the smallest $\ell$ such that every element of $G$ can be written as a word of
length at most $\ell$ in $S \cup S^{-1}$; the diameter of $G$ is the maximum of these diameters
over all generating sets $S$. Is there an absolute constant $C$ such that
$\operatorname{diam}(A_n) \le n^C$ for all $n$?

*Wording:* the definitions are paraphrased from the abstract of Helfgott and Seress, "On the
diameter of permutation groups" (read in a stored copy), which recalls that "it has long been
conjectured that the diameter of the symmetric group of degree $n$ is polynomially bounded in
$n$"; the question for $A_n$ is the Babai–Seress conjecture as recorded in a public formal
statement ("$\operatorname{diam}(A_n) < n^C$ for some absolute constant $C$").

*Source:* L. Babai and Á. Seress, On the diameter of permutation groups, European J. Combin. 13
(1992), 231–243.

*Scope:* as posed. $A_n$ is Mathlib's `alternatingGroup (Fin n)`, a subgroup of the permutations of
`Fin n`; generating sets are sets `S` of permutations with `Subgroup.closure S = Aₙ`; words in
$S \cup S^{-1}$ are lists of permutations `x` with `x ∈ S` or `x⁻¹ ∈ S`. The bound is
`diam(Aₙ) ≤ n ^ C` for all `n` with a natural exponent `C`; this is equivalent to a bound
$c\,n^{C}$ with any constants (the groups $A_0, A_1, A_2$ are trivial, and for $n \ge 2$ a
constant factor can be absorbed into the exponent).
-/

namespace FrontierBench.O54

/-- `g` is a product of at most `L` elements of `S ∪ S⁻¹`. -/
def IsShortWord {G : Type} [Group G] (S : Set G) (L : ℕ) (g : G) : Prop :=
  ∃ w : List G, w.length ≤ L ∧ (∀ x ∈ w, x ∈ S ∨ x⁻¹ ∈ S) ∧ w.prod = g

/-- There is a natural number `C` such that for every `n` and every generating set `S` of the
alternating group `Aₙ`, every element of `Aₙ` is a product of at most `n ^ C` elements of
`S ∪ S⁻¹`. -/
theorem main : answer(sorry) ↔
    ∃ C : ℕ, ∀ (n : ℕ) (S : Set (Equiv.Perm (Fin n))),
      Subgroup.closure S = alternatingGroup (Fin n) →
        ∀ g ∈ alternatingGroup (Fin n), IsShortWord S (n ^ C) g := by
  sorry

end FrontierBench.O54
