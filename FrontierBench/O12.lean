import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# O12 — Does every finite union-closed family of sets, not all empty, have an element in at least half of its members?

Frankl's union-closed sets conjecture. A family $\mathcal F$ of sets is union-closed if
$A \cup B \in \mathcal F$ whenever $A, B \in \mathcal F$. Let $\mathcal F$ be a finite
union-closed family of finite sets, not all of them empty. Must there be an element $x$ that
belongs to at least half of the members of $\mathcal F$?

*Wording:* paraphrase of the conjecture as stated on the Open Problem Garden page "Frankl's
union-closed sets conjecture" (stored copy).

*Source:* P. Frankl, 1979 (unpublished; attribution and year as given in the literature);
H. Bruhn and O. Schaudt, The journey of the union-closed sets conjecture, Graphs Combin. 31
(2015) (survey).

*Scope:* as posed. The union of the finitely many finite members is a finite ground set, so
the families are taken to be families of subsets of `Fin n` (relabel the ground set);
"not all empty" is "some member is nonempty".
-/

namespace FrontierBench.O12

/-- For every `n` and every union-closed family `F` of subsets of `Fin n` having a nonempty
member, some `i : Fin n` lies in at least half of the members of `F`
(`|F| ≤ 2 · |{A ∈ F : i ∈ A}|`). -/
theorem main : answer(sorry) ↔
    ∀ (n : ℕ) (F : Finset (Finset (Fin n))),
      (∀ A ∈ F, ∀ B ∈ F, A ∪ B ∈ F) → (∃ A ∈ F, A.Nonempty) →
        ∃ i : Fin n, F.card ≤ 2 * (F.filter (fun A => i ∈ A)).card := by
  sorry

end FrontierBench.O12
