"""O40 — Kummer–Vandiver: a prime p dividing the class number h⁺ of ℚ(ζ_p)⁺.

Statement: `main : answer(sorry) ↔ ∀ p : ℕ, p.Prime → ∀ (K : Type) [Field K] [NumberField K]
[IsCyclotomicExtension {p} ℚ K], ¬ p ∣ NumberField.classNumber (maximalRealSubfield K)`.

A certificate for `answer(False)` would be a prime `p` with a certified class-group
computation showing `p ∣ h⁺_p`. That last part is **not checked here**: no exact
class-group computation of ℚ(ζ_p)⁺ is available in this tool (an unconditional one would
need a Minkowski-bound search far beyond reach), so this verifier never says `valid`.

What it checks exactly: `p` is prime (proved), and `p` is irregular at the given even index
`k` (`2 ≤ k ≤ p − 3`, `p ∣` numerator of `B_k`). This is a necessary condition: by
Kummer's reflection theorem `p ∣ h⁺_p` implies `p ∣ h⁻_p`, which holds exactly when `p` is
irregular. `p ∣ B_k` is tested through `∑_{j=1}^{p−1} j^k ≡ p·B_k (mod p²)` (so
`p ∣ B_k` iff the sum is `0 mod p²`), or from FLINT's exact `B_k` for `k ≤ 3000`.

The verdict is `partial` when both hold, with `class-number` listed as unchecked.

Certificate: `{"p": 37, "k": 32, "class_group": "free text: how p ∣ h⁺ was shown"}`.
"""

from __future__ import annotations

from flint import fmpq

from .. import schema as s
from ..exact import is_prime
from ..spec import Condition, Context, Verifier


def divides_bernoulli(p: int, k: int, ctx: Context) -> bool:
    if k <= 3000:
        return int(fmpq.bernoulli(k).p) % p == 0
    if p > 10**8:
        ctx.refuse("size", f"p = {p}: the power sum mod p² needs p − 1 steps (limit 10^8)")
    m = p * p
    total = 0
    for j in ctx.steps(range(1, p)):
        total += pow(j, k, m)
    return total % m == 0


def run(cert: dict, ctx: Context) -> None:
    p, k = cert["p"], cert["k"]
    ctx.require(is_prime(p, "prime", ctx), "prime", f"{p} is not prime")
    ctx.require(
        k % 2 == 0 and 2 <= k <= p - 3,
        "index",
        f"k = {k} is not an even index with 2 ≤ k ≤ p − 3",
    )
    ctx.require(
        divides_bernoulli(p, k, ctx),
        "irregular",
        f"{p} does not divide the numerator of B_{k} (so (p, k) is not an irregular pair)",
    )
    ctx.not_checked(
        "class-number",
        "p ∣ h⁺ of ℚ(ζ_p)⁺ needs a certified class-group computation, which this tool cannot do",
    )


VERIFIER = Verifier(
    item="O40",
    direction="False",
    object="a prime p with p ∣ h⁺(ℚ(ζ_p)⁺), with a certified class-group computation",
    schema=s.document(
        "O40 certificate",
        s.obj({"p": s.nat(2), "k": s.nat(0)}, {"class_group": s.text()}),
    ),
    conditions=(
        Condition("prime", "p is prime (proved)"),
        Condition("index", "k is even with 2 ≤ k ≤ p − 3"),
        Condition("irregular", "p divides the numerator of B_k (necessary: p ∣ h⁺ ⇒ p ∣ h⁻)"),
        Condition("class-number", "p divides the class number of ℚ(ζ_p)⁺", checkable=False),
    ),
    run=run,
    reduction="not available: the class-number divisibility needs a proof (a certified "
    "class-group computation) beyond this check",
)
