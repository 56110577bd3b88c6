import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# E08 — Is there a polynomial $f : \mathbb{Z} \to \mathbb{Z}$ of degree at least $2$ whose value set has a complement $A$ tiling $\mathbb{Z}$?

"Is there a polynomial $f:\mathbb{Z}\to \mathbb{Z}$ of degree at least $2$ and a set
$A\subset \mathbb{Z}$ such that for any $n\in \mathbb{Z}$ there is exactly one $a\in A$ and
$b\in \{ f(k) : k\in\mathbb{Z}\}$ such that $n=a+b$?"

Uniqueness is of the pair $(a, b)$ with $b$ in the value set; different $k$ with the same value
$f(k)$ give the same $b$.

*Wording:* verbatim from the Erdős problems database, Problem #477 (after Erdős and Graham).

*Source:* P. Erdős and R. L. Graham, Old and new problems and results in combinatorial number
theory, Monographies de L'Enseignement Mathématique 28 (1980); M. Sekanina, Remarks on the
factorization of the infinite cyclic group (in Russian), Czechoslovak Math. J. 9 (1959),
485–495; T. F. Bloom, Erdős Problems, Problem #477.

*Scope:* "a polynomial $f : \mathbb{Z} \to \mathbb{Z}$" is a polynomial with rational
coefficients that takes integer values at all integers (every polynomial map
$\mathbb{Z} \to \mathbb{Z}$ is of this form, e.g. $k(k-1)/2$); its degree is its degree as a
rational polynomial. The value set is the database's full image
$\{f(k) : k \in \mathbb{Z}\}$; Erdős and Graham phrase the question with the values
$f(1), f(2), \dots$ at the positive integers.
-/

namespace FrontierBench.E08

/-- The value set `{f(k) : k ∈ ℤ}` of a rational polynomial, as a set of integers (the integers
`b` with `f(k) = b` for some integer `k`). -/
def intValues (f : Polynomial ℚ) : Set ℤ :=
  {b | ∃ k : ℤ, f.eval (k : ℚ) = (b : ℚ)}

/-- There is a polynomial `f` of degree at least `2` mapping integers to integers, and a set
`A ⊆ ℤ`, such that every integer `n` is `a + b` for exactly one pair `(a, b)` with `a ∈ A` and
`b` a value of `f` at an integer. -/
theorem main : answer(sorry) ↔
    ∃ f : Polynomial ℚ, 2 ≤ f.natDegree ∧ (∀ k : ℤ, ∃ m : ℤ, f.eval (k : ℚ) = (m : ℚ)) ∧
      ∃ A : Set ℤ, ∀ n : ℤ, ∃! p : ℤ × ℤ, p.1 ∈ A ∧ p.2 ∈ intValues f ∧ p.1 + p.2 = n := by
  sorry

end FrontierBench.E08
