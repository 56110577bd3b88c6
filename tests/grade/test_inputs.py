"""Inputs (submissions, key, answers → jobs, every problem reported) and the workspaces of
an attempt."""

from __future__ import annotations

import json
import os

import pytest
from grading_helpers import submission, submissions_folder

from openfrontiers.errors import OfbError, UsageError
from openfrontiers.evaluator.key import BadKey
from openfrontiers.grade import workspaces
from openfrontiers.grade.comparator import config
from openfrontiers.grade.inputs import find_submissions, load_jobs
from openfrontiers.lean.decls import LeanFile


def test_submissions_are_named_by_packet_id(tmp_path):
    folder = submissions_folder(tmp_path / "subs", {"P002": "b", "P001": "a"})
    (folder / "P010").mkdir()
    (folder / "P010" / "Solution.lean").write_text("c")
    (folder / "notes.txt").write_text("ignored")
    found = find_submissions(folder)
    assert [(s.packet_id, s.text) for s in found] == [("P001", "a"), ("P002", "b"), ("P010", "c")]
    assert find_submissions(folder / "P002.lean")[0].packet_id == "P002"


def test_bad_submissions_are_reported_together(tmp_path):
    folder = tmp_path / "subs"
    folder.mkdir()
    (folder / "P001.lean").write_bytes(b"\xff\xfe")
    (folder / "P002.lean").write_text("x")
    (folder / "P002").mkdir()
    (folder / "P002" / "Solution.lean").write_text("y")
    with pytest.raises(OfbError) as err:
        find_submissions(folder)
    assert "P001.lean: not UTF-8" in str(err.value)
    assert "a second submission for P002" in str(err.value)
    with pytest.raises(UsageError, match=r"cannot tell its packet id|no such"):
        find_submissions(tmp_path / "missing.lean")
    stray = tmp_path / "answer.lean"
    stray.write_text("x")
    with pytest.raises(OfbError, match="cannot tell its packet id"):
        find_submissions(stray)


def test_submissions_are_regular_files_read_without_following_links(tmp_path, monkeypatch):
    """Issue 11, item 8: submissions are read as root; a link to the evaluator's answers
    must never be read (its text would reach a verdict)."""
    from openfrontiers.grade import inputs

    secret = tmp_path / "answers.toml"
    secret.write_text('[answers.R97]\nanswer = "True"\n')
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "Solution.lean").write_text("theorem main")
    folder = submissions_folder(tmp_path / "subs", {"P001": "fine"})
    (folder / "P002.lean").symlink_to(secret)
    os.mkfifo(folder / "P003.lean")
    (folder / "P004").symlink_to(elsewhere)
    with pytest.raises(OfbError) as err:
        find_submissions(folder)
    text = str(err.value)
    assert "3 problem(s)" in text and "answer = " not in text
    assert "P002.lean: refused: a symbolic link" in text
    assert "P003.lean: refused: not a regular file" in text
    assert "P004 is a symbolic link" in text
    with pytest.raises(OfbError, match="refused: a symbolic link"):
        find_submissions(folder / "P002.lean")
    for name in ("P002.lean", "P003.lean", "P004"):
        (folder / name).unlink()
    monkeypatch.setattr(inputs, "MAX_SUBMISSION_BYTES", 3)
    with pytest.raises(OfbError, match=r"P001\.lean: refused: 4 bytes, more than 3"):
        find_submissions(folder)


def test_jobs_map_packets_to_items_answers_and_kinds(repo, tmp_path):
    key = repo.key({"P001": "R97", "P002": "N97", "P003": "O97"})
    folder = submissions_folder(tmp_path / "subs", {"P001": "a", "P002": "b", "P003": "c"})
    jobs = load_jobs(repo.project(), find_submissions(folder), key, repo.answers_path)
    assert [(j.packet_id, j.item_id, j.yes_no, j.open_item, j.reference) for j in jobs] == [
        ("P001", "R97", True, False, "True"),
        ("P002", "N97", False, False, "4"),
        ("P003", "O97", True, True, None),
    ]


