"""The self-test's `isolation` cases of issue 28: what a hostile submission, agent or
certificate hands the tools, tried with the tools' own code.

    check = "verdict-size"      2 MiB of control characters graded: the verdict line lists
                                the first findings and a count, and stays small (item 4)
    check = "event-stream"      an agent's stdout that is one newline-free "line" of 900 MiB
                                (a sparse file), read by the harness under a 512 MiB address
                                space limit (item 4)
    check = "cert-digits"       a valid N26 certificate with 5,000-digit numbers, checked in
                                the worker, in the jail, with a clean environment (item 5)
    check = "agent-folder"      the generic agent run from a folder that holds the answers:
                                its jail sees a copy of the program and not its neighbour;
                                a CLI folder holding evaluator data is refused (item 3)
    check = "proxy-ipv4"        NAT64, 6to4, Teredo and IPv4-compatible forms of loopback and
                                private addresses at the condition-C proxy's check (item 6)
    check = "submission-name"   a submission named `P004⏎.lean`: refused by a full match,
                                its name printed escaped (item 7)

Each returns (passed, detail, evidence); without evidence a case is an `error`.
"""

from __future__ import annotations

import hashlib
import ipaddress
import json
import os
import subprocess
import sys
import tempfile
from dataclasses import replace
from pathlib import Path

from ..jail import Backend
from ..project import Project

CHECKS = (
    "verdict-size",
    "event-stream",
    "cert-digits",
    "agent-folder",
    "proxy-ipv4",
    "submission-name",
)
NEEDS_JAIL = frozenset({"agent-folder"})
Outcome = tuple[bool, str, str]


def check_verdict_size(reference_text: str) -> Outcome:
    from ..submission import static
    from .inputs import GradeJob, Submission
    from .pipeline import Grader

    text = "\x01\n" * (1 << 20)
    sub = Submission(Path("P901.lean"), "P901", text, hashlib.sha256(text.encode()).hexdigest())
    job = GradeJob(sub, "R97", reference_text, "", True, False, None)
    with tempfile.TemporaryDirectory(prefix="ofb-selftest-") as tmp:
        record = Grader(None, None, Path(tmp)).grade(job)  # type: ignore[arg-type]
    line = json.dumps(record.as_dict(), ensure_ascii=False)
    listed = record.as_dict()["checkers"]["static"]
    evidence = f"graded 2 MiB of control characters: {record.decision.verdict} at static"
    size = len(line.encode())
    if size > 64 << 10 or len(listed["issues"]) > static.MAX_LISTED_ISSUES:
        return False, f"the verdict line is {size} bytes, {len(listed['issues'])} issues", evidence
    if listed.get("issues_total") != 1 << 20:
        return False, f"the line counts {listed.get('issues_total')} findings", evidence
    return True, f"the line is {size} bytes: 50 findings listed of {1 << 20}", evidence


_READ_STREAM = """
import json, resource, sys
from pathlib import Path
resource.setrlimit(resource.RLIMIT_AS, (512 << 20, 512 << 20))
from openfrontiers.harness.events import read_stream
s = read_stream("claude-stream-json", Path(sys.argv[1]))
print(json.dumps({"oversized": s.oversized_lines, "events": s.events, "session": s.session_id}))
"""


def check_event_stream() -> Outcome:
    with tempfile.TemporaryDirectory(prefix="ofb-selftest-") as tmp:
        path = Path(tmp) / "round-001.jsonl"
        with path.open("wb") as fh:
            fh.seek(900 << 20)
            fh.write(b"!\n" + json.dumps({"type": "system", "session_id": "s-1"}).encode())
        done = subprocess.run(
            [sys.executable, "-c", _READ_STREAM, str(path)],
            env={**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2])},
            capture_output=True,
            text=True,
            timeout=300,
            check=False,
        )
    if done.returncode != 0:
        last = (done.stderr.strip().splitlines() or ["?"])[-1]
        return False, f"the reader failed under 512 MiB: {last}", "a 900 MiB line was read"
    report = json.loads(done.stdout)
    evidence = f"the reader went through 900 MiB: {report}"
    if report != {"oversized": 1, "events": 1, "session": "s-1"}:
        return False, f"the stream was not read as expected: {report}", evidence
    return True, "the 900 MiB line was skipped and counted in 512 MiB of address space", evidence


