"""O22 — Scholz's conjecture on addition chains: an n with ℓ(2ⁿ − 1) > n − 1 + ℓ(n).

Statement: `main : answer(sorry) ↔ ∀ n : ℕ, 0 < n → chainLength (2 ^ n - 1) ≤
n - 1 + chainLength n`, with `chainLength N = sInf {r | ∃ a, IsAdditionChain N r a}` and
`IsAdditionChain N r a`: `a 0 = 1`, `a r = N`, every `a i` (0 < i ≤ r) is `a j + a k` with
`j, k < i`.

A valid certificate establishes `answer(False)`: `n > 0` and an addition chain for `n` of
length `r` (checked term by term), so `ℓ(n) ≤ r`; then an exhaustive search shows that no
addition chain for `N = 2ⁿ − 1` has length `≤ n − 1 + r`, so
`ℓ(2ⁿ − 1) > n − 1 + r ≥ n − 1 + ℓ(n)`. The search is complete over strictly increasing
chains, which suffices: from any chain for `N`, the values `≤ N`, sorted and without
repeats, form a chain for `N` that is no longer (each such value is a sum of two smaller
ones, which are `≤ N` too). Pruning: a chain of length `L` whose `i`-th term is `a` reaches
at most `a · 2^(L−i)`.

Lean: `chainLength n ≤ r` from the chain (`Nat.sInf_le`); the lower bound for `N` from the
exhaustive search (a `decide` over bounded chains — feasible only for small `n`; the search
here is refused on time where it is hopeless, and Scholz's inequality is known for n ≤ 64).

Certificate: `{"n": …, "chain": [1, 2, …, n]}`. Toy instances in the tests allow a slack
(ℓ(2ⁿ − 1) > n − 2 + ℓ(n) holds at n = 3 and n = 5).
"""

from __future__ import annotations

from .. import schema as s
from ..spec import Condition, Context, Verifier


def is_chain(chain: list[int], target: int) -> str:
    """Why `chain` is not an addition chain for `target` ("" when it is)."""
    if not chain or chain[0] != 1:
        return "it does not start at 1"
    if chain[-1] != target:
        return f"it ends at {chain[-1]}, not {target}"
    for i in range(1, len(chain)):
        earlier = set(chain[:i])
        if not any(chain[i] - x in earlier for x in earlier):
            return f"term {i} ({chain[i]}) is not a sum of two earlier terms"
    return ""


def has_chain(target: int, length: int, ctx: Context) -> bool:
    """Whether some addition chain for `target` has length ≤ `length` (exhaustive)."""
    if target == 1:
        return True

    def extend(chain: list[int]) -> bool:
        ctx.tick()
        top = chain[-1]
        steps_left = length - (len(chain) - 1)
        if top << steps_left < target:
            return False
        candidates = sorted(
            {a + b for i, a in enumerate(chain) for b in chain[i:] if top < a + b <= target},
            reverse=True,
        )
        for c in candidates:
            if c == target:
                return True
            if steps_left > 1 and extend([*chain, c]):
                return True
        return False

    return extend([1])


def run(cert: dict, ctx: Context, slack: int = 0) -> None:
    n, chain = cert["n"], cert["chain"]
    ctx.require(n > 0, "n", f"n = {n} is not positive")
    why = is_chain(chain, n)
    ctx.require(not why, "chain", f"not an addition chain for n = {n}: {why}")
    r = len(chain) - 1
    bound = n - 1 + r - slack
    if n > 64:
        ctx.refuse("size", f"n = {n}: an exhaustive search for 2^n − 1 is beyond reach")
    found = has_chain(2**n - 1, bound, ctx)
    ctx.require(
        not found,
        "lower-bound",
        f"2^{n} − 1 has an addition chain of length ≤ {bound} = n − 1 + ℓ(chain)"
        + (f" − {slack}" if slack else ""),
    )


VERIFIER = Verifier(
    item="O22",
    direction="False",
    object="n > 0 with an addition chain for n of length r such that no addition chain "
    "for 2ⁿ − 1 has length ≤ n − 1 + r",
    schema=s.document(
        "O22 certificate",
        s.obj({"n": s.nat(0, 10**6), "chain": s.array(s.nat(0), 1, 1000)}),
    ),
    conditions=(
        Condition("n", "n > 0"),
        Condition("chain", "the chain is an addition chain for n (length r, so ℓ(n) ≤ r)"),
        Condition("lower-bound", "no addition chain for 2ⁿ − 1 of length ≤ n − 1 + r"),
    ),
    run=run,
    reduction="specialize at n: chainLength n ≤ r by the chain; chainLength (2^n − 1) > "
    "n − 1 + r by the exhaustive search (a decidable bounded statement)",
)
