import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# O77 — If 𝔽₂ⁿ is partitioned into sets A₁, …, A_K, does some 2Aᵢ contain a coset of codimension O_K(1)?

Ben Green's Problem 53: suppose that $\mathbb{F}_2^n$ is partitioned into sets
$A_1, \dots, A_K$. Does $2A_i$ contain a coset of codimension $O_K(1)$ for some $i$?

Here $2A = A + A = \{a + b : a, b \in A\}$, a coset of codimension $d$ is a translate
$x + V$ of a linear subspace $V$ of dimension $n - d$, and $O_K(1)$ is a bound depending only
on $K$ (not on $n$ or on the partition).

*Wording:* paraphrase of B. Green, 100 open problems, Problem 53.

*Source:* B. Green, 100 open problems (problem list, 2024 version), Problem 53.

*Scope:* as posed. $\mathbb{F}_2^n$ is `Fin n → ZMod 2`; a partition into $K$ sets is a family
`A : Fin K → Set (Fin n → ZMod 2)` such that every point lies in exactly one `A i`. Empty parts
are allowed, so this covers partitions into at most $K$ nonempty sets; that does not change the
question, since a bound $c$ may be replaced by $K \mapsto \max_{j \le K} c(j)$.
-/

namespace FrontierBench.O77

/-- There is a function `c : ℕ → ℕ` such that for all `n` and `K` and every partition of
`𝔽₂ⁿ` into sets `A 0, …, A (K - 1)`, some sumset `A i + A i` contains a coset `x + V` of a
linear subspace `V` of codimension at most `c K`. -/
theorem main : answer(sorry) ↔
    ∃ c : ℕ → ℕ, ∀ (n K : ℕ) (A : Fin K → Set (Fin n → ZMod 2)),
      (∀ y : Fin n → ZMod 2, ∃! i : Fin K, y ∈ A i) →
      ∃ (i : Fin K) (V : Submodule (ZMod 2) (Fin n → ZMod 2)) (x : Fin n → ZMod 2),
        n ≤ Module.finrank (ZMod 2) V + c K ∧
          ∀ v ∈ V, ∃ a ∈ A i, ∃ b ∈ A i, x + v = a + b := by
  sorry

end FrontierBench.O77
