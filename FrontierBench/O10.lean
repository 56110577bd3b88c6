import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# O10 — Is χ(G) ≤ ⌈(ω(G) + Δ(G) + 1)/2⌉ for every graph G?

Reed's $\omega$, $\Delta$, $\chi$ conjecture. For a graph $G$ let $\Delta(G)$ be its maximum
degree, $\omega(G)$ the size of a largest clique and $\chi(G)$ its chromatic number. Is it true
that every graph $G$ satisfies
$$\chi(G) \le \left\lceil \tfrac{1}{2}\bigl(\Delta(G) + 1 + \omega(G)\bigr) \right\rceil?$$

*Wording:* paraphrase of the conjecture as stated on its Open Problem Garden page (stored
copy read): $\chi(G) \le \lceil \frac12(\Delta(G)+1) + \frac12\omega(G) \rceil$ for every graph $G$.

*Source:* B. Reed, $\omega$, $\Delta$, and $\chi$, J. Graph Theory 27 (1998), 177–212.

*Scope:* finite simple graphs (a finite graph is a simple graph on `Fin n`). Since
$\lceil (s+1)/2 \rceil$ is the largest integer $k$ with $2k \le s + 2$, the bound
$\chi(G) \le \lceil (\omega + \Delta + 1)/2 \rceil$ is stated as: $G$ has a proper colouring
with $k$ colours for some $k$ with $2k \le \omega(G) + \Delta(G) + 2$. $\omega$ is Mathlib's
`SimpleGraph.cliqueNum`, $\Delta$ is `SimpleGraph.maxDegree`, and "$k$-colourable" is
`SimpleGraph.Colorable k`.
-/

namespace FrontierBench.O10

/-- Every simple graph `G` on `Fin n` (for every `n`) can be properly coloured with some
number `k` of colours satisfying `2 * k ≤ ω(G) + Δ(G) + 2`. -/
theorem main : answer(sorry) ↔
    ∀ (n : ℕ) (G : SimpleGraph (Fin n)) [DecidableRel G.Adj],
      ∃ k : ℕ, 2 * k ≤ G.cliqueNum + G.maxDegree + 2 ∧ G.Colorable k := by
  sorry

end FrontierBench.O10
