import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

namespace P901

/-- `n` squared is four. -/
def SquareIsFour (n : ℕ) : Prop := n * n = 4

/-- A witness, chosen classically (a disproof by construction defines its object first). -/
noncomputable def witness : ℕ := Classical.choose (⟨2, rfl⟩ : ∃ n : ℕ, n = 2)

theorem witness_eq : witness = 2 :=
  Classical.choose_spec (⟨2, rfl⟩ : ∃ n : ℕ, n = 2)

theorem witness_works : SquareIsFour witness := by
  rw [witness_eq]
  exact rfl

/-- A square root of four, with its proof. -/
structure Root where
  val : ℕ
  sq : val * val = 4

/-- The root 2. -/
def two : Root := ⟨2, rfl⟩

theorem Root.works (r : Root) : SquareIsFour r.val := r.sq

theorem main : answer(True) ↔ ∃ n : ℕ, SquareIsFour n :=
  ⟨fun _ => ⟨witness, witness_works⟩, fun _ => trivial⟩

end P901
