import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# R29 — For every odd k ≥ 3, is k/4 the optimal constant c in |A₁ + ⋯ + A_k| ≤ c·I + |A₁| + ⋯ + |A_k| for contractions?

For complex $n \times n$ matrices write $|A| = (A^*A)^{1/2}$, and $X \le Y$ when $Y - X$ is positive
semidefinite. Bourin and Lee prove that for contractions ($\|A_j\| \le 1$ in operator norm)
$$\Bigl|\sum_{j=1}^k A_j\Bigr| \le \frac{k}{4} I + \sum_{j=1}^k |A_j|,$$
for instance $|S+T+R| \le \frac34 I + |S| + |T| + |R|$ for three contractions, show that the
constant $k/4$ cannot be lowered when $k$ is even, and conjecture that it is also optimal for
odd $k$ ("We conjecture that the constant $3/4$ is optimal" for three contractions).
Equivalently: let $c_k$ be the infimum of all $c \ge 0$ such that
$|\sum_j A_j| \le c I_n + \sum_j |A_j|$ for every $n \ge 1$ and all contractions
$A_1, \dots, A_k \in \mathbb{C}^{n \times n}$. Is $c_k = k/4$ for every odd integer $k \ge 3$?

*Wording:* paraphrase of Bourin–Lee (Corollary 4.4 and the conjecture following Remark 4.5),
with a verbatim excerpt from their abstract.

*Source:* J.-C. Bourin, E.-Y. Lee, Diagonal and off-diagonal blocks of positive definite
partitioned matrices, arXiv:2307.02034v3 (December 2023), Corollary 4.4 and the conjecture
after Remark 4.5. Related: E.-Y. Lee, How to compare the absolute values of operator sums and
the sums of absolute values?, Oper. Matrices 6 (2012), 613–619.

*Scope:* only the optimality is stated — for every odd $k \ge 3$ and every $c < k/4$ the
inequality with constant $c$ fails for some contractions — since the inequality with $k/4$ is
the source's Corollary 4.4, this is the same as $c_k = k/4$. The moduli $|A_j|$ and
$|\sum_j A_j|$ enter as the positive semidefinite square roots of $A_j^* A_j$ and of
$(\sum_j A_j)^*(\sum_j A_j)$ (unique, so nothing is lost); a contraction is an $A$ with
$I - A^*A$ positive semidefinite.
-/

namespace FrontierBench.R29

open scoped ComplexOrder

/-- `A` is a contraction: `I - Aᴴ A` is positive semidefinite, i.e. `‖A‖ ≤ 1` in operator norm. -/
def IsContraction {n : ℕ} (A : Matrix (Fin n) (Fin n) ℂ) : Prop :=
  (1 - Matrix.conjTranspose A * A).PosSemidef

/-- `P` is the modulus `|A| = (Aᴴ A)^{1/2}` of `A`: the positive semidefinite matrix with
`P * P = Aᴴ A` (such a square root exists and is unique). -/
def IsModulus {n : ℕ} (A P : Matrix (Fin n) (Fin n) ℂ) : Prop :=
  P.PosSemidef ∧ P * P = Matrix.conjTranspose A * A

/-- For every odd `k ≥ 3` and every real `c < k/4` there are `n`, contractions
`A 0, …, A (k-1)` in `ℂ^{n×n}` with moduli `P j = |A j|` and `Q = |∑ j, A j|`, such that
`c • I + ∑ j, P j - Q` is not positive semidefinite, i.e. `|∑ A j| ≤ c I + ∑ |A j|` fails. -/
theorem main : answer(sorry) ↔
    ∀ k : ℕ, 3 ≤ k → Odd k → ∀ c : ℝ, c < (k : ℝ) / 4 →
      ∃ (n : ℕ) (A P : Fin k → Matrix (Fin n) (Fin n) ℂ) (Q : Matrix (Fin n) (Fin n) ℂ),
        (∀ j, IsContraction (A j)) ∧ (∀ j, IsModulus (A j) (P j)) ∧
        IsModulus (∑ j, A j) Q ∧
        ¬ ((c : ℂ) • (1 : Matrix (Fin n) (Fin n) ℂ) + ∑ j, P j - Q).PosSemidef := by
  sorry

end FrontierBench.R29
