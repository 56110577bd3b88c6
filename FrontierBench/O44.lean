import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# O44 — Is $f(n,k) < c_k^n$, where $f(n,k)$ is the sunflower threshold?

A family of $k$ distinct sets is a *$k$-sunflower* (a $\Delta$-system) if all pairwise
intersections of its members are the same set. Let $f(n,k)$ be minimal such that every family
$\mathcal{F}$ of $n$-element sets with $|\mathcal{F}| \ge f(n,k)$ contains a $k$-sunflower. The
Erdős–Rado sunflower conjecture: is it true that $f(n,k) < c_k^n$ for some constant $c_k > 0$
depending only on $k$?

*Wording:* paraphrase of T. F. Bloom, Erdős Problems, Problem #20, and of Erdős (1981):
"Denote by $f_k(n)$ the smallest integer so that if $|A_i| = n$, $1 \le i \le f_k(n)$ then there
are $k$ $A_i$'s which have pairwise the same intersection. Conjecture $f_k(n) < c_k^n$ where
$c_k$ depends only on $k$."

*Source:* P. Erdős and R. Rado, Intersection theorems for systems of sets, J. London Math. Soc.
35 (1960), 85–90; P. Erdős, Combinatorica 1 (1981), 25–42; T. F. Bloom, Erdős Problems,
Problem #20.

*Scope:* as posed, for every $k$ and every $n \ge 1$ (for $n = 0$ a family has at most one
member and the bound is not meant). The ground set is `ℕ` (every finite family of finite sets
has a copy there), families are `Finset (Finset ℕ)`, so their members are distinct. The bound
"$f(n,k) < c^n$" is written without the threshold function: every family of at least $c^n$
sets of size $n$ contains a $k$-sunflower. This is the same question: it says
$f(n,k) \le \lceil c^n \rceil$, and $\lceil c^n \rceil < (2c)^n$ once $c \ge 1$ and $n \ge 1$,
while for $k \ge 2$ no $c < 1$ can work in either form.
-/

namespace FrontierBench.O44

/-- `S` is a sunflower: any two distinct members of `S` have the same intersection `Y`. -/
def IsSunflower (S : Finset (Finset ℕ)) : Prop :=
  ∃ Y : Finset ℕ, ∀ A ∈ S, ∀ B ∈ S, A ≠ B → A ∩ B = Y

/-- For every `k` there is `c > 0` such that, for every `n ≥ 1`, every family of at least `c ^ n`
distinct `n`-element sets contains `k` members forming a sunflower. -/
theorem main : answer(sorry) ↔
    ∀ k : ℕ, ∃ c : ℝ, 0 < c ∧ ∀ n : ℕ, 1 ≤ n →
      ∀ F : Finset (Finset ℕ), (∀ A ∈ F, A.card = n) → c ^ n ≤ (F.card : ℝ) →
        ∃ S ⊆ F, S.card = k ∧ IsSunflower S := by
  sorry

end FrontierBench.O44