def test_every_input_problem_is_reported_before_grading(repo, tmp_path):
    key = repo.key({"P001": "R97", "P002": "N97", "P004": "R01"})
    repo.answers('[answers.R97]\nanswer = "True"\nrecord = "x"\n')  # N97 loses its answer
    repo.statement("R97", repo.library.joinpath("R97.lean").read_text() + "\n")  # changed
    folder = submissions_folder(
        tmp_path / "subs", {"P001": "a", "P002": "b", "P003": "c", "P004": "d"}
    )
    with pytest.raises(OfbError) as err:
        load_jobs(repo.project(), find_submissions(folder), key, repo.answers_path)
    text = str(err.value)
    assert "4 problem(s) before grading; nothing was graded" in text
    assert "P001.lean: statement-changed" in text
    assert "no-answer: N97 (P002) is a solved item without a reference answer" in text
    assert "P003.lean: unknown-packet: P003 is not in the evaluator key" in text
    assert "P004.lean: unknown-item" in text


def test_missing_key_or_answers_are_usage_errors_a_bad_key_is_bad_input(repo, tmp_path):
    folder = submissions_folder(tmp_path / "subs", {"P001": "a"})
    subs = find_submissions(folder)
    with pytest.raises(UsageError, match="no such evaluator key"):
        load_jobs(repo.project(), subs, tmp_path / "nokey.json", repo.answers_path)
    with pytest.raises(UsageError, match="--answers: no such file"):
        load_jobs(repo.project(), subs, repo.key({"P001": "R97"}), tmp_path / "none.toml")
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"format": "something else"}))
    with pytest.raises(BadKey, match="not a usable evaluator key") as caught:
        load_jobs(repo.project(), subs, bad, repo.answers_path)
    assert caught.value.exit_code == 1


def test_an_answer_kind_the_statement_contradicts_is_an_error(repo, tmp_path):
    from dataclasses import replace

    from openfrontiers.register.model import AnswerKind

    repo.set_item(replace(repo.project().register.get("R97"), answer_kind=AnswerKind.VALUE))
    folder = submissions_folder(tmp_path / "subs", {"P001": "a"})
    with pytest.raises(OfbError, match="the register says value but the statement is of the form"):
        load_jobs(
            repo.project(), find_submissions(folder), repo.key({"P001": "R97"}), repo.answers_path
        )


def job_for(repo, tmp_path, item: str, text: str, pid: str = "P001"):
    folder = submissions_folder(tmp_path / "subs", {pid: text})
    (job,) = load_jobs(
        repo.project(), find_submissions(folder), repo.key({pid: item}), repo.answers_path
    )
    return job


def test_workspaces_hold_challenge_solution_and_comparator_apart(repo, tmp_path):
    text = submission("honest_yes_no").replace("P901", "P001")
    job = job_for(repo, tmp_path, "R97", text)
    packages = repo.root / ".lake" / "packages"
    attempt = workspaces.prepare(
        tmp_path / "work",
        job,
        repo.project(),
        packages,
        namespace="P001",
        answer="True",
        comparator_config=config("P001.main"),
    )
    assert attempt.theorem == "P001.main" and attempt.reference_source is None
    assert attempt.reference is None and attempt.trusted == attempt.challenge  # a literal answer
    files = {
        ws: sorted(p.relative_to(ws).as_posix() for p in ws.rglob("*") if p.is_file())
        for ws in (attempt.challenge, attempt.solution, attempt.comparator)
    }
    common = [
        "FrontierBench/Util/Answer.lean",
        "lake-manifest.json",
        "lakefile.toml",
        "lean-toolchain",
    ]
    assert files[attempt.challenge] == sorted(["Challenge.lean", *common])
    assert files[attempt.solution] == sorted(["Solution.lean", *common])
    assert files[attempt.comparator] == sorted(
        ["Challenge.lean", "Solution.lean", "config.json", *common]
    )
    assert (attempt.solution / "Solution.lean").read_text() == text  # byte for byte
    challenge = (attempt.challenge / "Challenge.lean").read_text()
    main = next(d for d in LeanFile.parse(challenge).declarations if d.name == "main")
    assert main.full_name == "P001.main"
    assert "answer(True) ↔ ∃ n : ℕ, SquareIsFour n" in challenge
    assert "SquareIsFour (n : ℕ) : Prop := n * n = 4" in challenge  # the reference's definition
    assert json.loads((attempt.comparator / "config.json").read_text())["theorem_names"] == [
        "P001.main"
    ]
    lakefile = (attempt.solution / "lakefile.toml").read_text()
    assert '[[lean_lib]]\nname = "Solution"' in lakefile and "Challenge" not in lakefile
    rel = next(ln for ln in lakefile.splitlines() if ln.startswith("packagesDir")).split('"')[1]
    assert (attempt.solution / rel).resolve() == packages.resolve()
    manifest = json.loads((attempt.solution / "lake-manifest.json").read_text())
    assert manifest["packagesDir"] == rel
    assert oct(os.stat(attempt.solution).st_mode & 0o777) == "0o755"
    assert not any("answers" in p.name for p in attempt.root.rglob("*"))


