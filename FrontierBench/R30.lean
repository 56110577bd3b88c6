import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# R30 — Is reachability decidable for branching vector addition systems?

A branching vector addition system (BVAS) of dimension $d$ consists of a finite set of axioms in
$\mathbb{N}^d$ and finite sets of unary and binary rules in $\mathbb{Z}^d$. The reachable vectors
are the least set containing every axiom and closed under the two derivation steps: from a
reachable $v$ and a unary rule $r$, derive $v + r$; from reachable $v_1, v_2$ and a binary rule
$r$, derive $v_1 + v_2 + r$ — each provided the result lies in $\mathbb{N}^d$. The reachability
problem asks, given a BVAS (of any dimension) and a target vector $t \in \mathbb{N}^d$, whether
$t$ is reachable. Reachability for ordinary vector addition systems (no binary rules) is
decidable; it was noted by Verma and Goubault-Larrecq, following de Groote, Guillaume and Salvati,
that decidability of reachability for branching systems is equivalent to decidability of
provability in multiplicative exponential linear logic. Is the reachability problem for
branching vector addition systems decidable?

*Wording:* paraphrase; the systems as defined by Demri, Jurdziński, Lachish and Lazić. Bizière,
Hilaire, Leroux and Sutre (MFCS 2025) state that the decidability status of reachability for
branching VASS remains open in dimensions above two.

*Source:* K. N. Verma and J. Goubault-Larrecq, Karp–Miller trees for a branching extension of
VASS, Discrete Math. Theor. Comput. Sci. 7 (2005), 217–230; S. Demri, M. Jurdziński, O. Lachish
and R. Lazić, The covering and boundedness problems for branching vector addition systems,
FSTTCS 2009; C. Bizière, T. Hilaire, J. Leroux and G. Sutre, On the reachability problem for
two-dimensional branching VASS, MFCS 2025, LIPIcs 345, 22.

*Scope:* as posed, the dimension being part of the input. Instances are written as finite data —
the dimension `d` and the axioms, rules and target as lists of coordinates — and a list is read
as the vector of its first `d` entries, padded with zeros (`vecOfList`); every instance of every
dimension is written this way, and the reading is computable, so deciding `IsYes` is the same as
deciding reachability for BVAS. Decidability is `ComputablePred` (Mathlib's computable
predicates on a `Primcodable` type). The stateless systems (BVAS) are used; systems with control
states (BVASS) reduce to them in the standard way.
-/

namespace FrontierBench.R30

/-- A branching vector addition system of dimension `d`: axioms in `ℕ^d`, unary and binary rules
in `ℤ^d`. -/
structure BVAS (d : ℕ) where
  /-- The axioms: the initial vectors. -/
  initial : List (Fin d → ℕ)
  /-- The unary rules. -/
  unaryRules : List (Fin d → ℤ)
  /-- The binary rules. -/
  binaryRules : List (Fin d → ℤ)

/-- The reachable vectors of a BVAS: every axiom; `w = v + r` for a reachable `v` and a unary
rule `r`; `w = u + v + r` for reachable `u, v` and a binary rule `r`. Since `w` ranges over
`ℕ^d`, a step is only taken when its result is nonnegative in every coordinate. -/
inductive BVAS.Reachable {d : ℕ} (S : BVAS d) : (Fin d → ℕ) → Prop
  | base {v : Fin d → ℕ} : v ∈ S.initial → S.Reachable v
  | unary {v w : Fin d → ℕ} {r : Fin d → ℤ} : S.Reachable v → r ∈ S.unaryRules →
      (∀ i, (w i : ℤ) = (v i : ℤ) + r i) → S.Reachable w
  | binary {u v w : Fin d → ℕ} {r : Fin d → ℤ} : S.Reachable u → S.Reachable v →
      r ∈ S.binaryRules → (∀ i, (w i : ℤ) = (u i : ℤ) + (v i : ℤ) + r i) → S.Reachable w

/-- The vector of dimension `d` whose `i`-th coordinate is the `i`-th entry of `l`, or `0` past
the end of `l`. -/
def vecOfList {α : Type} [Zero α] (d : ℕ) (l : List α) : Fin d → α :=
  fun i => l.getD i.val 0

/-- An instance of the reachability problem as finite data: the dimension `d`, the axioms, the
unary rules, the binary rules and the target, each vector given by the list of its
coordinates. -/
abbrev Input : Type :=
  ℕ × List (List ℕ) × List (List ℤ) × List (List ℤ) × List ℕ

/-- The BVAS described by an input, each list read as a vector of the input's dimension. -/
def Input.system (x : Input) : BVAS x.1 where
  initial := x.2.1.map (vecOfList x.1)
  unaryRules := x.2.2.1.map (vecOfList x.1)
  binaryRules := x.2.2.2.1.map (vecOfList x.1)

/-- The input is a yes-instance: its target vector is reachable in its system. -/
def Input.IsYes (x : Input) : Prop :=
  x.system.Reachable (vecOfList x.1 x.2.2.2.2)

/-- Reachability for branching vector addition systems, with the dimension part of the input, is
a computable predicate. -/
theorem main : answer(sorry) ↔ ComputablePred Input.IsYes := by
  sorry

end FrontierBench.R30
