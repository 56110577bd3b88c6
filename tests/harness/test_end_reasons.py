"""Every end reason of Table 7, produced by a real attempt: the generic profile's small
agent (tests/support/generic_agent.py) in the real agent jail, a stand-in model behind
the real gateway, the real MCP server — all in a network namespace holding only `lo`.
(The real CLIs produce the main ones again in test_real_clis.py.)"""

from __future__ import annotations

import pytest

from harness.helpers import (
    SUPPORT,
    generic_profiles,
    make_packets,
    packet_folders,
    read_jsonl,
    run_attempt_in_netns,
    solution_for,
)

MiB = 1 << 20
FAST = {"wall_seconds": 300, "work_size": 64 * MiB, "tmp_size": 64 * MiB, "memory": 4 << 30}


@pytest.fixture
def packet(checkout):
    (only,) = packet_folders(make_packets(checkout))
    return only


def attempt(tmp_path, packet, script, protocol="continuation", limits=None, rules=None):
    out = tmp_path / "attempt" / packet.name
    spec = {
        "packet": str(packet),
        "out": str(out),
        "profile": "generic-test",
        "profiles": str(generic_profiles(tmp_path)),
        "agent_exe": str(SUPPORT / "generic_agent.py"),
        "protocol": protocol,
        "limits": {**FAST, **(limits or {})},
        "rules": rules or {},
        "script": script,
        "allow_no_lean": True,  # no Lean can be installed here
    }
    result = run_attempt_in_netns(tmp_path / "driver", spec)
    return result["record"], out, result


def write_solution(packet) -> dict:
    text = solution_for(packet)
    return {"tool": "bash", "command": f"cat > Solution.lean <<'OFB_EOF'\n{text}OFB_EOF\n"}


def test_native_agent_stopped(tmp_path, packet):
    record, out, _ = attempt(tmp_path, packet, {"turns": [{"text": "I stop."}]}, "native")
    assert record["end_reason"] == "agent stopped"
    assert record["rounds"] == 1 and record["model_calls"]["ok"] == 1
    assert (out / "attempt.json").exists() and len(read_jsonl(out / "rounds.jsonl")) == 1


def test_continuation_without_lean_is_told_the_truth_and_ends_submitted_uncompiled(
    tmp_path, packet
):
    """`--allow-no-lean`: the prompt and the workspace's README say Lean is absent, the
    check says "not compiled", and a static pass is no passing check: the attempt ends
    `submitted uncompiled`, never `submitted`."""
    script = {
        "turns": [
            {"calls": [{"tool": "bash", "command": "head -c 300 README.md"}]},
            {"calls": [write_solution(packet)]},
            {"calls": [{"tool": "check_submission"}]},
            {"text": "Done."},
        ]
    }
    record, out, result = attempt(tmp_path, packet, script)
    assert record["end_reason"] == "submitted uncompiled"
    assert "no Lean to compile it" in record["end_detail"]
    assert record["exceptions"] == ["no-lean"] and record["access"]["lean"] is False
    assert record["submission"]["passed"] and record["submission"]["lean"] is None
    assert (out / "Solution.lean").exists()
    first = str(result["standin"][0]["messages"])
    assert "this sandbox has no Lean toolchain" in first
    assert "There is no Lean toolchain in this sandbox" in first
    # The workspace's own README, as the agent read it with a tool.
    assert "this sandbox has no Lean toolchain" in str(result["standin"][1]["messages"][-1])
    calls = read_jsonl(out / "mcp.jsonl")
    assert [c["tool"] for c in calls] == ["check_submission"]
    assert "NOT COMPILED" in calls[0]["result_head"]
    told = str(result["standin"][3]["messages"][-1])
    assert "check_submission: NOT COMPILED" in told and "PASSED" not in told
    # `ofb grade` reads the attempt folder as it is.
    from openfrontiers.grade.inputs import find_submissions

    (found,) = find_submissions(out.parent)
    assert found.packet_id == packet.name


def test_wall_clock(tmp_path, packet):
    script = {"turns": [{"calls": [{"tool": "bash", "command": "sleep 120"}]}]}
    record, _, _ = attempt(tmp_path, packet, script, "native", limits={"wall_seconds": 6})
    assert record["end_reason"] == "wall clock"
    assert record["wall_minutes"] < 1.0


def test_disk_quota(tmp_path, packet):
    fill = {"tool": "bash", "command": "dd if=/dev/zero of=big bs=1M count=100"}
    record, out, _ = attempt(
        tmp_path, packet, {"turns": [{"calls": [fill]}, {"text": "Filled."}]},
        limits={"work_size": 16 * MiB},
    )  # fmt: skip
    assert record["end_reason"] == "disk quota"
    assert read_jsonl(out / "rounds.jsonl")[-1]["work_bytes_used"] >= 15 * MiB


def test_api_error_on_a_refusal_no_retry_changes(tmp_path, packet):
    record, out, _ = attempt(tmp_path, packet, {"turns": [], "then": {"fail": 401}})
    assert record["end_reason"] == "api error"
    assert record["rounds"] == 1
    assert read_jsonl(out / "gateway.jsonl")[-1]["status"] == 401


def test_agent_error_after_three_rounds_without_a_model_call(tmp_path, packet):
    record, out, _ = attempt(tmp_path, packet, {"turns": [], "then": {"fail": 503}})
    assert record["end_reason"] == "agent error"
    assert record["rounds"] == 3
    assert all(r["model"]["ok"] == 0 for r in read_jsonl(out / "rounds.jsonl"))


def test_native_agent_error_when_no_model_call_succeeds(tmp_path, packet):
    record, _, _ = attempt(tmp_path, packet, {"turns": [], "then": {"fail": 503}}, "native")
    assert record["end_reason"] == "agent error" and record["rounds"] == 1


def test_stalled_without_telling_the_model(tmp_path, packet):
    rules = {"stall_consecutive": 4, "stall_window": 6, "stall_window_hits": 5}
    record, out, result = attempt(
        tmp_path, packet, {"turns": [], "then": {"text": "No progress is possible."}}, rules=rules
    )
    assert record["end_reason"] == "stalled"
    assert record["rounds"] == 4
    rounds = read_jsonl(out / "rounds.jsonl")
    assert [r["kind"] for r in rounds] == ["start", "resume", "resume", "resume"]
    # Each resumed session got the continuation message; none mentions the stall rule.
    prompts = [str(r["messages"][-1]["content"]) for r in result["standin"]]
    assert sum("Time remaining" in p for p in prompts) == 3
    assert "Submission status: there is no Solution.lean yet" in prompts[1]
    assert not any("stall" in p.lower() for p in prompts)


def test_stall_rule_counts_thirty_of_forty():
    from openfrontiers.harness.records import stalled

    pattern = ([True] * 3 + [False]) * 10  # 30 of 40 without tool use, never 20 in a row
    assert stalled(pattern, 20, 40, 30)
    assert not stalled(pattern[:-4] + [False] * 4, 20, 40, 30)
    assert stalled([False] + [True] * 20, 20, 40, 30)
    assert not stalled([True] * 19, 20, 40, 30)


def test_continuation_agent_stopped_with_too_little_time_left(tmp_path, packet):
    record, _, _ = attempt(
        tmp_path, packet, {"turns": [{"text": "I stop."}]}, rules={"min_left": 3600}
    )
    assert record["end_reason"] == "agent stopped" and record["rounds"] == 1
