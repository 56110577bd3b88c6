import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# N47 — For the random graph $G(n, 1/2)$, does $\chi(G) - \zeta(G) \to \infty$ with high probability?

Erdős Problem #625 (a problem of Erdős and Gimbel): "The cochromatic number of $G$, denoted by
$\zeta(G)$, is the minimum number of colours needed to colour the vertices of $G$ such that each
colour class induces either a complete graph or empty graph. Let $\chi(G)$ denote the chromatic
number. If $G$ is a random graph with $n$ vertices and each edge included independently with
probability $1/2$ then is it true that almost surely $$\chi(G) - \zeta(G) \to \infty$$ as
$n\to \infty$?"

"Almost surely" is meant in the sense of random graph theory (with high probability): for every
fixed $C$, the probability that $\chi(G) - \zeta(G) > C$ tends to $1$ as $n \to \infty$, where
$G$ is drawn from $G(n, 1/2)$, i.e. uniformly among all $2^{\binom n2}$ labelled graphs on
$n$ vertices.

*Wording:* the quotation is verbatim from the Erdős problems database, Problem #625 (stored
copies of the page); "almost surely" is read as "with high probability", the usual reading of
the question ("does $\chi(G)-\zeta(G) \to \infty$ whp?").

*Source:* P. Erdős and J. Gimbel, Some problems and results in cochromatic theory, in: Quo
Vadis, Graph Theory?, Ann. Discrete Math. 55 (1993), 261–264; T. F. Bloom, Erdős Problems,
Problem #625.

*Scope:* as posed. $G(n, 1/2)$ is the uniform distribution on `SimpleGraph (Fin n)` (each of
the $2^{\binom n2}$ labelled graphs has the same probability), and a probability is the ratio
of the number of graphs with the property to the number of all graphs. "With high
probability $\chi - \zeta \to \infty$" is stated as: for every $C \in \mathbb{N}$,
$\Pr[\chi(G) > \zeta(G) + C] \to 1$ (equivalently, some $f(n) \to \infty$ has
$\Pr[\chi(G) - \zeta(G) \ge f(n)] \to 1$). $\chi$ is Mathlib's `SimpleGraph.chromaticNumber`
(in `ℕ∞`, finite here).
-/

namespace FrontierBench.N47

/-- `c` is a cocolouring of `G` with `k` colours: every colour class is a clique or an
independent set of `G`. -/
def IsCocoloring {n k : ℕ} (G : SimpleGraph (Fin n)) (c : Fin n → Fin k) : Prop :=
  ∀ i : Fin k, G.IsClique {v | c v = i} ∨ G.IsIndepSet {v | c v = i}

/-- The cochromatic number `ζ(G)`: the least number of colours of a cocolouring of `G` (at most
`n`, since the colouring by `Fin n` itself has singleton classes). -/
noncomputable def cochromaticNumber {n : ℕ} (G : SimpleGraph (Fin n)) : ℕ :=
  sInf {k : ℕ | ∃ c : Fin n → Fin k, IsCocoloring G c}

/-- The probability that `G(n, 1/2)` has property `P`: the proportion of labelled graphs on
`Fin n` that have it. -/
noncomputable def randomGraphProb (n : ℕ) (P : SimpleGraph (Fin n) → Prop) : ℝ :=
  (Set.ncard {G : SimpleGraph (Fin n) | P G} : ℝ) / (Nat.card (SimpleGraph (Fin n)) : ℝ)

/-- For every `C`, the probability that `χ(G) > ζ(G) + C` for `G ~ G(n, 1/2)` tends to `1` as
`n → ∞`. -/
theorem main : answer(sorry) ↔
    ∀ C : ℕ, Filter.Tendsto
      (fun n : ℕ => randomGraphProb n
        (fun G => (((cochromaticNumber G + C : ℕ)) : ℕ∞) < G.chromaticNumber))
      Filter.atTop (nhds 1) := by
  sorry

end FrontierBench.N47
