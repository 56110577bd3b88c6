import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# R17 — For which local dimensions d does a seven-party absolutely maximally entangled state AME(7, d) exist?

Open Quantum Problems, Problem 35 (existence of absolutely maximally entangled pure states):
"For what number of systems and local dimension do there exist pure states that are maximally
entangled across every bipartition?" This item asks the seven-party case: for which local
dimensions $d \ge 2$ is there an $\mathrm{AME}(7, d)$ state?

A pure state $\psi$ of $n$ parties, each with local dimension $d$, is a unit vector of
$(\mathbb{C}^d)^{\otimes n}$, written in the computational basis as amplitudes
$\psi(x)$, $x \in \{0, \dots, d-1\}^n$. It is *absolutely maximally entangled*,
$\mathrm{AME}(n, d)$, if for every set $A$ of at most $\lfloor n/2 \rfloor$ parties the reduced
density matrix $\rho_A = \mathrm{Tr}_{A^c} |\psi\rangle\langle\psi|$ is maximally mixed,
$\rho_A = d^{-|A|} \, I$.

*Wording:* the question of Open Quantum Problems 35, quoted from the problem list; the
restriction to seven parties and the definition are paraphrased from the problem page and the
standard literature (Helwig et al. 2012; Goyeneche et al. 2015).

*Source:* Open Quantum Problems (IQOQI Vienna), Problem 35, "Existence of absolutely maximally
entangled pure states"; W. Helwig, W. Cui, A. Riera, J. I. Latorre and H.-K. Lo, Absolute maximal
entanglement and quantum secret sharing, Phys. Rev. A 86 (2012), 052335; F. Huber, O. Gühne and
J. Siewert, Absolutely maximally entangled states of seven qubits do not exist, Phys. Rev. Lett.
118 (2017), 200502.

*Scope:* only $n = 7$; local dimensions $d \ge 2$ (for $d = 1$ the definition degenerates). The
answer is the set of all such $d$ admitting an $\mathrm{AME}(7, d)$ state. The condition is
imposed on every set of at most $\lfloor n/2 \rfloor$ parties (equivalent, for pure states, to
imposing it on sets of exactly $\lfloor n/2 \rfloor$ parties).
-/

namespace FrontierBench.R17

/-- The computational-basis configuration of the parties indexed by `ι`, each of local
dimension `d`. -/
abbrev Config (ι : Type) (d : ℕ) := ι → Fin d

/-- The configuration of all `n` parties that agrees with `x` on the parties in `A` and with `z`
on the others. -/
def glue {n d : ℕ} (A : Finset (Fin n)) (x : Config {i // i ∈ A} d)
    (z : Config {i // i ∉ A} d) : Config (Fin n) d :=
  fun i => if h : i ∈ A then x ⟨i, h⟩ else z ⟨i, h⟩

/-- The `(x, y)` entry of the reduced density matrix `ρ_A = Tr_{Aᶜ} |ψ⟩⟨ψ|` of the pure state with
amplitudes `ψ`, on the parties in `A`: the sum over configurations `z` of the other parties of
`ψ(x, z) * conj (ψ(y, z))`. -/
noncomputable def reducedDensity {n d : ℕ} (ψ : Config (Fin n) d → ℂ) (A : Finset (Fin n))
    (x y : Config {i // i ∈ A} d) : ℂ :=
  ∑ z : Config {i // i ∉ A} d, ψ (glue A x z) * star (ψ (glue A y z))

/-- `ψ` is an absolutely maximally entangled state of `n` parties of local dimension `d`: it has
norm `1`, and for every set `A` of at most `n / 2` parties (rounded down) its reduced density
matrix on `A` is `d ^ (-|A|)` times the identity. -/
def IsAME {n d : ℕ} (ψ : Config (Fin n) d → ℂ) : Prop :=
  ∑ x : Config (Fin n) d, Complex.normSq (ψ x) = 1 ∧
    ∀ A : Finset (Fin n), A.card ≤ n / 2 →
      ∀ x y : Config {i // i ∈ A} d,
        reducedDensity ψ A x y = if x = y then ((d : ℂ) ^ A.card)⁻¹ else 0

/-- The set of local dimensions `d ≥ 2` for which an `AME(7, d)` state exists. -/
theorem main :
    {d : ℕ | 2 ≤ d ∧ ∃ ψ : Config (Fin 7) d → ℂ, IsAME ψ} = answer(sorry) := by
  sorry

end FrontierBench.R17
