"""One reading of a submission everywhere (issue 28, item 7): the grader, `ofb grade static`
and the packets' `check_submission` read the same bytes the same way — no newline
conversion — so a lone carriage return is judged identically by all three; and names are
validated with full matches and printed escaped."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from grading_helpers import ATTACKS

from cli_helpers import ofb
from openfrontiers.errors import BadInput, shown
from openfrontiers.evaluator.key import PACKET_ID
from openfrontiers.grade import inputs
from openfrontiers.grade.pipeline import static_check
from openfrontiers.register.model import ITEM_ID
from openfrontiers.submission import local

HONEST = (ATTACKS / "submissions" / "honest_item_namespace.lean").read_text(encoding="utf-8")
# A line comment holding a lone CR, then code: Lean rejects the CR between tokens and reads
# it inside the comment; Python's text mode would end the comment there and see `sorry`.
LONE_CR = HONEST.replace(
    "theorem main", "-- a note\r  theorem hidden : 1 = 1 := sorry\ntheorem main", 1
).encode()


def found(issues) -> set[tuple[str, int, int]]:
    return {(i["rule"], i["line"], i["column"]) for i in issues}


def test_a_lone_carriage_return_is_judged_the_same_by_all_three_readers(
    repo_here, tmp_path, capsys
):
    folder = tmp_path / "subs"
    folder.mkdir()
    (folder / "P001.lean").write_bytes(LONE_CR)

    # The grader: the submission's bytes, then the static layer.
    (sub,) = inputs.find_submissions(folder)
    assert "\r" in sub.text  # nothing translated
    statement = (repo_here.library / "R97.lean").read_text(encoding="utf-8")
    job = inputs.GradeJob(sub, "R97", statement, "", True, False, "True")
    grader = {(i.rule, i.line, i.column) for i in static_check(job).issues}

    # `ofb grade static`.
    cli = ofb(capsys, "grade", "static", str(folder / "P001.lean"), "--item", "R97",
              "--format", "json")  # fmt: skip
    assert cli.code == 1
    static_cmd = found(json.loads(cli.out)["issues"])

    # The packet's `check_submission`, next to the problem it answers.
    packet = tmp_path / "packet"
    packet.mkdir()
    (packet / "Problem.lean").write_text(statement, encoding="utf-8")
    (packet / "Solution.lean").write_bytes(LONE_CR)
    assert local.main(["--format", "json", "--no-lean"], root=packet) == 1
    pre_check = found(json.loads(capsys.readouterr().out)["static"]["issues"])

    assert grader == static_cmd == pre_check
    assert ("lexing", 11, 10) in grader  # the CR itself, where it stands
    assert not any(rule == "sorry" for rule, _, _ in grader)  # `sorry` is inside the comment


def test_crlf_line_endings_are_fine():
    from openfrontiers.submission import static

    reference = (ATTACKS / "references" / "R97.lean").read_text(encoding="utf-8")
    ns = {"FrontierBench.R97": "FrontierBench.R97"}
    result = static.check(HONEST.replace("\n", "\r\n"), reference, namespaces=ns, yes_no=True)
    assert result.passed, result.issues


@pytest.mark.parametrize("name", ["P004\n", "P004\r", "P004 ", " P004", "P04", "p004", "P004x"])
def test_packet_ids_are_full_matches(name):
    assert PACKET_ID.fullmatch(name) is None
    assert inputs.packet_id_of(Path(f"{name}.lean")) is None


def test_item_ids_and_names_are_full_matches():
    assert ITEM_ID.fullmatch("R01") and not ITEM_ID.fullmatch("R01\n")
    from openfrontiers.register.subsets import _SPEC

    assert _SPEC.fullmatch("HQ-50@v1") and not _SPEC.fullmatch("HQ-50@v1\n")


def test_a_name_with_a_line_break_is_refused_and_printed_escaped(tmp_path):
    folder = tmp_path / "subs"
    folder.mkdir()
    (folder / "P004\n.lean").write_text(HONEST)
    (folder / "P005.lean").write_text(HONEST)
    with pytest.raises(BadInput) as err:
        inputs.find_submissions(folder)
    message = str(err.value)
    assert "P004\\n.lean: cannot tell its packet id" in message
    assert "P004\n" not in message  # no raw line break reaches the console


def test_shown_escapes_what_is_not_printable():
    assert shown("P001.lean") == "P001.lean"
    assert shown("ℝ-é") == "ℝ-é"  # printable letters stay as they are
    assert shown("P004\n.lean") == "P004\\n.lean"
    assert shown("a\u202eb") == "a\\u202eb"  # a direction override
    assert shown("a\\n") == "a\\\\n"  # a backslash is escaped, so the output is unambiguous
    assert shown(Path("x\x1b[2J")) == "x\\x1b[2J"


def test_validation_patterns_in_tools_never_end_in_a_dollar():
    """`$` also matches before a trailing newline: every validating pattern under tools/
    is a full match (`re.fullmatch`), never `^…$` with `match`."""
    import ast

    root = Path(__file__).resolve().parents[2] / "tools" / "openfrontiers"
    # Reviewed: it parses one line of a docstring split with splitlines (no newline in it).
    allowed = {("check/rules.py", "_HEADING")}
    found_patterns = []
    for path in sorted(root.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and isinstance(node.func.value, ast.Name)
                and node.func.value.id == "re"
                and node.args
            ):
                continue
            first = node.args[0]
            text = first.value if isinstance(first, ast.Constant) else None
            if isinstance(first, ast.JoinedStr) and isinstance(first.values[-1], ast.Constant):
                text = first.values[-1].value
            flags = ast.unparse(node.args[1]) if len(node.args) > 1 else ""
            if isinstance(text, str) and text.endswith("$") and "MULTILINE" not in flags:
                found_patterns.append((str(path.relative_to(root)), node.lineno))
    names = {
        (f, line)
        for f, line in found_patterns
        if not any(f == a and a_name in _line(root / f, line) for a, a_name in allowed)
    }
    assert names == set(), f"patterns ending in $ (use re.fullmatch): {sorted(names)}"


def _line(path: Path, lineno: int) -> str:
    return path.read_text(encoding="utf-8").splitlines()[lineno - 1]
