"""The static layer's command keywords against the toolchain's own command table.

`COMMAND_WORDS` (allowlist.py) is written from the sources of Lean, Mathlib and its
dependencies; a keyword missing from it and hidden inside a declaration would not be seen
by the static layer. The `lean` CI job closes that gap: `ci/CommandKeywords.lean` imports
what a submission may import, reads the `command` syntax category from the environment
and writes the leading token of every command parser as JSON; `check` here fails naming
every token the static layer does not cover — neither an allowed command, declaration or
modifier, nor a word it rejects wherever it stands, nor a `#`-command, nor a prefix of
another command's keyword.

A token is judged as the static layer sees it: by the first token our lexer reads from it
(`gen_injective_theorems%` is the word `gen_injective_theorems`, `variable?` one word).

The same table lists the leading tokens of the `term`, `tactic` and `conv` categories:
`check_evaluating` fails naming every entry of `allowlist.EVALUATING` (the syntax that
evaluates code at elaboration time, read from the sources) that the toolchain no longer
has, so the list cannot silently go stale.
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass
from pathlib import Path

from ..errors import OfbError
from ..lean.decls import is_hash_command
from ..lean.lexer import Kind, tokenize
from . import allowlist, static

# Leading tokens of command parsers that never make a command on their own: the keyword
# after them does, and that keyword is judged by itself.
PREFIXES = {
    "@[": "attributes of the command that follows (the attribute rule reads every `@[…]`)",
    "/--": "the doc comment of the command that follows",
    "/-!": "module documentation",
    "local": "`local notation`, `local instance`, …: the keyword that follows is judged",
    "scoped": "`scoped notation`, `scoped[NS] …`: the keyword that follows is judged",
    "public": "a visibility modifier of the declaration or section that follows",
    "deriving": "`deriving instance … for …`: its `instance` is a command word",
}


@dataclass(frozen=True)
class CommandTable:
    """The leading tokens of the `command` category of one toolchain and its imports."""

    lean: str  # the toolchain's version string
    tokens: tuple[str, ...]
    unindexed: int  # command parsers without a leading token (never indexed by one)
    # Leading tokens of other categories (term, tactic, conv); None in an older table.
    categories: dict[str, tuple[str, ...]] | None = None


def read_table(path: Path) -> CommandTable:
    """The JSON `ci/CommandKeywords.lean` writes: {"lean", "tokens", "unindexed"}."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise OfbError(f"{path}: not a command table ({exc})") from exc
    tokens = data.get("tokens") if isinstance(data, dict) else None
    unindexed = data.get("unindexed") if isinstance(data, dict) else None
    if (
        not isinstance(tokens, list)
        or not all(isinstance(t, str) for t in tokens)
        or not isinstance(unindexed, int)
    ):
        raise OfbError(
            f"{path}: a command table is an object with `tokens` (a list of strings) and "
            "`unindexed` (a number)"
        )
    categories = data.get("categories")
    if categories is not None and not (
        isinstance(categories, dict)
        and all(
            isinstance(v, list) and all(isinstance(t, str) for t in v) for v in categories.values()
        )
    ):
        raise OfbError(f"{path}: `categories` maps each category to a list of strings")
    return CommandTable(
        str(data.get("lean", "?")),
        tuple(tokens),
        unindexed,
        None if categories is None else {str(k): tuple(v) for k, v in categories.items()},
    )


def _covering_words() -> dict[str, str]:
    words: dict[str, str] = {}
    for names, why in (
        (allowlist.COMMANDS, "an allowed command"),
        (allowlist.DECLARATIONS, "an allowed declaration"),
        (allowlist.MODIFIERS, "an allowed modifier"),
        (allowlist.COMMAND_WORDS, "rejected wherever it stands (COMMAND_WORDS)"),
        (allowlist.RUN_CODE_WORDS, "rejected wherever it stands (run-code)"),
        (allowlist.EVALUATING, "rejected wherever it stands (run-code)"),
        (static.TRUST_ESCAPES, "rejected wherever it stands (trust)"),
    ):
        for name in names:
            words.setdefault(name, why)
    words["axiom"] = "rejected wherever it stands (axiom)"
    return words


def coverage(token: str) -> str | None:
    """Why the static layer catches a command that starts with `token`, or None."""
    if token in PREFIXES:
        return PREFIXES[token]
    first = next((t for t in tokenize(token) if not t.is_comment and t.text.strip()), None)
    if first is None:
        return None
    if is_hash_command(first):
        return "a `#`-command: rejected wherever it stands (run-code)"
    if first.kind is Kind.IDENT:
        return _covering_words().get(first.text)
    return None


def check(table: CommandTable) -> list[str]:
    """One message per token the static layer does not cover (empty: all covered)."""
    problems = [
        f"`{token}` starts a command (Lean {table.lean}) that the static layer does not know: "
        "add it to COMMAND_WORDS in submission/allowlist.py (or to the allow-lists, with a "
        "reason)"
        for token in sorted(set(table.tokens))
        if coverage(token) is None
    ]
    if table.unindexed:
        problems.append(
            f"{table.unindexed} command parser(s) of Lean {table.lean} have no leading token: "
            "the table cannot name what starts them; find them (`#help command`) and cover "
            "their keywords"
        )
    return problems


def check_evaluating(table: CommandTable) -> list[str]:
    """One message per entry of `allowlist.EVALUATING` that is no leading token of the
    toolchain's term, tactic or conv parsers (empty: the list matches the toolchain)."""
    if table.categories is None:
        return ["the table lists no term, tactic or conv tokens: run this checkout's script"]
    known = {token.strip() for tokens in table.categories.values() for token in tokens}
    return [
        f"`{word}` (allowlist.EVALUATING) is no term, tactic or conv keyword of Lean "
        f"{table.lean} with Mathlib: re-read its source ({why.rsplit('(', 1)[-1].rstrip(')')}) "
        "and update the list"
        for word, why in sorted(allowlist.EVALUATING.items())
        if word not in known
    ]


def main(argv: list[str]) -> int:
    """`python -m openfrontiers.submission.keywords TABLE.json`: 0 when every command token
    is covered, 1 naming each one that is not, 2 when the table cannot be read."""
    if len(argv) != 1:
        print("usage: python -m openfrontiers.submission.keywords TABLE.json", file=sys.stderr)
        return 2
    try:
        table = read_table(Path(argv[0]))
    except OfbError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    problems = check(table) + check_evaluating(table)
    for problem in problems:
        print(f"{argv[0]}: {problem}", file=sys.stderr)
    if not problems:
        print(
            f"command keywords: all {len(set(table.tokens))} leading tokens of Lean "
            f"{table.lean}'s command parsers are covered by the static layer; all "
            f"{len(allowlist.EVALUATING)} evaluating term/tactic keywords exist"
        )
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