def shifted_n26(public: Path, digits: int) -> bytes:
    """The public N26 certificate moved by z ↦ z + c, c of `digits` digits: F(x, y, z + c) has
    the same Jacobian determinant and p − (0, 0, c), q − (0, 0, c) still collide, so it is
    valid, with coefficients and points of about `digits` digits."""
    import sympy

    cert = json.loads(public.read_text(encoding="utf-8"))
    xs = sympy.symbols("x0:3")
    shift = 10 ** (digits - 1) + 7
    old = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(0)  # this trusted builder prints the long numbers
    try:
        terms = []
        for poly_terms in cert["F"]:
            f = sum(
                sympy.Rational(coef) * xs[0] ** e[0] * xs[1] ** e[1] * xs[2] ** e[2]
                for coef, e in poly_terms
            )
            g = sympy.Poly(sympy.expand(f.subs(xs[2], xs[2] + shift)), *xs)
            terms.append([[str(c), list(m)] for m, c in zip(g.monoms(), g.coeffs(), strict=True)])
        point = {
            key: [int(sympy.Rational(v)) for v in cert[key][:2]]
            + [int(sympy.Rational(cert[key][2]) - shift)]
            for key in ("p", "q")
        }
        return json.dumps({"n": 3, "F": terms, **point}).encode()
    finally:
        sys.set_int_max_str_digits(old)


def check_cert_digits(project: Project) -> Outcome:
    from ..cert import check_isolated
    from ..cert.isolate import default_jail, worker_env
    from ..cert.verifiers import for_project

    public = project.evaluator_dir / "certificates" / "N26.cert.json"
    if not public.is_file():
        return False, f"no public certificate {public}", ""
    data = shifted_n26(public, 5_000)
    jail = default_jail()
    verdict = check_isolated("N26", data, jail=jail, verifiers=for_project(project))
    evidence = f"checked a 5,000-digit N26 certificate: {verdict.summary()[:120]}"
    problems = []
    if verdict.status != "valid":
        problems.append(f"verdict {verdict.status} ({verdict.condition})")
    if jail is not None and verdict.isolation == "process":
        problems.append("the worker did not run in the jail")
    if set(worker_env()) - {"PATH", "LANG", "PYTHONPATH", "PYTHONDONTWRITEBYTECODE",
                            "PYTHONNOUSERSITE"}:  # fmt: skip
        problems.append(f"the worker's environment holds {sorted(worker_env())}")
    if problems:
        return False, "; ".join(problems), evidence
    return True, f"valid, in {verdict.isolation}, with a clean environment", evidence


def check_agent_folder(scene_root: Path, script: bytes, jail: Backend) -> Outcome:
    from ..errors import UsageError
    from ..harness import sandbox
    from ..harness.attempt import Attempt, AttemptSpec
    from ..harness.config import AttemptLimits, Condition, EvaluatorConfig, Protocol, Upstream
    from ..harness.profiles import load_profiles
    from .selftest_isolation import PAYLOAD_INSIDE, _report

    folder = scene_root / "agent-home"
    folder.mkdir(mode=0o755)
    program = folder / "my_agent.py"
    program.write_text("print('an agent')\n")
    secret = folder / "answers.toml"
    secret.write_text("[answers]\n")
    packet = scene_root / "packets" / "P901"
    packet.mkdir(parents=True)
    (packet / "Problem.lean").write_text("-- a problem\n")
    spec = AttemptSpec(
        packet=packet,
        out=scene_root / "out",
        profile=load_profiles()["generic"],
        model="selftest",
        condition=Condition.A,
        protocol=Protocol.NATIVE,
        config=EvaluatorConfig(upstream=Upstream("http://127.0.0.1:9")),
        limits=AttemptLimits(work_size=64 << 20, tmp_size=64 << 20, memory=1 << 30),
        agent_exe=program,
        allow_no_lean=True,  # a scene for the jail's policy, not an attempt: no Lean needed
    )
    attempt = Attempt(spec)
    with sandbox.WorkArea(packet, 64 << 20) as area:
        attempt.show_program(area)
        policy = attempt.policy(area, 60.0, {})
        policy = replace(policy, files=(*policy.files, (PAYLOAD_INSIDE, script)))
        inside = str(attempt.exe_inside)
        argv = [sys.executable, "-I", "-S", PAYLOAD_INSIDE, "look", inside, str(program),
                str(secret)]  # fmt: skip
        result = jail.run(argv, policy)
    attempts = _report(result.text()).get("attempts", {})
    if set(attempts) != {inside, str(program), str(secret)}:
        return False, f"the payload did not run ({result.describe()})", ""
    evidence = f"the agent's jail looked at its program, the original and its neighbour: {attempts}"
    problems = []
    if attempts[inside] != "read":
        problems.append("the copy of the program is not readable")
    if attempts[str(secret)] in ("read", "visible") or attempts[str(program)] in (
        "read",
        "visible",
    ):
        problems.append("the program's folder is visible")
    bad = scene_root / "cli"
    bad.mkdir()
    (bad / "packets.key.json").write_text("{}")
    try:
        sandbox.refuse_exposed_folder(bad)
        problems.append("a CLI folder holding a key was accepted")
    except UsageError:
        pass
    if problems:
        return False, "; ".join(problems), evidence
    return (
        True,
        "a copy of the program alone is shown; a CLI folder with a key is refused",
        evidence,
    )


