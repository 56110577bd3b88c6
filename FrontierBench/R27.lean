import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# R27 — Do two commuting continuous self-maps of a compact convex set in ℝⁿ always agree somewhere?

"Suppose that $f$ and $g$ are two commuting continuous mappings from the closed unit disk (or, if
you prefer, the closed unit ball in $\mathbb{R}^n$) to itself. Does there always exist a point
$x$ such that $f(x)=g(x)$?"

Such a point is a coincidence point of $f$ and $g$. If one of the maps is invertible, Brouwer's
fixed point theorem gives one, and in dimension $1$ there always is one. Commuting maps
need not have a common fixed point, already on an interval (Boyce; Huneke). The question is
posed here for an arbitrary nonempty compact convex set $K \subseteq \mathbb{R}^n$: must two
commuting continuous maps $f, g : K \to K$ have a coincidence point?

*Wording:* verbatim question from MathOverflow question 3332, "Two commuting mappings in the
disk" (2009), read in a stored copy; the compact convex formulation is a paraphrase.

*Source:* MathOverflow question 3332, Two commuting mappings in the disk (2009); the question
is known as Horn's coincidence conjecture (attribution from the item's curated title, original
source not read).

*Scope:* the maps are functions `E → E` on `E = EuclideanSpace ℝ (Fin n)` that are continuous on
`K`, map `K` into `K` and commute on `K`; only their values on `K` matter, so these are exactly the
commuting continuous self-maps of `K`. The set `K` ranges over all nonempty compact convex
subsets of `ℝⁿ`, for every `n`; each such set is homeomorphic to a closed ball of its affine
dimension, and a homeomorphism transports commuting pairs and coincidence points, so this is the
same question as for closed balls in every dimension. This is the strongest reading of the
question (every dimension $n$), not the disk question alone: a positive answer for the disk
alone does not decide the statement.
-/

namespace FrontierBench.R27

/-- For every `n`, every nonempty compact convex `K ⊆ ℝⁿ` and all `f, g` that are continuous on
`K`, map `K` into `K` and commute on `K`, there is `x ∈ K` with `f x = g x`. -/
theorem main : answer(sorry) ↔
    ∀ (n : ℕ) (K : Set (EuclideanSpace ℝ (Fin n))), IsCompact K → Convex ℝ K → K.Nonempty →
      ∀ f g : EuclideanSpace ℝ (Fin n) → EuclideanSpace ℝ (Fin n),
        ContinuousOn f K → ContinuousOn g K → Set.MapsTo f K K → Set.MapsTo g K K →
        (∀ x ∈ K, f (g x) = g (f x)) → ∃ x ∈ K, f x = g x := by
  sorry

end FrontierBench.R27
