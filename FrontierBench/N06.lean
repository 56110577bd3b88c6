import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# N06 — What is the limit of R(3;k)^(1/k) as k → ∞?

Let $R(3;k)$ be the minimal $n$ such that if the edges of $K_n$ are coloured with $k$ colours
then there must exist a monochromatic triangle. Determine
$$\lim_{k \to \infty} R(3;k)^{1/k}.$$

The limit is taken in $[0, \infty]$: the answer is either a finite nonnegative real number or
$\infty$.

*Wording:* verbatim from the Erdős problems database, Problem #183 (as reproduced in public
formal statements of the problem; the page itself was not opened).

*Source:* P. Erdős, Graph theory and probability. II, Canad. J. Math. 13 (1961), 346–352;
T. F. Bloom, Erdős Problems, Problem #183.

*Scope:* as posed. A `k`-colouring of the edges of `K_n` is a map from the unordered pairs
`Sym2 (Fin n)` to `Fin k` (the colours of the diagonal pairs `s(x, x)` play no role); a
monochromatic triangle is three distinct vertices whose three edges have one colour. The
limit is stated in `ℝ≥0∞` (`ENNReal`), whose top element `⊤` stands for `∞`.
-/

namespace FrontierBench.N06

/-- The colouring `c` of the edges of `K_n` has a monochromatic triangle: three distinct
vertices `x, y, z` whose edges `xy`, `yz`, `xz` all have the same colour. -/
def HasMonochromaticTriangle {n k : ℕ} (c : Sym2 (Fin n) → Fin k) : Prop :=
  ∃ x y z : Fin n, x ≠ y ∧ y ≠ z ∧ x ≠ z ∧ c s(x, y) = c s(y, z) ∧ c s(x, y) = c s(x, z)

/-- `R(3;k)`: the least `n` such that every colouring of the edges of `K_n` with `k` colours
has a monochromatic triangle. (For every `k` such an `n` exists, by Ramsey's theorem.) -/
noncomputable def triangleRamsey (k : ℕ) : ℕ :=
  sInf {n : ℕ | ∀ c : Sym2 (Fin n) → Fin k, HasMonochromaticTriangle c}

/-- `R(3;k)^(1/k)` converges in `[0, ∞]`, to the value to be determined. -/
theorem main :
    Filter.Tendsto
      (fun k : ℕ => ENNReal.ofReal ((triangleRamsey k : ℝ) ^ ((1 : ℝ) / (k : ℝ))))
      Filter.atTop (nhds (answer(sorry) : ENNReal)) := by
  sorry

end FrontierBench.N06
