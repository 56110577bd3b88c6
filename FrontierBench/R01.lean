import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# R01 — Does the rank-minimization analogue of Roth's similarity theorem hold?

Let $K$ be a field, $A \in K^{m \times m}$, $B \in K^{n \times n}$, $C \in K^{m \times n}$, and
put
$$M_C = \begin{pmatrix} A & C \\ 0 & B \end{pmatrix}, \qquad
  M_0 = \begin{pmatrix} A & 0 \\ 0 & B \end{pmatrix}.$$
Roth's similarity theorem says that the Sylvester equation $AX - XB = C$ is solvable if and
only if $M_C$ and $M_0$ are similar, i.e. $P M_C - M_0 P = 0$ for some invertible $P$. Lin
and Wimmer conjectured the following rank-minimization analogue of this theorem:
$$\min_{X \in K^{m \times n}} \operatorname{rank}(AX - XB - C)
  \;=\; \min_{P \in \mathrm{GL}_{m+n}(K)} \operatorname{rank}(P M_C - M_0 P).$$
Does this equality hold for all $A$, $B$, $C$?

*Wording:* paraphrase of the conjecture of Lin–Wimmer (2011), as restated in later literature.

*Source:* M. Lin and H. K. Wimmer, The generalized Sylvester matrix equation, rank
minimization and Roth's equivalence theorem, Bull. Aust. Math. Soc. 84 (2011), 441–443.

*Scope:* stated over an arbitrary field `K : Type` and all sizes `m, n` (for `m = 0` or
`n = 0` both sides are `0`); the field convention of the source was not checked against its
text. The right-hand minimum uses `P * M_C - M_0 * P`; the variants `M_0 P - P M_C` and
`P M_C P⁻¹ - M_0` have the same rank.
-/

namespace FrontierBench.R01

/-- `min_X rank (A X - X B - C)` over all `m × n` matrices `X`. -/
noncomputable def sylvesterMinRank {K : Type} [Field K] {m n : ℕ}
    (A : Matrix (Fin m) (Fin m) K) (B : Matrix (Fin n) (Fin n) K)
    (C : Matrix (Fin m) (Fin n) K) : ℕ :=
  sInf (Set.range fun X : Matrix (Fin m) (Fin n) K => (A * X - X * B - C).rank)

/-- `min_P rank (P M_C - M_0 P)` over all invertible `(m + n) × (m + n)` matrices `P`, where
`M_C = [[A, C], [0, B]]` and `M_0 = [[A, 0], [0, B]]`. -/
noncomputable def similarityMinRank {K : Type} [Field K] {m n : ℕ}
    (A : Matrix (Fin m) (Fin m) K) (B : Matrix (Fin n) (Fin n) K)
    (C : Matrix (Fin m) (Fin n) K) : ℕ :=
  sInf {r : ℕ | ∃ P : Matrix (Fin m ⊕ Fin n) (Fin m ⊕ Fin n) K, IsUnit P ∧
    (P * Matrix.fromBlocks A C 0 B - Matrix.fromBlocks A 0 0 B * P).rank = r}

/-- For every field `K`, all sizes `m, n` and all `A`, `B`, `C`, the two minimal ranks agree. -/
theorem main : answer(sorry) ↔
    ∀ (K : Type) [Field K] (m n : ℕ) (A : Matrix (Fin m) (Fin m) K)
      (B : Matrix (Fin n) (Fin n) K) (C : Matrix (Fin m) (Fin n) K),
      sylvesterMinRank A B C = similarityMinRank A B C := by
  sorry

end FrontierBench.R01
