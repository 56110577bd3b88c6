import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# O92 — Does every prime $p$ have a primitive root $g < p$ of the form $k^2 + 1$?

Z.-W. Sun conjectured that every prime $p$ has a primitive root $g$ modulo $p$ with
$0 < g < p$ and $g - 1$ a square, i.e. $g = k^2 + 1$ for some integer $k$. Is that so?

*Wording:* paraphrase of Sun's conjecture as stated in the abstract of his paper ("for any
prime $p$ there is a primitive root $g<p$ modulo $p$ with $g-1$ a square") and in the OEIS
entry A239957 ("every prime p has a primitive root 0 < g < p of the form k^2 + 1, where k is an
integer").

*Source:* Z.-W. Sun, New observations on primitive roots modulo primes, Nanjing Univ. J.
Math. Biquarterly 36 (2019), 108–133, arXiv:1405.0290; OEIS A239957 (Z.-W. Sun, Apr 23 2014).

*Scope:* as posed; `k` ranges over natural numbers (`k` and `-k` give the same `g`). For
`p = 2` the primitive root is `g = 1 = 0² + 1`. A primitive root modulo `p` is an element of
multiplicative order `p - 1` in `ZMod p` (`IsPrimitiveRoot g (p - 1)`).
-/

namespace FrontierBench.O92

/-- Every prime `p` has a primitive root `g = k² + 1 < p`. -/
theorem main : answer(sorry) ↔
    ∀ p : ℕ, p.Prime →
      ∃ k : ℕ, k ^ 2 + 1 < p ∧ IsPrimitiveRoot ((k ^ 2 + 1 : ℕ) : ZMod p) (p - 1) := by
  sorry

end FrontierBench.O92
