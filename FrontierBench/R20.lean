import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# R20 — Is the Pauli-spectrum entropy of every quantum Boolean function at most a constant times its influence?

For an $n$-qubit operator $O$ with normalised Hilbert–Schmidt norm $1$, the numbers
$P_O[\vec a] = 4^{-n} |\operatorname{Tr}(O P_{\vec a})|^2$, indexed by the Pauli strings
$P_{\vec a} = \sigma_{a_1} \otimes \cdots \otimes \sigma_{a_n}$ ($a_j \in \{0,1,2,3\}$, with
$\sigma_0 = I, \sigma_1 = X, \sigma_2 = Y, \sigma_3 = Z$), form a probability distribution. The
quantum Fourier entropy is its Shannon entropy $H[O] = -\sum_{\vec a} P_O[\vec a] \log P_O[\vec a]$,
and the total influence is $I[O] = \sum_{\vec a} |\vec a|\, P_O[\vec a]$, where $|\vec a|$ is the
number of $j$ with $a_j \ne 0$. Bu, Garcia, Jaffe, Koh and Li conjecture (the quantum Fourier
entropy–influence conjecture): for every Hermitian operator $O$ on $n$ qubits with $O^2 = I$,
$$H[O] \le c\, I[O],$$
where the constant $c$ is independent of $n$. (For operators diagonal in a product basis this
specialises to the Fourier entropy–influence conjecture of Friedgut and Kalai.)

*Wording:* paraphrase of Conjecture 24 and Definitions 5 and 22 of Bu–Garcia–Jaffe–Koh–Li (read
in a stored copy of arXiv:2204.12051v1).

*Source:* K. Bu, R. J. Garcia, A. Jaffe, D. E. Koh and L. Li, Complexity of quantum circuits via
sensitivity, magic, and coherence, arXiv:2204.12051 (2022), Conjecture 24; Comm. Math. Phys. 405
(2024), 161.

*Scope:* as posed (qubits, $d = 2$). Operators are matrices indexed by `Fin n → Fin 2`, the Pauli
string is given entrywise as the product of single-qubit Pauli entries (the Kronecker product),
and entropy is in bits (the base only rescales $c$). "Independent of $n$" is rendered as one real
constant for all $n$ and all $O$.
-/

namespace FrontierBench.R20

/-- The single-qubit Pauli matrices `σ₀ = I`, `σ₁ = X`, `σ₂ = Y`, `σ₃ = Z`. -/
def pauli : Fin 4 → Matrix (Fin 2) (Fin 2) ℂ :=
  ![!![1, 0; 0, 1], !![0, 1; 1, 0], !![0, -Complex.I; Complex.I, 0], !![1, 0; 0, -1]]

/-- The Pauli string `σ_{a 0} ⊗ ⋯ ⊗ σ_{a (n-1)}` on `n` qubits, as a matrix indexed by bit
strings: its `(x, y)` entry is `∏ j, σ_{a j} (x j) (y j)`. -/
def pauliString {n : ℕ} (a : Fin n → Fin 4) : Matrix (Fin n → Fin 2) (Fin n → Fin 2) ℂ :=
  Matrix.of fun x y => ∏ j, pauli (a j) (x j) (y j)

/-- The Pauli weight `P_O[a] = 4⁻ⁿ |Tr (O P_a)|²`. -/
noncomputable def pauliWeight {n : ℕ} (O : Matrix (Fin n → Fin 2) (Fin n → Fin 2) ℂ)
    (a : Fin n → Fin 4) : ℝ :=
  Complex.normSq (Matrix.trace (O * pauliString a)) / 4 ^ n

/-- The quantum Fourier entropy `H[O] = -∑ₐ P_O[a] log₂ P_O[a]` (terms with `P_O[a] = 0` vanish). -/
noncomputable def fourierEntropy {n : ℕ} (O : Matrix (Fin n → Fin 2) (Fin n → Fin 2) ℂ) : ℝ :=
  ∑ a : Fin n → Fin 4, Real.negMulLog (pauliWeight O a) / Real.log 2

/-- The total influence `I[O] = ∑ₐ |a| P_O[a]`, where `|a|` counts the non-identity factors. -/
noncomputable def totalInfluence {n : ℕ} (O : Matrix (Fin n → Fin 2) (Fin n → Fin 2) ℂ) : ℝ :=
  ∑ a : Fin n → Fin 4, ((Finset.univ.filter fun j => a j ≠ 0).card : ℝ) * pauliWeight O a

/-- There is a constant `c` such that every Hermitian `O` on `n` qubits with `O * O = 1`, for
every `n`, has quantum Fourier entropy at most `c` times its total influence. -/
theorem main : answer(sorry) ↔
    ∃ c : ℝ, ∀ (n : ℕ) (O : Matrix (Fin n → Fin 2) (Fin n → Fin 2) ℂ),
      O.IsHermitian → O * O = 1 → fourierEntropy O ≤ c * totalInfluence O := by
  sorry

end FrontierBench.R20
