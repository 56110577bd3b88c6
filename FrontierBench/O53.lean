import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# O53 — Is every balanced presentation of the trivial group Andrews–Curtis equivalent to the standard one?

The Andrews–Curtis conjecture: let $F_n$ be the free group on $x_1, \dots, x_n$ and let
$r_1, \dots, r_n \in F_n$ be such that $\langle x_1, \dots, x_n \mid r_1, \dots, r_n \rangle$
presents the trivial group (equivalently, $r_1, \dots, r_n$ normally generate $F_n$). Can the
tuple $(r_1, \dots, r_n)$ be transformed into $(x_1, \dots, x_n)$ by a finite sequence of the
moves
* replace $r_i$ by $r_i^{-1}$;
* replace $r_i$ by $r_i r_j$ for some $j \neq i$;
* replace $r_i$ by $w r_i w^{-1}$ for some $w \in F_n$;
* interchange $r_i$ and $r_j$?

*Wording:* paraphrase of Andrews and Curtis (1965), with the moves as listed by Myasnikov,
Myasnikov and Shpilrain (Nielsen transformations of the tuple augmented by conjugations).

*Source:* J. J. Andrews and M. L. Curtis, Free groups and handlebodies, Proc. Amer. Math. Soc.
16 (1965), 192–195; A. D. Myasnikov, A. G. Myasnikov, V. Shpilrain, On the Andrews–Curtis
equivalence, in: Combinatorial and Geometric Group Theory, Contemp. Math. 296, Amer. Math.
Soc., 2002, 183–198.

*Scope:* as posed (the unstable conjecture: the number of generators is fixed). Interchanges
can be obtained from the other three moves, and conjugation by arbitrary $w$ from conjugation
by generators, so the usual variants of the move set give the same equivalence; every move
can be undone by moves, so reachability is an equivalence relation.
-/

namespace FrontierBench.O53

/-- One elementary Andrews–Curtis move on an `n`-tuple `r` of elements of the free group on
`n` generators, producing `s`: invert one entry, multiply one entry on the right by another
entry, conjugate one entry by an arbitrary element, or interchange two entries. -/
def ACMove {n : ℕ} (r s : Fin n → FreeGroup (Fin n)) : Prop :=
  ∃ i : Fin n,
    s = Function.update r i (r i)⁻¹ ∨
    (∃ j : Fin n, j ≠ i ∧ s = Function.update r i (r i * r j)) ∨
    (∃ w : FreeGroup (Fin n), s = Function.update r i (w * r i * w⁻¹)) ∨
    (∃ j : Fin n, s = r ∘ Equiv.swap i j)

/-- For every `n` and every `n`-tuple `r` whose entries normally generate the free group on
`n` generators, a finite sequence of Andrews–Curtis moves turns `r` into the tuple of free
generators. -/
theorem main : answer(sorry) ↔
    ∀ (n : ℕ) (r : Fin n → FreeGroup (Fin n)),
      Subgroup.normalClosure (Set.range r) = ⊤ →
      Relation.ReflTransGen (ACMove (n := n)) r (fun i => FreeGroup.of i) := by
  sorry

end FrontierBench.O53
