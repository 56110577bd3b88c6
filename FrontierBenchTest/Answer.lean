import FrontierBench.Util.Answer

/-!
# Tests for `answer(·)`

Each block states what `answer(·)` must do and checks it with `#guard_msgs`; `lake test`
builds this module, so a change of behaviour fails the build.
-/

namespace FrontierBenchTest.Answer

open Lean Meta FrontierBench

/-- The answers marked in the type of the constant `n`, pretty-printed. -/
def answersOf (n : Name) : MetaM (List String) := do
  let some c := (← getEnv).find? n | throwError "unknown constant {n}"
  (findAnswers c.type).toList.mapM fun e => return toString (← ppExpr e)

/-- Whether each answer marked in the type of `n` is a `sorry`. -/
def answersAreSorry (n : Name) : MetaM (List Bool) := do
  let some c := (← getEnv).find? n | throwError "unknown constant {n}"
  return (findAnswers c.type).toList.map isSorryTerm

-- An unanswered yes/no statement: the answer stays `sorry` (it is not turned into `True`).
#guard_msgs (drop warning) in
theorem unanswered : answer(sorry) ↔ 1 + 1 = 2 := sorry

/-- info: [true] -/
#guard_msgs in
#eval answersAreSorry ``unanswered

-- Answered with `True`: the marker is transparent to definitional equality.
theorem answeredTrue : answer(True) ↔ 1 + 1 = 2 := ⟨fun _ => rfl, fun _ => trivial⟩

/-- info: ["True"] -/
#guard_msgs in
#eval answersOf ``answeredTrue

/-- info: [false] -/
#guard_msgs in
#eval answersAreSorry ``answeredTrue

-- A value answer is elaborated against the expected type and found again.
theorem valueAnswer : (2 : Nat) + 2 = answer(4) := rfl

/-- info: ["4"] -/
#guard_msgs in
#eval answersOf ``valueAnswer

-- The marker changes nothing about the term it wraps.
example : (answer(3) : Nat) = 3 := rfl

-- A statement without a marker has no answer.
theorem noAnswer : (1 : Nat) = 1 := rfl

/-- info: [] -/
#guard_msgs in
#eval answersOf ``noAnswer

end FrontierBenchTest.Answer
