import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# N19 — Is every group sofic?

A group $G$ is *sofic* if it can be approximated by finite symmetric groups in the normalised
Hamming distance $d_n(\sigma, \tau) = \frac1n \#\{i : \sigma(i) \neq \tau(i)\}$ on
$\mathrm{Sym}(n)$: for every finite set $F \subseteq G$ and every $\varepsilon > 0$ there are
$n$ and a map $\varphi : G \to \mathrm{Sym}(n)$ such that
$d_n(\varphi(gh), \varphi(g)\varphi(h)) < \varepsilon$ for all $g, h \in F$, and
$d_n(\varphi(g), \mathrm{id}) > 1 - \varepsilon$ for all $g \in F \setminus \{1\}$.

Question (Gromov, Weiss): is every group sofic?

*Wording:* paraphrase of the question of Gromov (1999) and Weiss (2000); the definition of
soficity is the standard one by approximate homomorphisms into symmetric groups
(Elek–Szabó 2005).

*Source:* M. Gromov, Endomorphisms of symbolic algebraic varieties, J. Eur. Math. Soc. 1
(1999), 109–197; B. Weiss, Sofic groups and dynamical systems, Sankhyā Ser. A 62 (2000),
350–359; G. Elek and E. Szabó, Hyperlinearity, essentially free actions and
$L^2$-invariants. The sofic property, Math. Ann. 332 (2005), 421–441.

*Scope:* groups are taken in the universe `Type`. Soficity of a group is decided by its
finitely generated subgroups (only finitely many elements and their pairwise products enter
each approximation), and those are countable, so this does not change the question.
-/

namespace FrontierBench.N19

/-- The normalised Hamming distance between two permutations of `Fin n`: the proportion of
the `n` points at which they differ (it is `0` when `n = 0`). -/
noncomputable def permHammingDist (n : ℕ) (σ τ : Equiv.Perm (Fin n)) : ℝ :=
  (Set.ncard {i : Fin n | σ i ≠ τ i} : ℝ) / (n : ℝ)

/-- A group `G` is *sofic* if for every finite set `F ⊆ G` and every `ε > 0` there are `n` and a
map `φ : G → Sym(n)` which is multiplicative up to Hamming distance `ε` on pairs from `F`, and
sends every non-identity element of `F` to a permutation at Hamming distance more than `1 - ε`
from the identity. -/
def IsSofic (G : Type) [Group G] : Prop :=
  ∀ (F : Finset G) (ε : ℝ), 0 < ε →
    ∃ (n : ℕ) (φ : G → Equiv.Perm (Fin n)),
      (∀ g ∈ F, ∀ h ∈ F, permHammingDist n (φ (g * h)) (φ g * φ h) < ε) ∧
      (∀ g ∈ F, g ≠ 1 → 1 - ε < permHammingDist n (φ g) 1)

/-- Every group (in `Type`) is sofic. -/
theorem main : answer(sorry) ↔ ∀ (G : Type) [Group G], IsSofic G := by
  sorry

end FrontierBench.N19
