import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# N09 — Does the six-sphere $S^6$ admit a complex structure?

Hopf's problem: does the $6$-dimensional sphere $S^6$ admit the structure of a complex
manifold, that is, an atlas of charts with values in $\mathbb{C}^3$, compatible with its
topology, whose transition maps are holomorphic?

Hopf (1948), after showing that $S^4$ and $S^8$ carry no complex structure, wrote: "Ob die
Sphären $S^{2m}$ mit $m \neq 1, 2, 4$ komplexe Mannigfaltigkeiten sind oder nicht, habe ich
nicht feststellen können." The case of $S^6$ is the one asked here.

*Wording:* paraphrase of MathOverflow question 1973 ("Is there a complex structure on the
6-sphere?"); the quoted sentence is verbatim from Hopf (1948), p. 170.

*Source:* H. Hopf, Zur Topologie der komplexen Mannigfaltigkeiten, in: Studies and Essays
presented to R. Courant on his 60th birthday, Interscience, New York, 1948, 167–185;
MathOverflow question 1973, "Is there a complex structure on the 6-sphere?" (2009).

*Scope:* as posed. $S^6$ is the unit sphere of $\mathbb{R}^7$ with the subspace topology; a
complex structure is a `ChartedSpace` structure over $\mathbb{C}^3$ (charts are
homeomorphisms onto open subsets of $\mathbb{C}^3$ for the given topology of $S^6$) whose
transition maps are complex $C^1$, i.e. holomorphic.
-/

namespace FrontierBench.N09

/-- The six-sphere $S^6 = \{x \in \mathbb{R}^7 : \|x\| = 1\}$, as a type carrying the
subspace topology. -/
abbrev SixSphere : Type := ↥(Metric.sphere (0 : EuclideanSpace ℝ (Fin 7)) 1)

/-- There is an atlas of charts from $S^6$ to $\mathbb{C}^3$ (compatible with the topology of
$S^6$) making $S^6$ a complex manifold: all transition maps are complex-differentiable
(`IsManifold` over `ℂ` with smoothness `1`, which for complex charts means holomorphic). -/
theorem main : answer(sorry) ↔
    ∃ atlas : ChartedSpace (EuclideanSpace ℂ (Fin 3)) SixSphere,
      IsManifold (modelWithCornersSelf ℂ (EuclideanSpace ℂ (Fin 3))) 1 SixSphere := by
  sorry

end FrontierBench.N09
