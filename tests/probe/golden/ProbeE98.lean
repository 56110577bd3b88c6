import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# E98 — Test fixture: a statement so weak that `decide` settles it.

A fixture for the probe runner: the True answer is provable by `decide`, so the probes
must report PROVES.
-/

namespace FrontierBench.E98

set_option maxHeartbeats 100000 in
theorem ofb_probe_True_decide : (True) ↔ (2 : ℕ) + 2 = 4 :=
  by decide
#print axioms ofb_probe_True_decide

set_option maxHeartbeats 100000 in
theorem ofb_probe_True_simp : (True) ↔ (2 : ℕ) + 2 = 4 :=
  by simp
#print axioms ofb_probe_True_simp

set_option maxHeartbeats 100000 in
theorem ofb_probe_False_decide : (False) ↔ (2 : ℕ) + 2 = 4 :=
  by decide
#print axioms ofb_probe_False_decide

set_option maxHeartbeats 100000 in
theorem ofb_probe_False_simp : (False) ↔ (2 : ℕ) + 2 = 4 :=
  by simp
#print axioms ofb_probe_False_simp

end FrontierBench.E98
