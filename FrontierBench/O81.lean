import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# O81 — Is block sensitivity at most a constant times the square of sensitivity?

Let $f : \{0,1\}^n \to \{0,1\}$ be a Boolean function. For an input $x$ and a set
$B \subseteq \{1, \dots, n\}$ of coordinates (a *block*), write $x^B$ for $x$ with the bits in
$B$ flipped.

* The sensitivity of $f$ at $x$, $s(f, x)$, is the number of coordinates $i$ with
  $f(x^{\{i\}}) \ne f(x)$; the sensitivity of $f$ is $s(f) = \max_x s(f, x)$.
* The block sensitivity of $f$ at $x$, $bs(f, x)$, is the largest $k$ such that there are
  pairwise disjoint blocks $B_1, \dots, B_k$ with $f(x^{B_j}) \ne f(x)$ for every $j$; the
  block sensitivity of $f$ is $bs(f) = \max_x bs(f, x)$.

Always $s(f) \le bs(f)$. Is $bs(f) = O(s(f)^2)$, that is, is there an absolute constant $C$
such that $bs(f) \le C \cdot s(f)^2$ for every Boolean function $f$, whatever its number of
variables?

*Wording:* paraphrase of the quadratic form of the sensitivity versus block sensitivity
question (Nisan–Szegedy's sensitivity question asks only for a polynomial bound).

*Source:* N. Nisan and M. Szegedy, On the degree of Boolean functions as real polynomials,
Computational Complexity 4 (1994), 301–313 (Section 4, open problems); P. Hatami,
R. Kulkarni and D. Pankratov, Variations on the Sensitivity Conjecture, Theory of Computing
Library, Graduate Surveys 4 (2011), arXiv:1011.0354, Question 3.1.

*Scope:* as posed. The constant `C` is a natural number quantified before the number of
variables and the function (a real constant can be rounded up). Block sensitivity is not
introduced as a maximum: `bs(f) ≤ C · s(f)²` is stated as "every family of pairwise disjoint
sensitive blocks at every input has at most `C · s(f)²` members", which is the same
condition. Blocks are indexed by `Fin k`; an empty block is never sensitive, so disjointness
makes the blocks distinct.
-/

namespace FrontierBench.O81

/-- The input `x` with the bits in the block `B` flipped. -/
def flipBlock {n : ℕ} (x : Fin n → Bool) (B : Finset (Fin n)) : Fin n → Bool :=
  fun i => if i ∈ B then !x i else x i

/-- The sensitivity `s(f, x)` of `f` at `x`: the number of coordinates `i` such that flipping
the single bit `i` of `x` changes the value of `f`. -/
def sensitivityAt {n : ℕ} (f : (Fin n → Bool) → Bool) (x : Fin n → Bool) : ℕ :=
  (Finset.univ.filter (fun i : Fin n => f (flipBlock x {i}) ≠ f x)).card

/-- The sensitivity `s(f) = max_x s(f, x)`. -/
def sensitivity {n : ℕ} (f : (Fin n → Bool) → Bool) : ℕ :=
  Finset.univ.sup (sensitivityAt f)

/-- `B 0, …, B (k - 1)` are pairwise disjoint blocks, each sensitive for `f` at `x`:
flipping the bits of `x` in any one block changes the value of `f`. The block sensitivity
`bs(f)` is the largest `k` for which such blocks exist at some input `x`. -/
def IsSensitiveBlockFamily {n k : ℕ} (f : (Fin n → Bool) → Bool) (x : Fin n → Bool)
    (B : Fin k → Finset (Fin n)) : Prop :=
  (∀ i j : Fin k, i ≠ j → Disjoint (B i) (B j)) ∧ ∀ j : Fin k, f (flipBlock x (B j)) ≠ f x

/-- There is a constant `C` such that for every Boolean function `f` on any number `n` of
variables, every input `x` and every family of `k` pairwise disjoint blocks that are sensitive
for `f` at `x`, we have `k ≤ C · s(f)²`; that is, `bs(f) ≤ C · s(f)²` for all `f`. -/
theorem main : answer(sorry) ↔
    ∃ C : ℕ, ∀ (n : ℕ) (f : (Fin n → Bool) → Bool) (x : Fin n → Bool) (k : ℕ)
      (B : Fin k → Finset (Fin n)), IsSensitiveBlockFamily f x B →
        k ≤ C * sensitivity f ^ 2 := by
  sorry

end FrontierBench.O81