def test_value_items_get_a_reference_workspace_of_their_own(repo, tmp_path):
    """Issue 11, item 5: the submitted answer is elaborated where nothing secret is: the
    Reference (with the reference answer) is built in a workspace of its own."""
    job = job_for(repo, tmp_path, "N97", submission("value_other_term").replace("P901", "P001"))
    attempt = workspaces.prepare(
        tmp_path / "work",
        job,
        repo.project(),
        repo.root / ".lake" / "packages",
        namespace="P001",
        answer="2 + 2",
        comparator_config={},
    )
    assert attempt.reference == attempt.root / "reference" == attempt.trusted
    assert "answer(2 + 2)" in (attempt.challenge / "Challenge.lean").read_text()
    assert "answer(4)" in (attempt.reference / "Reference.lean").read_text()
    assert '[[lean_lib]]\nname = "Reference"' in (attempt.reference / "lakefile.toml").read_text()
    for ws in (attempt.challenge, attempt.solution, attempt.comparator):
        assert not any("answer(4)" in p.read_text() for p in ws.rglob("*.lean")), ws
        assert "Reference" not in (ws / "lakefile.toml").read_text()


def test_the_item_namespace_is_kept_when_the_submission_uses_it(repo, tmp_path):
    job = job_for(repo, tmp_path, "R97", submission("honest_item_namespace"))
    attempt = workspaces.prepare(
        tmp_path / "work",
        job,
        repo.project(),
        repo.root / ".lake" / "packages",
        namespace="FrontierBench.R97",
        answer="True",
        comparator_config={},
    )
    assert "namespace FrontierBench.R97" in attempt.challenge_source
    assert attempt.theorem == "FrontierBench.R97.main"


def test_challenges_of_the_repository_s_statements():
    """Every written statement becomes a Challenge: the packet's namespace, one answer filled."""
    from pathlib import Path

    from openfrontiers.grade.inputs import GradeJob, Submission
    from openfrontiers.lean.answer import placeholders
    from openfrontiers.project import Project

    project = Project(Path(__file__).resolve().parents[2])
    written = [i for i in project.register.written() if project.item_file(i.id).is_file()]
    assert written
    for item in written:
        statement = project.item_file(item.id).read_text(encoding="utf-8")
        job = GradeJob(
            Submission(project.item_file(item.id), "P123", "", ""),
            item.id,
            statement,
            "",
            True,
            False,
            "True",
        )
        challenge = workspaces.answered(job, "P123", "True")
        assert [p.inner for p in placeholders(challenge)] == ["True"], item.id
        mains = [d.full_name for d in LeanFile.parse(challenge).declarations if d.name == "main"]
        assert mains == ["P123.main"], item.id
        assert f"FrontierBench.{item.id}" not in challenge
