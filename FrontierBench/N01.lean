import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# N01 — Is the discrepancy of degree-t set systems O(√t)?

The Beck–Fiala conjecture. Let $S_1, \dots, S_m \subseteq \{1, \dots, n\}$ be a set system in
which every element of the ground set lies in at most $t$ of the sets. Beck and Fiala proved
that there is a colouring $\chi : \{1, \dots, n\} \to \{-1, +1\}$ with
$\left|\sum_{j \in S_i} \chi(j)\right| \le 2t - 1$ for every $i$, and conjectured that the
bound can be improved to $O(\sqrt{t})$: is there an absolute constant $C$ such that every
such set system, whatever $n$, $m$ and $t$, admits a colouring $\chi$ with
$\left|\sum_{j \in S_i} \chi(j)\right| \le C \sqrt{t}$ for all $i$?

*Wording:* paraphrase of Beck–Fiala (1981).

*Source:* J. Beck and T. Fiala, "Integer-making" theorems, Discrete Appl. Math. 3 (1981),
1–8.

*Scope:* as posed. The ground set is `Fin n`, the system is a family `Fin m → Finset (Fin n)`
(repetitions allowed), and the degree of `j` counts the indices `i` with `j ∈ S i`.
-/

namespace FrontierBench.N01

/-- The number of sets of the family `S` that contain the point `j` (the degree of `j`). -/
def degree {n m : ℕ} (S : Fin m → Finset (Fin n)) (j : Fin n) : ℕ :=
  (Finset.univ.filter (fun i : Fin m => j ∈ S i)).card

/-- There is a constant `C > 0` such that for all `n m t : ℕ` and every family
`S : Fin m → Finset (Fin n)` in which each point has degree at most `t`, some colouring
`χ : Fin n → ℤ` with values in `{1, -1}` satisfies `|∑_{j ∈ S i} χ j| ≤ C √t` for every
`i`. -/
theorem main : answer(sorry) ↔
    ∃ C : ℝ, 0 < C ∧ ∀ (n m t : ℕ) (S : Fin m → Finset (Fin n)),
      (∀ j : Fin n, degree S j ≤ t) →
      ∃ χ : Fin n → ℤ, (∀ j, χ j = 1 ∨ χ j = -1) ∧
        ∀ i : Fin m, |((∑ j ∈ S i, χ j : ℤ) : ℝ)| ≤ C * Real.sqrt (t : ℝ) := by
  sorry

end FrontierBench.N01
