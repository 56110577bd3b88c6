import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# O37 — What is the maximum number of mutually unbiased bases of $\mathbb{C}^6$?

Two orthonormal bases $\{e_1, \dots, e_d\}$ and $\{f_1, \dots, f_d\}$ of $\mathbb{C}^d$ are
*mutually unbiased* if $|\langle e_i, f_j \rangle|^2 = 1/d$ for all $i, j$. A family of
orthonormal bases is a family of mutually unbiased bases (MUBs) if any two distinct members
are mutually unbiased. In every dimension $d$ there are at most $d + 1$ such bases, and $d + 1$
are attained when $d$ is a prime power. Determine the largest number of mutually unbiased bases
of $\mathbb{C}^6$.

*Wording:* paraphrase of the problem as posed in the IQOQI Vienna list of open quantum
problems (Problem 13, mutually unbiased bases: for each $d \ge 2$, determine the maximum number
of pairwise mutually unbiased orthonormal bases of $\mathbb{C}^d$, with $d = 6$ the smallest
open dimension). The list page was not opened; the problem was read as reproduced in a public
formal statement of it and in P. Jaming, M. Matolcsi and P. Móra, The problem of mutually
unbiased bases in dimension 6 (arXiv:1201.0640).

*Source:* IQOQI Vienna, Open Quantum Problems, Problem 13 (Mutually unbiased bases); W. K.
Wootters and B. D. Fields, Optimal state-determination by mutually unbiased measurements, Ann.
Phys. 191 (1989), 363–381.

*Scope:* the dimension-six case of the posed problem (the smallest dimension where it is open).
Orthonormal bases are Mathlib's `OrthonormalBasis (Fin 6) ℂ (EuclideanSpace ℂ (Fin 6))`, with
the standard inner product of $\mathbb{C}^6$; unbiasedness is written with the squared modulus
of the inner product. A family is indexed by `Fin k`, so repeated members are allowed, but two
equal bases are never unbiased (the inner product of a unit vector with itself has modulus
$1$), so a family of $k \ge 2$ unbiased bases has $k$ distinct members.
-/

namespace FrontierBench.O37

/-- A family of `k` orthonormal bases of `ℂ⁶` is mutually unbiased: for distinct indices
`r ≠ s`, every vector of the `r`-th basis and every vector of the `s`-th basis have inner
product of squared modulus `1 / 6`. -/
def IsMutuallyUnbiased {k : ℕ}
    (B : Fin k → OrthonormalBasis (Fin 6) ℂ (EuclideanSpace ℂ (Fin 6))) : Prop :=
  ∀ r s : Fin k, r ≠ s → ∀ i j : Fin 6, ‖inner ℂ (B r i) (B s j)‖ ^ 2 = (1 / 6 : ℝ)

/-- The largest `k` for which `ℂ⁶` has `k` mutually unbiased orthonormal bases. -/
theorem main :
    IsGreatest
      {k : ℕ | ∃ B : Fin k → OrthonormalBasis (Fin 6) ℂ (EuclideanSpace ℂ (Fin 6)),
        IsMutuallyUnbiased B}
      answer(sorry) := by
  sorry

end FrontierBench.O37
