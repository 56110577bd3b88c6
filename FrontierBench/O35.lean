import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# O35 — Is there a distinct covering system all of whose moduli are odd?

A covering system is a finite collection of congruences $x \equiv a_i \pmod{m_i}$,
$1 \le i \le k$, such that every integer satisfies at least one of them; it is *distinct* if
the moduli $m_1, \dots, m_k$ are pairwise distinct and all greater than $1$. The question of
Erdős and Selfridge: "Is there a distinct covering system all of whose moduli are odd?"

*Wording:* the question verbatim from T. F. Bloom, Erdős Problems, Problem #7; the definition
of a distinct covering system is the standard one (moduli pairwise distinct and greater
than 1).

*Source:* a question of P. Erdős and J. L. Selfridge, as recorded in T. F. Bloom, Erdős
Problems, Problem #7; for background, A. Schinzel, Reducibility of polynomials and covering
systems of congruences, Acta Arith. 13 (1967), 91–101.

*Scope:* as posed. A system of `k` congruences is given by residues `a : Fin k → ℤ` and
moduli `m : Fin k → ℕ`; "distinct" is injectivity of `m`; every modulus is odd and greater
than `1`.
-/

namespace FrontierBench.O35

/-- The congruences `x ≡ a i (mod m i)`, `i : Fin k`, form a distinct covering system with odd
moduli: the moduli are pairwise distinct, each is odd and greater than `1`, and every integer
satisfies at least one of the congruences. -/
def IsDistinctOddCovering (k : ℕ) (a : Fin k → ℤ) (m : Fin k → ℕ) : Prop :=
  Function.Injective m ∧ (∀ i, 1 < m i ∧ Odd (m i)) ∧
    ∀ x : ℤ, ∃ i, x ≡ a i [ZMOD (m i : ℤ)]

/-- There is a finite system of congruences with pairwise distinct odd moduli, all greater
than `1`, that covers every integer. -/
theorem main : answer(sorry) ↔
    ∃ (k : ℕ) (a : Fin k → ℤ) (m : Fin k → ℕ), IsDistinctOddCovering k a m := by
  sorry

end FrontierBench.O35
