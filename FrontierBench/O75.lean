import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# O75 — Is every group surjunctive?

Gottschalk's surjunctivity conjecture: is every group surjunctive? A group $G$ is surjunctive
if, for every finite alphabet $A$, every injective cellular automaton
$\tau : A^G \to A^G$ is surjective.

A cellular automaton over $G$ with alphabet $A$ is given by a finite memory set
$S \subseteq G$ and a local rule $\mu : A^S \to A$; it sends a configuration $x : G \to A$ to
the configuration $g \mapsto \mu\bigl(s \mapsto x(g s)\bigr)$. By the Curtis–Hedlund–Lyndon
theorem these are exactly the maps $A^G \to A^G$ that are continuous for the prodiscrete
topology and commute with the shift action $(g \cdot x)(h) = x(g^{-1} h)$, which is the form
in which Gottschalk defined surjunctivity.

*Wording:* paraphrase of the definition and the question as stated in the Wikipedia article
"Surjunctive group" and the Groupprops entry.

*Source:* W. H. Gottschalk, Some general dynamical notions, in: Recent Advances in Topological
Dynamics, Lecture Notes in Math. 318, Springer, 1973, 120–125.

*Scope:* groups and alphabets are taken in the universe `Type`. Surjunctivity is a local
property (a group is surjunctive as soon as all its finitely generated subgroups are, and
subgroups of surjunctive groups are surjunctive), so a non-surjunctive group exists if and only
if a countable one does, and countable groups live in `Type`. Cellular automata are given by a
memory set and a local rule, equivalent to the continuous shift-commuting maps by the
Curtis–Hedlund–Lyndon theorem.
-/

namespace FrontierBench.O75

/-- The cellular automaton over the group `G` with memory set `S` and local rule `μ`: the
configuration `x : G → A` is sent to `g ↦ μ (s ↦ x (g * s))`. -/
def cellularAutomaton {G : Type} [Group G] {A : Type} (S : Finset G)
    (μ : ({g : G // g ∈ S} → A) → A) (x : G → A) : G → A :=
  fun g => μ (fun s => x (g * s.val))

/-- `G` is surjunctive: for every finite alphabet `A`, every injective cellular automaton over
`G` with alphabet `A` is surjective. -/
def IsSurjunctive (G : Type) [Group G] : Prop :=
  ∀ (A : Type) [Finite A] (S : Finset G) (μ : ({g : G // g ∈ S} → A) → A),
    Function.Injective (cellularAutomaton S μ) → Function.Surjective (cellularAutomaton S μ)

/-- Every group (in the universe `Type`) is surjunctive. -/
theorem main : answer(sorry) ↔ ∀ (G : Type) [Group G], IsSurjunctive G := by
  sorry

end FrontierBench.O75
