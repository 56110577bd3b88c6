import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# N42 — For pairwise coprime $a, b, c > 1$, is every large integer a sum of distinct numbers $a^k b^l c^m$, none dividing another?

Erdős Problem #123 (a conjecture of Erdős and Lewin): "Let $a,b,c\geq 1$ be three integers
which are pairwise coprime. Is every large integer the sum of distinct integers of the form
$a^kb^lc^m$ ($k,l,m\geq 0$), none of which divide any other?" Here $a, b, c > 1$. Equivalently:
is the set $\{a^k b^l c^m : k, l, m \ge 0\}$ $d$-complete, where a set is $d$-complete if every
sufficiently large integer is the sum of distinct members of the set, none of which divides
another?

*Wording:* verbatim from T. F. Bloom, Erdős Problems, Problem #123, with the bases restricted
to $a, b, c > 1$ as in the item.

*Source:* P. Erdős and M. Lewin, $d$-complete sequences of integers, Math. Comp. 65 (1996),
837–840; P. Erdős, Problems in number theory, New Zealand J. Math. (1997), 155–160;
P. Erdős, Some of my favourite unsolved problems, Math. Japon. (1997), 527–537;
T. F. Bloom, Erdős Problems, Problem #123.

*Scope:* $a, b, c > 1$ (the collection's text writes $a, b, c \ge 1$; with $a = b = c = 1$ the
set is $\{1\}$ and the question fails for a trivial reason, and with a base equal to $1$ the
question reduces to fewer generators).
-/

namespace FrontierBench.N42

/-- For all pairwise coprime `a, b, c > 1` there is `N` such that every `n ≥ N` is the sum of
a finite set `s` of numbers of the form `a ^ k * b ^ l * c ^ m` in which no element divides
another element. -/
theorem main : answer(sorry) ↔
    ∀ a b c : ℕ, 1 < a → 1 < b → 1 < c →
      Nat.Coprime a b → Nat.Coprime a c → Nat.Coprime b c →
      ∃ N : ℕ, ∀ n : ℕ, N ≤ n → ∃ s : Finset ℕ,
        (∀ x ∈ s, ∃ k l m : ℕ, x = a ^ k * b ^ l * c ^ m) ∧
        (∀ x ∈ s, ∀ y ∈ s, x ∣ y → x = y) ∧
        ∑ x ∈ s, x = n := by
  sorry

end FrontierBench.N42
