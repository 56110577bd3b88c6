"""R01 — Lin–Wimmer: integer A, B, C whose Sylvester minimal rank and similarity minimal
rank differ over every field.

Statement: `main : answer(sorry) ↔ ∀ K [Field K] m n A B C, sylvesterMinRank A B C =
similarityMinRank A B C`, with `sylvesterMinRank = sInf (range fun X ↦ rank (A X − X B −
C))` and `similarityMinRank = sInf {r | ∃ P, IsUnit P ∧ rank (P M_C − M_0 P) = r}`,
`M_C = fromBlocks A C 0 B`, `M_0 = fromBlocks A 0 0 B`.

A valid certificate refutes the right-hand side for *every* field `K`, establishing
`answer(False)`. Everything is an integer, mapped into `K` by `ℤ → K`:

- *identity*: r × r minors `Δ_k(X)` of `A X − X B − C` (X an m × n matrix of variables)
  and multipliers `g_k ∈ ℤ[X]` with `∑ g_k Δ_k = 1` in `ℤ[X]` (a Nullstellensatz
  certificate; checked exactly with FLINT's multivariate integer polynomials). Its image in
  `K[X]` evaluated at any `X` over `K` says some r × r minor is nonzero, so `rank ≥ r`:
  `sylvesterMinRank ≥ r` over `K`;
- *unit*: `det P = ±1`, so `P` is invertible over every `K`;
- *similarity*: `rank_ℚ (P M_C − M_0 P) ≤ r − 1` (FLINT, exact): every r × r minor of this
  integer matrix is 0 in `ℤ`, hence in `K`, so its rank over `K` is `≤ r − 1` and
  `similarityMinRank ≤ r − 1 < r ≤ sylvesterMinRank`;
- *attained* (only when `X` is given, not needed for `main`): `rank_ℚ (A X − X B − C) ≤ r`
  for an integer `X`, so by the same minor argument `sylvesterMinRank = r` exactly over
  every field. (That `similarityMinRank` is not below `r − 1` is not checked; for the
  record's example `r − 1 = 0` would make `M_C` similar to `M_0`, which Roth's theorem
  excludes — a theorem, not a computation.)

Lean: take any field (say `ℚ`) and the integer matrices cast into it; `sylvesterMinRank ≥ r`
from the identity (mapped and evaluated at `X`, a nonzero r × r minor bounds the rank
below); `P` is a unit by its determinant; `similarityMinRank ≤ rank (P M_C − M_0 P) ≤ r − 1`
(`sInf` is below a member; the rank bound by the vanishing minors, or by a factorization of
the rank-(r − 1) matrix). The two sides differ.

Certificate: `{"m", "n", "A", "B", "C", "r", "minors": [{"rows": [i…], "cols": [j…],
"multiplier": terms}], "P", "X"?}` — indices from 0; a multiplier's terms are `[coefficient,
[exponents]]` over the variables `X[i][j]` in row-major order (exponent `i·n + j`).
"""

from __future__ import annotations

from itertools import pairwise

from flint import fmpz_mat, fmpz_mpoly, fmpz_mpoly_ctx

from openfrontiers.cert import schema as s
from openfrontiers.cert.polys import MAX_DEGREE
from openfrontiers.cert.spec import Condition, Context, Verifier

MAX_PRODUCT_TERMS = 2_000_000  # term pairs over all products g_k Δ_k; beyond: refused


def _square(rows: list[list[int]], size: int, where: str, ctx: Context) -> list[list[int]]:
    return _rect(rows, size, size, where, ctx)


def _rect(rows: list[list[int]], r: int, c: int, where: str, ctx: Context) -> list[list[int]]:
    if len(rows) != r or any(len(row) != c for row in rows):
        ctx.malformed(where, f"a {r} × {c} matrix expected")
    return rows


def _matmul(a: list[list[int]], b: list[list[int]]) -> list[list[int]]:
    return [
        [sum(x * y for x, y in zip(row, col, strict=True)) for col in zip(*b, strict=True)]
        for row in a
    ]


def _sub(a: list[list[int]], b: list[list[int]]) -> list[list[int]]:
    return [[x - y for x, y in zip(r, q, strict=True)] for r, q in zip(a, b, strict=True)]


def _blocks(tl: list, tr: list, bl: list, br: list) -> list[list[int]]:
    return [r + q for r, q in zip(tl, tr, strict=True)] + [
        r + q for r, q in zip(bl, br, strict=True)
    ]


def _rank(m: list[list[int]]) -> int:
    if not m or not m[0]:
        return 0
    return int(fmpz_mat(m).rank())


def _det(entries: list[list[fmpz_mpoly]], ctx: Context) -> fmpz_mpoly:
    """Laplace expansion along the first row (r ≤ 4, so at most 24 products)."""
    if len(entries) == 1:
        return entries[0][0]
    total = entries[0][0] * 0
    for j, head in enumerate(entries[0]):
        ctx.tick(len(head) + 1)
        if head.is_zero():
            continue
        minor = [row[:j] + row[j + 1 :] for row in entries[1:]]
        term = head * _det(minor, ctx)
        total = total - term if j % 2 else total + term
    return total


def _indices(ix: list[int], r: int, bound: int, where: str, ctx: Context) -> list[int]:
    if len(ix) != r or any(b <= a for a, b in pairwise(ix)) or ix[-1] >= bound:
        ctx.malformed(where, f"{r} increasing indices in 0..{bound - 1} expected")
    return ix


