import Lean.Elab.Term

/-!
# `answer(·)`: where the answer sits in a statement

A FrontierBench statement asks for an answer as well as a proof. The place of the answer is
written `answer(t)`: in a published statement `t` is `sorry`; a solver replaces it with the
literal `True` or `False` (yes/no items) or with a term (value items), and proves `main`.

## Design

* `answer(t)` elaborates `t` against the expected type, exactly as `t` would be elaborated
  without the marker, so a statement means the same with or without it.
* The result is wrapped in a metadata node whose key is `FrontierBench.answer`
  (`Expr.mdata`, built with `mkAnnotation`). Metadata is invisible to definitional equality
  and to the kernel, and it stays in the elaborated type of the declaration, so tools can
  find the answer of an elaborated statement with `findAnswers` — for example to check that
  a submission answered with the literal `True`.
* `answer(sorry)` stays `sorry`. Nothing is substituted (in particular a `Prop` answer is
  not defaulted to `True`), so an unanswered statement reports its `sorry` and can never be
  proved accidentally.
* The syntax is our own and small on purpose: it has no options and no auxiliary
  declarations, so the statement a solver sees is the statement the grader compiles.
-/

namespace FrontierBench

open Lean Elab Term Meta

/-- The metadata key that marks an answer in an elaborated term. -/
def answerKey : Name := `FrontierBench.answer

/-- Mark `e` as the answer of a statement. -/
def markAnswer (e : Expr) : Expr := mkAnnotation answerKey e

/-- The term under the answer marker, when `e` is a marked answer. -/
def answer? : Expr → Option Expr
  | .mdata d b => if d.getBool answerKey false then some b else none
  | _ => none

/-- Every marked answer in `e`, in the order of a left-to-right traversal. -/
partial def findAnswers (e : Expr) : Array Expr :=
  go e #[]
where
  /-- Accumulate the marked answers of `e` onto `acc`. -/
  go (e : Expr) (acc : Array Expr) : Array Expr :=
    match e with
    | .mdata _ b => go b (match answer? e with | some a => acc.push a | none => acc)
    | .app f a => go a (go f acc)
    | .lam _ t b _ => go b (go t acc)
    | .forallE _ t b _ => go b (go t acc)
    | .letE _ t v b _ => go b (go v (go t acc))
    | .proj _ _ b => go b acc
    | _ => acc

/-- Is `e` (under any metadata) an application of `sorryAx`? -/
def isSorryTerm (e : Expr) : Bool :=
  e.consumeMData.getAppFn.isConstOf ``sorryAx

/-- `answer(t)` marks the answer of a statement: `sorry` in a published statement, the
solver's answer in a submission. -/
syntax (name := answerStx) "answer(" term ")" : term

/-- Elaborate `answer(t)` as `t`, marked with `answerKey`. -/
@[term_elab answerStx]
def elabAnswer : TermElab := fun stx expectedType? =>
  match stx with
  | `(answer($t:term)) => return markAnswer (← elabTerm t expectedType?)
  | _ => throwUnsupportedSyntax

end FrontierBench