def _forms(ipv4: int) -> dict[str, str]:
    """IPv6 forms of an IPv4 address (built from numbers: no literal in the sources)."""
    nat64 = (0x64_FF9B << 96) | ipv4
    return {
        "NAT64": str(ipaddress.IPv6Address(nat64)),
        "6to4": str(ipaddress.IPv6Address((0x2002 << 112) | (ipv4 << 80))),
        "IPv4-mapped": str(ipaddress.IPv6Address((0xFFFF << 32) | ipv4)),
        "IPv4-compatible": str(ipaddress.IPv6Address(ipv4)),
        "local NAT64": str(ipaddress.IPv6Address((0x64_FF9B_0001 << 80) | ipv4)),
        "Teredo": str(ipaddress.IPv6Address((0x2001_0000 << 96) | (ipv4 ^ 0xFFFF_FFFF))),
    }


def check_proxy_ipv4() -> Outcome:
    from ..harness.webproxy import Refused, check_address

    loopback = int(ipaddress.IPv4Address("127.0.0.1"))
    private = 10 << 24 | 1  # RFC 1918
    link_local = (169 << 24) | (254 << 16) | (169 << 8) | 254  # the metadata service
    passed, problems = 0, []
    for ipv4 in (loopback, private, link_local):
        for what, address in _forms(ipv4).items():
            try:
                check_address(address)
            except Refused:
                passed += 1
            else:
                problems.append(f"{what} {address} accepted")
    public = (8 << 24) | (8 << 16) | (8 << 8) | 8
    for what in ("NAT64", "6to4", "IPv4-mapped"):
        try:
            check_address(_forms(public)[what])
        except Refused as exc:
            problems.append(f"the {what} form of a public address refused: {exc}")
    evidence = f"{passed + len(problems)} IPv6 forms of loopback and private addresses judged"
    if problems:
        return False, "; ".join(problems), evidence
    return True, f"all {passed} refused; NAT64, 6to4 and mapped public addresses pass", evidence


def check_submission_name() -> Outcome:
    from ..errors import OfbError
    from .inputs import find_submissions

    with tempfile.TemporaryDirectory(prefix="ofb-selftest-") as tmp:
        (Path(tmp) / "P004\n.lean").write_text("-- a submission\n")
        try:
            find_submissions(Path(tmp))
        except OfbError as exc:
            message = str(exc)
        else:
            return False, "a name with a line break was taken for P004", "P004⏎.lean offered"
    evidence = "a submission named P004⏎.lean offered"
    if "P004\\n.lean" not in message or "P004\n" in message:
        return False, f"not refused with its name escaped: {message!r}", evidence
    return True, "refused: no packet id; the name printed as P004\\n.lean", evidence


def run_check(
    check: str, project: Project, jail: Backend | None, scene_root: Path, script: bytes,
    reference_text: str,
) -> Outcome:  # fmt: skip
    if check == "verdict-size":
        return check_verdict_size(reference_text)
    if check == "event-stream":
        return check_event_stream()
    if check == "cert-digits":
        return check_cert_digits(project)
    if check == "agent-folder":
        assert jail is not None
        return check_agent_folder(scene_root, script, jail)
    if check == "proxy-ipv4":
        return check_proxy_ipv4()
    if check == "submission-name":
        return check_submission_name()
    raise ValueError(f"unknown check {check!r}")


__all__ = ["CHECKS", "NEEDS_JAIL", "run_check", "shifted_n26"]
