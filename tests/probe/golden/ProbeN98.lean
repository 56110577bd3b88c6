import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# N98 — Test fixture: a value question with binders before the colon.
-/

namespace FrontierBench.N98

set_option maxHeartbeats 100000 in
theorem ofb_probe_ref_decide (m : ℕ) (hm : 0 < m) : IsLeast {k : ℕ | 0 < k ∧ m ∣ k} (m) :=
  by decide
#print axioms ofb_probe_ref_decide

set_option maxHeartbeats 100000 in
theorem ofb_probe_ref_simp (m : ℕ) (hm : 0 < m) : IsLeast {k : ℕ | 0 < k ∧ m ∣ k} (m) :=
  by simp
#print axioms ofb_probe_ref_simp

set_option maxHeartbeats 100000 in
theorem ofb_probe_not_ref_decide : ¬ (∀ (m : ℕ) (hm : 0 < m), IsLeast {k : ℕ | 0 < k ∧ m ∣ k} (m)) :=
  by decide
#print axioms ofb_probe_not_ref_decide

set_option maxHeartbeats 100000 in
theorem ofb_probe_not_ref_simp : ¬ (∀ (m : ℕ) (hm : 0 < m), IsLeast {k : ℕ | 0 < k ∧ m ∣ k} (m)) :=
  by simp
#print axioms ofb_probe_not_ref_simp

end FrontierBench.N98
