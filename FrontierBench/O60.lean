import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# O60 — Below the unbalanced range, is the generic rank of complex m₁ × m₂ × m₃ tensors ⌈m₁m₂m₃/(m₁ + m₂ + m₃ − 2)⌉ except for the formats (3, 2p + 1, 2p + 1)?

The rank of a tensor $T \in \mathbb{C}^{m_1} \otimes \mathbb{C}^{m_2} \otimes \mathbb{C}^{m_3}$ is the
least $r$ such that $T$ is a sum of $r$ decomposable tensors $a \otimes b \otimes c$. The generic
rank of the format $(m_1, m_2, m_3)$ is the rank taken by all tensors of an open dense set of
tensors. A parameter count gives the lower bound
$\lceil m_1 m_2 m_3 / (m_1 + m_2 + m_3 - 2) \rceil$. Friedland's conjecture: if
$3 \le m_1 \le m_2 \le m_3 \le (m_1 - 1)(m_2 - 1)$ and $(m_1, m_2, m_3)$ is not of the form
$(3, 2p + 1, 2p + 1)$, is the generic rank equal to
$\lceil m_1 m_2 m_3 / (m_1 + m_2 + m_3 - 2) \rceil$?

*Wording:* paraphrase of Friedland's Conjecture 5.1 as restated in a public issue proposing its
formalisation ("Let $3 \le m_1 \le m_2 \le m_3 \le (m_1-1)(m_2-1)$ with
$(m_1, m_2, m_3) \ne (3, 2p+1, 2p+1)$ for every $p$. Then
$\operatorname{grank}(m_1, m_2, m_3) = \lceil m_1m_2m_3 / (m_1 + m_2 + m_3 - 2) \rceil$"); the
paper itself was not opened beyond its abstract.

*Source:* S. Friedland, On the generic and typical ranks of 3-tensors, Linear Algebra Appl. 436
(2012), 478–497, Conjecture 5.1.

*Scope:* as posed. A tensor of format $(m_1, m_2, m_3)$ is a function
`Fin m₁ → Fin m₂ → Fin m₃ → ℂ` with the product (Euclidean) topology; its rank is the least `r`
with $T_{ijk} = \sum_{s < r} x_{s,i}\, y_{s,j}\, z_{s,k}$. "The generic rank is $r$" is: some
open dense set of tensors consists of tensors of rank exactly $r$ (the tensors whose rank differs
from the generic rank lie in a proper algebraic subset, so this determines $r$). The ceiling is
computed in `ℕ` as $\lceil a/b \rceil = \lfloor (a + b - 1)/b \rfloor$ for $b > 0$.
-/

namespace FrontierBench.O60

/-- The tensor `T` is a sum of `r` decomposable tensors: `T i j k = ∑ s, x s i * y s j * z s k`
for some `x`, `y`, `z`. -/
def HasRankLE {a b c : ℕ} (T : Fin a → Fin b → Fin c → ℂ) (r : ℕ) : Prop :=
  ∃ (x : Fin r → Fin a → ℂ) (y : Fin r → Fin b → ℂ) (z : Fin r → Fin c → ℂ),
    ∀ i j k, T i j k = ∑ s : Fin r, x s i * y s j * z s k

/-- The rank of the tensor `T`: the least `r` such that `T` is a sum of `r` decomposable
tensors. -/
noncomputable def tensorRank {a b c : ℕ} (T : Fin a → Fin b → Fin c → ℂ) : ℕ :=
  sInf {r : ℕ | HasRankLE T r}

/-- `r` is the generic rank of the format `(a, b, c)`: some open dense set of complex
`a × b × c` tensors consists of tensors of rank exactly `r`. -/
def IsGenericRank (a b c r : ℕ) : Prop :=
  ∃ U : Set (Fin a → Fin b → Fin c → ℂ), IsOpen U ∧ Dense U ∧ ∀ T ∈ U, tensorRank T = r

/-- The parameter count `⌈m₁ m₂ m₃ / (m₁ + m₂ + m₃ - 2)⌉`, computed in `ℕ` as
`(a + b - 1) / b` with `a = m₁ m₂ m₃` and `b = m₁ + m₂ + m₃ - 2` (positive in the range
considered below). -/
def expectedRank (m₁ m₂ m₃ : ℕ) : ℕ :=
  (m₁ * m₂ * m₃ + (m₁ + m₂ + m₃ - 2) - 1) / (m₁ + m₂ + m₃ - 2)

/-- For all `3 ≤ m₁ ≤ m₂ ≤ m₃ ≤ (m₁ - 1)(m₂ - 1)` with `(m₁, m₂, m₃)` not of the form
`(3, 2p + 1, 2p + 1)`, the generic rank of complex `m₁ × m₂ × m₃` tensors is
`⌈m₁ m₂ m₃ / (m₁ + m₂ + m₃ - 2)⌉`. -/
theorem main : answer(sorry) ↔
    ∀ m₁ m₂ m₃ : ℕ, 3 ≤ m₁ → m₁ ≤ m₂ → m₂ ≤ m₃ → m₃ ≤ (m₁ - 1) * (m₂ - 1) →
      (∀ p : ℕ, ¬ (m₁ = 3 ∧ m₂ = 2 * p + 1 ∧ m₃ = 2 * p + 1)) →
      IsGenericRank m₁ m₂ m₃ (expectedRank m₁ m₂ m₃) := by
  sorry

end FrontierBench.O60
