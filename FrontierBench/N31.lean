import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# N31 — For every finite family $\mathcal{F}$ of graphs none of which is a forest, is there $G \in \mathcal{F}$ with $\mathrm{ex}(n;G) \ll_{\mathcal{F}} \mathrm{ex}(n;\mathcal{F})$?

The compactness conjecture of Erdős and Simonovits (Erdős Problem #180): "If $\mathcal{F}$ is
a finite set of finite graphs then $\mathrm{ex}(n;\mathcal{F})$ is the maximum number of edges a
graph on $n$ vertices can have without containing any subgraphs from $\mathcal{F}$. Note that it
is trivial that $\mathrm{ex}(n;\mathcal{F})\leq \mathrm{ex}(n;G)$ for every $G\in\mathcal{F}$. Is
it true that, for every $\mathcal{F}$, there exists $G\in\mathcal{F}$ such that
$\mathrm{ex}(n;G)\ll_{\mathcal{F}}\mathrm{ex}(n;\mathcal{F})$?"

Here the question is asked for nonempty finite families $\mathcal{F}$ none of whose members is a
forest (every member contains a cycle).

*Wording:* the quotation is verbatim from the Erdős problems database, Problem #180, as
reproduced in public formal statements of the problem (the page itself was not opened); the
restriction to families without forests is the form of the conjecture in the item's title.

*Source:* P. Erdős and M. Simonovits, Compactness results in extremal graph theory,
Combinatorica 2 (1982), 275–288; T. F. Bloom, Erdős Problems, Problem #180.

*Scope:* families with no forest member only (for families containing a forest the comparison
can fail for trivial reasons, e.g. $\{K_{1,2}, 2K_2\}$ has $\mathrm{ex}(n;\mathcal{F}) \le 1$).
A finite family is a list of `k ≥ 1` graphs, the `i`-th on the vertex set `Fin (order i)`
(every finite graph has such a copy; repetitions are harmless). Containment is as a subgraph,
not necessarily induced (Mathlib's `SimpleGraph.Free`); $\mathrm{ex}(n;G)$ is Mathlib's
`SimpleGraph.extremalNumber`, and $\ll_{\mathcal{F}}$ is `Asymptotics.IsBigO` along
`Filter.atTop` (the constant may depend on the family).
-/

namespace FrontierBench.N31

/-- A graph `G` on `Fin n` is free of the family `F`: it contains no copy (as a subgraph, not
necessarily induced) of any member `F i`. -/
def FamilyFree {k : ℕ} {order : Fin k → ℕ} (F : (i : Fin k) → SimpleGraph (Fin (order i)))
    {n : ℕ} (G : SimpleGraph (Fin n)) : Prop :=
  ∀ i : Fin k, (F i).Free G

/-- `ex(n; F)`: the largest number of edges of a graph on `n` vertices that is free of the
family `F`. (The set is bounded by `n²`; it contains `0` whenever every member of `F` has an
edge, since the empty graph is then `F`-free.) -/
noncomputable def familyExtremalNumber {k : ℕ} {order : Fin k → ℕ}
    (F : (i : Fin k) → SimpleGraph (Fin (order i))) (n : ℕ) : ℕ :=
  sSup {m : ℕ | ∃ G : SimpleGraph (Fin n), FamilyFree F G ∧ G.edgeSet.ncard = m}

/-- For every nonempty finite family `F = (F 0, …, F (k-1))` of finite simple graphs none of
which is a forest, some member `F i` satisfies `ex(n; F i) = O(ex(n; F))` as `n → ∞`. -/
theorem main : answer(sorry) ↔
    ∀ (k : ℕ) (order : Fin k → ℕ) (F : (i : Fin k) → SimpleGraph (Fin (order i))),
      0 < k → (∀ i : Fin k, ¬ (F i).IsAcyclic) →
      ∃ i : Fin k,
        Asymptotics.IsBigO Filter.atTop
          (fun n : ℕ => (SimpleGraph.extremalNumber n (F i) : ℝ))
          (fun n : ℕ => (familyExtremalNumber F n : ℝ)) := by
  sorry

end FrontierBench.N31
