import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# O98 — Test fixture: is every even number above 2 a sum of two primes?

A fixture for probe generation, not a benchmark item. The text `answer(sorry)` in this
comment, and the one in the string below, must be left alone.
-/

namespace FrontierBench.O98

/-- Even numbers above two. -/
def IsBigEven (n : ℕ) : Prop := 2 < n ∧ Even n

/-- A string that looks like a placeholder: "answer(sorry)". -/
def decoy : String := "answer(sorry)"

set_option maxHeartbeats 100000 in
theorem ofb_probe_True_decide : (True) ↔
    ∀ n : ℕ, IsBigEven n → ∃ p q : ℕ, p.Prime ∧ q.Prime ∧ p + q = n :=
  by decide
#print axioms ofb_probe_True_decide

set_option maxHeartbeats 100000 in
theorem ofb_probe_True_simp : (True) ↔
    ∀ n : ℕ, IsBigEven n → ∃ p q : ℕ, p.Prime ∧ q.Prime ∧ p + q = n :=
  by simp
#print axioms ofb_probe_True_simp

set_option maxHeartbeats 100000 in
theorem ofb_probe_True_omega : (True) ↔
    ∀ n : ℕ, IsBigEven n → ∃ p q : ℕ, p.Prime ∧ q.Prime ∧ p + q = n :=
  by omega
#print axioms ofb_probe_True_omega

set_option maxHeartbeats 100000 in
theorem ofb_probe_True_aesop : (True) ↔
    ∀ n : ℕ, IsBigEven n → ∃ p q : ℕ, p.Prime ∧ q.Prime ∧ p + q = n :=
  by aesop
#print axioms ofb_probe_True_aesop

set_option maxHeartbeats 100000 in
theorem ofb_probe_False_decide : (False) ↔
    ∀ n : ℕ, IsBigEven n → ∃ p q : ℕ, p.Prime ∧ q.Prime ∧ p + q = n :=
  by decide
#print axioms ofb_probe_False_decide

set_option maxHeartbeats 100000 in
theorem ofb_probe_False_simp : (False) ↔
    ∀ n : ℕ, IsBigEven n → ∃ p q : ℕ, p.Prime ∧ q.Prime ∧ p + q = n :=
  by simp
#print axioms ofb_probe_False_simp

set_option maxHeartbeats 100000 in
theorem ofb_probe_False_omega : (False) ↔
    ∀ n : ℕ, IsBigEven n → ∃ p q : ℕ, p.Prime ∧ q.Prime ∧ p + q = n :=
  by omega
#print axioms ofb_probe_False_omega

set_option maxHeartbeats 100000 in
theorem ofb_probe_False_aesop : (False) ↔
    ∀ n : ℕ, IsBigEven n → ∃ p q : ℕ, p.Prime ∧ q.Prime ∧ p + q = n :=
  by aesop
#print axioms ofb_probe_False_aesop

end FrontierBench.O98
