import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# R10 — Is the profinite completion of a residually finite Hopfian group Hopfian in the topological sense?

Kourovka Notebook, Problem 6.30 (O. V. Mel'nikov): "Let $G$ be a residually finite Hopfian
group, and let $\widehat{G}$ be its profinite completion. Is $\widehat{G}$ necessarily Hopfian
(in topological sense)?"

A group is *Hopfian* if every surjective endomorphism of it is injective. A topological group
is Hopfian in the topological sense if every continuous surjective endomorphism of it is
injective. The profinite completion $\widehat{G}$ is the inverse limit of the finite quotients
$G/N$, $N$ a normal subgroup of finite index, with its profinite topology.

*Wording:* verbatim from the Kourovka Notebook, Problem 6.30 (6th issue, 1980), as quoted in a
public formal statement of the problem; the notebook itself was not opened here.

*Source:* Unsolved Problems in Group Theory. The Kourovka Notebook, No. 21 (E. I. Khukhro,
V. D. Mazurov, eds.), Problem 6.30, arXiv:1401.0300v40.

*Scope:* as posed; groups are taken in `Type`. Residual finiteness is spelled out: every
element other than $1$ lies outside some normal subgroup of finite index. The profinite
completion is Mathlib's `ProfiniteGrp.ProfiniteCompletion.completion` (the limit of the diagram
of finite quotients by finite-index normal subgroups), with its group structure and profinite
topology.
-/

namespace FrontierBench.R10

/-- A group `G` is residually finite: every element `g ≠ 1` lies outside some normal subgroup
of finite index (`Subgroup.index` is `0` exactly for infinite index). -/
def IsResiduallyFinite (G : Type) [Group G] : Prop :=
  ∀ g : G, g ≠ 1 → ∃ N : Subgroup G, N.Normal ∧ N.index ≠ 0 ∧ g ∉ N

/-- A group `G` is Hopfian: every surjective endomorphism of `G` is injective. -/
def IsHopfian (G : Type) [Group G] : Prop :=
  ∀ f : G →* G, Function.Surjective f → Function.Injective f

/-- A topological group `K` is Hopfian in the topological sense: every continuous surjective
endomorphism of `K` is injective. -/
def IsTopologicallyHopfian (K : Type) [Group K] [TopologicalSpace K] : Prop :=
  ∀ f : K →* K, Continuous f → Function.Surjective f → Function.Injective f

/-- The profinite completion of `G`, as a profinite group. -/
noncomputable abbrev profiniteCompletion (G : Type) [Group G] : ProfiniteGrp :=
  ProfiniteGrp.ProfiniteCompletion.completion (GrpCat.of G)

/-- The profinite completion of every residually finite Hopfian group is Hopfian in the
topological sense. -/
theorem main : answer(sorry) ↔
    ∀ (G : Type) [Group G], IsResiduallyFinite G → IsHopfian G →
      IsTopologicallyHopfian (profiniteCompletion G) := by
  sorry

end FrontierBench.R10
