"""Text patterns that leak an answer, a status or a solver.

They are applied to the words a reader sees — comments and docstrings, never string
literals — by `ofb check`, and to every file of a packet by the packet leakage scan.
Each pattern names the rule it belongs to, so a hit can be reported precisely.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass


@dataclass(frozen=True)
class Pattern:
    rule: str
    regex: re.Pattern[str]
    what: str


@dataclass(frozen=True)
class Hit:
    rule: str
    start: int
    end: int
    text: str
    what: str


_URL = re.compile(r"""(?:https?://|www\.)[^\s<>"'`)\]}]+""", re.IGNORECASE)

# Hosts whose pages show a problem's current status, or host proofs.
STATUS_HOSTS = (
    "erdosproblems.com",
    "oeis.org",
    "mathoverflow.net",
    "math.stackexchange.com",
    "stackexchange.com",
    "github.com",
    "githubusercontent.com",
    "github.io",
    "gitlab.com",
    "zulipchat.com",
    "x.com",
    "twitter.com",
    "reddit.com",
    "youtube.com",
    "huggingface.co",
    "openai.com",
    "anthropic.com",
    "deepmind.google",
    "deepmind.com",
    "epoch.ai",
    "openproblemgarden",
    "garden.irmacs.sfu.ca",
    "aimpl.org",
    "wolfram.com",
)
# Hosts of literature and archives: citing them is how a statement names its source.
LITERATURE_HOSTS = (
    "doi.org",
    "arxiv.org",
    "zbmath.org",
    "ams.org",
    "jstor.org",
    "projecteuclid.org",
    "link.springer.com",
    "sciencedirect.com",
    "onlinelibrary.wiley.com",
    "cambridge.org",
    "tandfonline.com",
    "ieeexplore.ieee.org",
    "dl.acm.org",
    "numdam.org",
    "eudml.org",
    "academic.oup.com",
    "msp.org",
    "worldscientific.com",
    "mathnet.ru",
    "emis.de",
)
_ARXIV_ID = re.compile(r"(?<![\d.])(\d{2})(\d{2})\.\d{4,5}(?:v\d+)?(?![\d])")

STATUS_WORDS = Pattern(
    "leak-status-word",
    re.compile(
        r"\b(?:solved|resolved|disproved|disproven|refuted|settled|overturned)\b"
        r"|\bcounter-?examples?\b[^.\n]{0,40}?\b(?:found|discovered|given|constructed|exhibited)\b"
        r"|\b(?:was|were|has\s+been|have\s+been|is\s+now|are\s+now)\s+"
        r"(?:proved|proven|shown|established|confirmed|answered|verified)\b"
        r"|\bproved\s+by\b|\bproven\s+by\b"
        r"|\b(?:affirmative|negative)\s+(?:answer|solution|resolution)\b"
        r"|\bno\s+longer\s+open\b|\bnow\s+(?:known|a\s+theorem)\b",
        re.IGNORECASE,
    ),
    "wording that reveals the problem's status",
)
AI_NAMES = Pattern(
    "leak-ai-name",
    re.compile(
        r"\b(?:Chat)?GPT(?:-?\d[\w.]*)?\b|\bOpenAI\b|\bClaude\b(?!\s+(?:E\.\s*)?Shannon)|\bAnthropic\b"
        r"|\bGemini\b|\bAlpha(?:Proof|Evolve|Geometry|Zero|Tensor|Dev)\b|\bDeepMind\b"
        r"|\bFunSearch\b|\bAristotle\s+\(?Harmonic|\bHarmonic\s+AI\b|\bGrok\b|\bxAI\b"
        r"|\bDeepSeek(?:-\w+)?\b|\bKimi(?:-\w+)?\b|\bQwen[\w.-]*|\bGLM-\d[\w.]*|\bLlama\b"
        r"|\bMistral\b|\bCodex\b|\bCopilot\b|\bo[134]-(?:mini|pro|preview)\b"
        r"|\b(?:Goedel|Seed|Kimina|DeepSeek)-Prover\b|\bAI\b|\bLLMs?\b"
        r"|\blarge\s+language\s+models?\b|\blanguage\s+models?\b",
        0,  # case matters: "AI" is a name, "ai" is not
    ),
    "the name of an AI system",
)
UPSTREAM_NAMES = Pattern(
    "leak-upstream-name",
    re.compile(r"\berdos_\d+\w*|\bFormalConjectures\w*|\bformal[-_ ]conjectures\b", re.IGNORECASE),
    "an upstream declaration or repository name",
)
RECENT_YEAR = Pattern(
    "leak-recent-year",
    re.compile(r"(?<![\d.])20(?:2[6-9]|[3-9]\d)(?![\d])"),
    "a year after the benchmark's pre-solution sources (2026 or later)",
)

# What stands for "some answer" where the marker is discussed rather than filled: the
# published placeholder, or an ellipsis.
ANSWER_PLACEHOLDERS = ("sorry", "·", "…", "...")
FILLED_ANSWER = Pattern(
    "leak-answer",
    re.compile(r"\banswer\(\s*(?!(?:sorry|·|…|\.\.\.)\s*\))"),
    "a filled answer marker (only `answer(sorry)` may be written)",
)
# Words that state a yes/no answer or a truth value.
_VERDICT = r"(?:yes|no|true|false|positive|negative|affirmative|⊤|⊥)"
ANSWER_SENTENCE = Pattern(
    "leak-answer-sentence",
    re.compile(
        rf"\bthe\s+answer\s+(?:to\s+[^.\n]{{0,60}}?\s+)?"
        rf"(?:is|was|would\s+be|must\s+be|turns\s+out\s+to\s+be)\s+`?{_VERDICT}\b`?"
        r"|\banswer(?:ed|s)?\s+(?:\w+\s+){0,3}?in\s+the\s+(?:affirmative|negative)\b"
        r"|\b(?:conjecture|question|statement|claim|problem|hypothesis|assertion)\s+"
        r"(?:is|was|turns\s+out\s+to\s+be|proves\s+to\s+be)\s+(?:true|false)\b",
        re.IGNORECASE,
    ),
    "a sentence stating the answer",
)
# Phrases that speak of the evaluator key: what it says about an item is evaluator data.
_TRUTH = r"(?:True|False|yes|no|⊤|⊥)"
KEY_PHRASE = Pattern(
    "leak-key-phrase",
    re.compile(
        # Every branch starts with one of these letters: the look-ahead spares the engine
        # trying six branches at every other position (a third of the time on a README).
        r"(?=[tkreaf⊤⊥])(?:"
        r"\bthe\s+key'?s\b"
        rf"|\bkey(?:'s)?\s+(?:answer\s+|direction\s+|value\s+)?(?:is\s+|=\s*|:\s*)?`?{_TRUTH}\b"
        rf"|\bkeyed\s+(?:as\s+)?`?{_TRUTH}\b"
        r"|\breference\s+answer\s*(?:is|was|=|:)\s+(?:`|\$|True\b|False\b|yes\b|no\b|⊤|⊥|\d|[{(\[])"
        rf"|\bevaluator(?:'s)?\s+(?:answer\s+|key\s+)?(?:is\s+)?`?{_TRUTH}\b"
        r"|(?:\banswer\s*\(?\s*)?(?:\bTrue\b|\bFalse\b|⊤|⊥)`?\)?\s+is\s+"
        r"(?:right|correct|justified|confirmed)\b)",
        re.IGNORECASE,
    ),
    "a phrase about the evaluator key",
)

TEXT_PATTERNS = (STATUS_WORDS, AI_NAMES, UPSTREAM_NAMES, RECENT_YEAR)
# The patterns about answers: they apply to string literals as well as comments, and to
# public text outside statement files (the register, the docs).
ANSWER_PATTERNS = (FILLED_ANSWER, ANSWER_SENTENCE, KEY_PHRASE)


def urls(text: str) -> Iterator[re.Match[str]]:
    return _URL.finditer(text)


def classify_url(url: str) -> tuple[str, str] | None:
    """(rule, reason) when a URL may not appear in a statement; None when it may."""
    lower = url.lower()
    host = re.sub(r"^(?:https?://)?(?:www\.)?", "", lower).split("/")[0]
    if "wikipedia.org" in host:
        if "oldid=" in lower:
            return None
        return (
            "leak-status-link",
            "a Wikipedia link must be an oldid= permalink to a pre-solution revision",
        )
    for status_host in STATUS_HOSTS:
        if host == status_host or host.endswith("." + status_host) or status_host in host:
            return "leak-status-link", f"{host} pages show a problem's status or host proofs"
    if "arxiv.org" in host:
        m = _ARXIV_ID.search(lower)
        if m and int(m.group(1)) >= 26:
            return "leak-arxiv-2026", "an arXiv paper from 2026 (after the pre-solution sources)"
        return None
    if any(host == h or host.endswith("." + h) for h in LITERATURE_HOSTS):
        return None
    return "link-review", f"{host} is not a known literature host: check that it shows no status"


def arxiv_2026(text: str) -> Iterator[re.Match[str]]:
    """arXiv identifiers of papers from 2026 on (`2605.20579`, `arXiv:2605.20579v2`)."""
    for m in _ARXIV_ID.finditer(text):
        if int(m.group(1)) >= 26 and 1 <= int(m.group(2)) <= 12:
            yield m


def scan_answers(text: str, patterns: Iterable[Pattern] = ANSWER_PATTERNS) -> list[Hit]:
    """Every hit of the answer patterns in a piece of text (prose or a string literal)."""
    return sorted(
        (
            Hit(p.rule, m.start(), m.end(), m.group(), p.what)
            for p in patterns
            for m in p.regex.finditer(text)
        ),
        key=lambda h: (h.start, h.rule),
    )


def scan_text(text: str) -> list[Hit]:
    """Every leak in a piece of prose (a comment's or docstring's text)."""
    hits: list[Hit] = []
    url_spans = []
    for m in urls(text):
        url_spans.append((m.start(), m.end()))
        verdict = classify_url(m.group())
        if verdict:
            rule, reason = verdict
            hits.append(Hit(rule, m.start(), m.end(), m.group(), reason))
    for m in arxiv_2026(text):
        if not any(s <= m.start() < e for s, e in url_spans):
            hits.append(
                Hit(
                    "leak-arxiv-2026",
                    m.start(),
                    m.end(),
                    m.group(),
                    "an arXiv identifier of a 2026 paper",
                )
            )
    for pattern in TEXT_PATTERNS:
        for m in pattern.regex.finditer(text):
            if pattern is RECENT_YEAR and any(s <= m.start() < e for s, e in url_spans):
                continue
            hits.append(Hit(pattern.rule, m.start(), m.end(), m.group(), pattern.what))
    return sorted(hits, key=lambda h: (h.start, h.rule))


def trie_pattern(words: Iterable[str]) -> re.Pattern[str]:
    """One regex matching any of `words`, shaped as a trie so that matching costs about
    the same for a thousand needles as for one."""
    source = _trie_source(words)
    return re.compile(source) if source is not None else re.compile(r"(?!x)x")


def _trie_source(words: Iterable[str]) -> str | None:
    trie: dict = {}
    for word in words:
        node = trie
        for ch in word:
            node = node.setdefault(ch, {})
        node[""] = {}

    def render(node: dict) -> str:
        # Runs of single-child nodes become literals, so the recursion depth is the number
        # of branch points along a needle, not its length.
        literal = ""
        while "" not in node and len(node) == 1:
            ((ch, node),) = node.items()
            literal += re.escape(ch)
        branches = [re.escape(ch) + render(child) for ch, child in sorted(node.items()) if ch]
        if "" in node:
            branches.append("")
        if len(branches) <= 1:
            return literal + "".join(branches)
        return literal + "(?:" + "|".join(branches) + ")"

    return render(trie) if trie else None


@dataclass(frozen=True)
class NeedleHit:
    """Where a needle was found; read like a regex match."""

    text: str
    at: int

    def group(self) -> str:
        return self.text

    def start(self) -> int:
        return self.at

    def end(self) -> int:
        return self.at + len(self.text)


class NeedleSearch:
    """Finds any of many strings in a text as `trie_pattern(words).finditer` does: the
    leftmost, of those the longest, and none inside another found. The needles' text runs
    to hundreds of thousands of characters (solution sources, citations), and compiling it
    all into one regex took most of a packet export; so only their first `HEAD` characters
    are compiled, into a look-ahead that stops where one may start, and the needles with
    that beginning are compared there in full."""

    HEAD = 16

    def __init__(self, words: Iterable[str]) -> None:
        by_head: dict[str, list[str]] = {}
        for word in set(words):
            if word:
                by_head.setdefault(word[: self.HEAD], []).append(word)
        for group in by_head.values():
            group.sort(key=len, reverse=True)
        self._by_head = by_head
        self._head_lengths = sorted({len(head) for head in by_head}, reverse=True)
        source = _trie_source(by_head)
        self._starts = re.compile(f"(?={source})") if source is not None else None

    def finditer(self, text: str) -> Iterator[NeedleHit]:
        if self._starts is None:
            return
        end = 0
        for m in self._starts.finditer(text):
            at = m.start()
            if at < end:
                continue
            word = self._longest_at(text, at)
            if word is not None:
                yield NeedleHit(word, at)
                end = at + len(word)

    def search(self, text: str) -> NeedleHit | None:
        return next(self.finditer(text), None)

    def _longest_at(self, text: str, at: int) -> str | None:
        best: str | None = None
        for n in self._head_lengths:
            for word in self._by_head.get(text[at : at + n], ()):
                if best is not None and len(word) <= len(best):
                    break
                if text.startswith(word, at):
                    best = word
                    break
        return best
