import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# O26 — Is each of n runners with distinct constant speeds on a unit circular track lonely at some time?

"Consider $n$ runners on a circular track of unit length. At the initial time $t = 0$, all
runners are at the same position and start to run; the runners' speeds are constant, all
distinct, and may be negative. A runner is said to be *lonely* at time $t$ if they are at a
distance (measured along the circle) of at least $1/n$ from every other runner." Is every runner
lonely at some time, whatever the choice of speeds?

With speeds $v_1, \dots, v_n$, the distance along the circle between runners $i$ and $j$ at
time $t$ is $\lVert t (v_j - v_i) \rVert$, where $\lVert x \rVert$ is the distance from $x$ to
the nearest integer.

*Wording:* the quotation is verbatim from
[Wikipedia (revision 1089268863)](https://en.wikipedia.org/w/index.php?title=Lonely_runner_conjecture&oldid=1089268863),
section "Formulation"; the question is the standard statement (Perarnau and Serra, Conjecture 1:
for every $n$, every $i$ and all pairwise distinct reals $v_1, \dots, v_n$ there is $t \in \mathbb R$
with $\min_{j \ne i} \lVert t (v_j - v_i) \rVert \ge 1/n$).

*Source:* J. M. Wills, Zwei Sätze über inhomogene diophantische Approximation von
Irrationalzahlen, Monatsh. Math. 71 (1967), 263–269; T. W. Cusick, View-obstruction problems,
Aequationes Math. 9 (1973), 165–170; G. Perarnau and O. Serra, survey on the sixtieth
anniversary of the problem, arXiv:2409.20160.

*Scope:* as posed (real speeds, any real time). Times may be negative, which changes nothing
since $\lVert -x \rVert = \lVert x \rVert$.
-/

namespace FrontierBench.O26

/-- The distance from the real number `x` to the nearest integer. -/
def nearestIntDist (x : ℝ) : ℝ :=
  |x - round x|

/-- For every `n`, all pairwise distinct speeds `v : Fin n → ℝ` and every runner `i`, there is
a time `t` at which every other runner `j` is at circular distance at least `1 / n` from `i`. -/
theorem main : answer(sorry) ↔
    ∀ (n : ℕ) (v : Fin n → ℝ), Function.Injective v → ∀ i : Fin n,
      ∃ t : ℝ, ∀ j : Fin n, j ≠ i → (1 : ℝ) / n ≤ nearestIntDist (t * (v j - v i)) := by
  sorry

end FrontierBench.O26
