"""Find and fill the `answer(sorry)` placeholder of a statement, through the lexer."""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import OfbError
from .lexer import Kind, Token, group_end, tokenize


@dataclass(frozen=True)
class Placeholder:
    """The `answer(…)` of a statement: where it is and what it holds."""

    open: Token  # the `answer(` token
    close: Token  # its `)`
    inner: str  # the source text between them

    @property
    def is_sorry(self) -> bool:
        return self.inner.strip() == "sorry"


def placeholders(source: str) -> list[Placeholder]:
    """Every `answer(…)` in `source`, in order, with its matching parenthesis."""
    code = [t for t in tokenize(source) if not t.is_trivia]
    found = []
    for i, tok in enumerate(code):
        if tok.kind is Kind.SYMBOL and tok.text == "answer(":
            close = group_end(code, i)
            if close is not None:
                found.append(Placeholder(tok, code[close], source[tok.end : code[close].start]))
    return found


def fill_answer(source: str, answer: str) -> str:
    """`source` with its single `answer(sorry)` replaced by `answer(<answer>)`."""
    found = placeholders(source)
    if len(found) != 1 or not found[0].is_sorry:
        raise OfbError(
            f"expected exactly one answer(sorry) placeholder, found {len(found)}"
            + ("" if len(found) != 1 else f" holding {found[0].inner.strip()!r}")
        )
    p = found[0]
    return source[: p.open.end] + answer + source[p.close.start :]