def _multiplier(terms: list, ring: fmpz_mpoly_ctx, where: str, ctx: Context) -> fmpz_mpoly:
    coeffs: dict[tuple[int, ...], int] = {}
    for i, (c, exps) in enumerate(terms):
        ctx.tick()
        if len(exps) != ring.nvars():
            ctx.malformed(f"{where}[{i}]", f"{len(exps)} exponents for {ring.nvars()} variables")
        if sum(exps) > MAX_DEGREE:
            ctx.refuse("degree", f"{where}[{i}]: degree {sum(exps)} beyond {MAX_DEGREE}")
        coeffs[tuple(exps)] = coeffs.get(tuple(exps), 0) + c
    return ring.from_dict({k: v for k, v in coeffs.items() if v})


def run(cert: dict, ctx: Context) -> None:
    m, n, r = cert["m"], cert["n"], cert["r"]
    a = _square(cert["A"], m, "$.A", ctx)
    b = _square(cert["B"], n, "$.B", ctx)
    c = _rect(cert["C"], m, n, "$.C", ctx)
    p = _square(cert["P"], m + n, "$.P", ctx)
    if r > min(m, n):
        ctx.malformed("$.r", f"r = {r} exceeds min(m, n) = {min(m, n)}")
    # ℤ[X] with X[i][j] the variable x_{i·n + j}
    ring = fmpz_mpoly_ctx.get(("x", m * n), "lex")
    xs = ring.gens()

    def lin(i: int, j: int) -> fmpz_mpoly:
        # (A X − X B − C)[i][j] = Σ_k A[i][k] X[k][j] − Σ_k X[i][k] B[k][j] − C[i][j]
        out = ring.from_dict({}) - c[i][j]
        for k in range(m):
            out += a[i][k] * xs[k * n + j]
        for k in range(n):
            out -= xs[i * n + k] * b[k][j]
        return out

    entries = [[lin(i, j) for j in range(n)] for i in range(m)]
    total = ring.from_dict({})
    work = 0
    for k, spec in enumerate(cert["minors"]):
        where = f"$.minors[{k}]"
        rows = _indices(spec["rows"], r, m, f"{where}.rows", ctx)
        cols = _indices(spec["cols"], r, n, f"{where}.cols", ctx)
        g = _multiplier(spec["multiplier"], ring, f"{where}.multiplier", ctx)
        delta = _det([[entries[i][j] for j in cols] for i in rows], ctx)
        work += len(g) * len(delta)
        if work > MAX_PRODUCT_TERMS:
            ctx.refuse(
                "size",
                f"{where}: the products g_k Δ_k pass {MAX_PRODUCT_TERMS} term multiplications",
            )
        ctx.tick(len(g) * len(delta))
        total += g * delta
    ctx.require(
        total.is_one(),
        "identity",
        f"∑ g_k Δ_k = {str(total)[:200]} is not 1, so no rank bound ≥ {r} follows",
    )
    det = int(fmpz_mat(p).det())
    ctx.require(
        det in (1, -1), "unit", f"det P = {det} is not ±1 (not invertible over every field)"
    )
    zero_mn = [[0] * n for _ in range(m)]
    zero_nm = [[0] * m for _ in range(n)]
    m_c = _blocks(a, c, zero_nm, b)
    m_0 = _blocks(a, zero_mn, zero_nm, b)
    d = _sub(_matmul(p, m_c), _matmul(m_0, p))
    rank_d = _rank(d)
    ctx.require(
        rank_d <= r - 1,
        "similarity",
        f"rank (P M_C − M_0 P) = {rank_d} over ℚ, not below r = {r}",
    )
    if "X" in cert:
        x = _rect(cert["X"], m, n, "$.X", ctx)
        rank_x = _rank(_sub(_sub(_matmul(a, x), _matmul(x, b)), c))
        ctx.require(
            rank_x <= r, "attained", f"rank (A X − X B − C) = {rank_x} over ℚ, above r = {r}"
        )
    else:
        ctx.passed("attained")


def _int_matrix(max_size: int) -> dict:
    return s.array(s.array(s.integer(), 1, max_size), 1, max_size)


_SIZE = 6

VERIFIER = Verifier(
    item="R01",
    direction="False",
    object="integer A, B, C, a Nullstellensatz identity over ℤ for the r × r minors of "
    "A X − X B − C, and a unimodular P with rank (P M_C − M_0 P) ≤ r − 1",
    schema=s.document(
        "R01 certificate",
        s.obj(
            {
                "m": s.nat(1, _SIZE),
                "n": s.nat(1, _SIZE),
                "A": _int_matrix(_SIZE),
                "B": _int_matrix(_SIZE),
                "C": _int_matrix(_SIZE),
                "r": s.nat(1, 4),
                "minors": s.array(
                    s.obj(
                        {
                            "rows": s.array(s.nat(0, _SIZE - 1), 1, 4),
                            "cols": s.array(s.nat(0, _SIZE - 1), 1, 4),
                            "multiplier": s.array(
                                s.tuple_of(s.integer(), s.array(s.nat(0, 50), 1, _SIZE**2)),
                                1,
                                500,
                            ),
                        }
                    ),
                    1,
                    100,
                ),
                "P": _int_matrix(2 * _SIZE),
            },
            {"X": _int_matrix(_SIZE)},
        ),
    ),
    conditions=(
        Condition("identity", "∑ g_k Δ_k = 1 in ℤ[X]: rank (A X − X B − C) ≥ r for every X"),
        Condition("unit", "det P = ±1"),
        Condition("similarity", "rank (P M_C − M_0 P) ≤ r − 1 over ℚ, hence over every field"),
        Condition("attained", "if X is given, rank (A X − X B − C) ≤ r (the minimum is r)"),
    ),
    run=run,
    reduction="over any field (ℚ): sylvesterMinRank ≥ r by the minor identity evaluated at X; "
    "P is a unit (det ±1) and rank (P M_C − M_0 P) ≤ r − 1 by its vanishing minors, so "
    "similarityMinRank ≤ r − 1 and the two minima differ",
)
