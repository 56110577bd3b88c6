import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# O16 — Is there a Hadamard matrix of every order divisible by 4?

A Hadamard matrix of order $m$ is an $m \times m$ matrix $H$ with all entries $\pm 1$ whose rows
are pairwise orthogonal, that is $H H^{\mathsf T} = m I$. Apart from the orders $1$ and $2$, the
order of a Hadamard matrix is divisible by $4$. The question is whether, conversely, for every
positive integer $k$ there is a Hadamard matrix of order $4k$.

"It seems probable that, whenever $m$ is divisible by $4$, it is possible to construct an
orthogonal matrix of order $m$ composed of $\pm 1$ …"

*Wording:* the quotation is Paley's (1933), as quoted in secondary literature; the question is
the standard statement of Hadamard's conjecture.

*Source:* R. E. A. C. Paley, On orthogonal matrices, J. Math. Phys. 12 (1933), 311–320;
J. Hadamard, Résolution d'une question relative aux déterminants, Bull. Sci. Math. 17 (1893),
240–246.

*Scope:* as posed. Entries are taken in `ℤ` (the condition $H H^{\mathsf T} = m I$ is the same
over `ℤ` and over `ℝ` for $\pm 1$ matrices); orders are indexed by `Fin (4 * k)`.
-/

namespace FrontierBench.O16

/-- `H` is a Hadamard matrix: every entry is `1` or `-1`, and `H * Hᵀ = m • 1`, i.e. distinct
rows are orthogonal (each row has squared length `m`, the order). -/
def IsHadamardMatrix {m : ℕ} (H : Matrix (Fin m) (Fin m) ℤ) : Prop :=
  (∀ i j, H i j = 1 ∨ H i j = -1) ∧
    H * H.transpose = (m : ℤ) • (1 : Matrix (Fin m) (Fin m) ℤ)

/-- For every positive integer `k` there is a Hadamard matrix of order `4 * k`. -/
theorem main : answer(sorry) ↔
    ∀ k : ℕ, 0 < k → ∃ H : Matrix (Fin (4 * k)) (Fin (4 * k)) ℤ, IsHadamardMatrix H := by
  sorry

end FrontierBench.O16
