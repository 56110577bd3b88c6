import Mathlib
import FrontierBench.Util.Answer

set_option autoImplicit false

/-!
# O36 — Must the order of every finite projective plane be a prime power?

The prime power conjecture: "If there is a finite projective plane of order $n$ then must $n$
be a prime power?"

*Wording:* verbatim from T. F. Bloom, Erdős Problems, Problem #723.

*Source:* T. F. Bloom, Erdős Problems, Problem #723; for background, R. H. Bruck and H. J. Ryser,
The nonexistence of certain finite projective planes, Canad. J. Math. 1 (1949), 88–93.

*Scope:* as posed. Projective planes are Mathlib's `Configuration.ProjectivePlane P L` (an
incidence structure in which any two points lie on a unique common line, any two lines meet in a
unique point, and a non-degeneracy configuration exists), with finitely many points and lines;
its order is `Configuration.ProjectivePlane.order`. The types of points and lines range over
`Type` (every finite plane has a copy there).
-/

namespace FrontierBench.O36

/-- For all finite types `P` (points) and `L` (lines) with an incidence relation making them a
projective plane, the order of the plane is a prime power. -/
theorem main : answer(sorry) ↔
    ∀ (P L : Type) [Membership P L] [Finite P] [Finite L] [Configuration.ProjectivePlane P L],
      IsPrimePow (Configuration.ProjectivePlane.order P L) := by
  sorry

end FrontierBench.O36
