"""What the agent jail shows of the agent's own program (issue 28, item 3): the generic agent
(`bind_up = 0`) is copied in alone, never its folder; a CLI folder that is bound is refused
when it lies in a checkout or holds a checkout, a key or evaluator data."""

from __future__ import annotations

import secrets
import shutil

import pytest

from harness.helpers import (
    SUPPORT,
    generic_profiles,
    make_packets,
    packet_folders,
    run_attempt_in_netns,
)
from openfrontiers.errors import UsageError
from openfrontiers.harness.sandbox import refuse_exposed_folder


def cli_folder(tmp_path):
    folder = tmp_path / "clis" / "agent"
    folder.mkdir(parents=True)
    (folder / "cli.js").write_text("// a CLI\n")
    return folder


def test_a_clean_cli_folder_may_be_bound(tmp_path):
    refuse_exposed_folder(cli_folder(tmp_path))


@pytest.mark.parametrize(
    ("plant", "what"),
    [
        ("packets.key.json", "evaluator data"),
        ("deep/answers.toml", "evaluator data"),
        ("copy/FrontierBench/evaluator/", "a checkout"),
        ("repo/lakefile.toml", "a checkout"),
    ],
)
def test_a_cli_folder_holding_evaluator_data_is_refused(tmp_path, plant, what):
    folder = cli_folder(tmp_path)
    target = folder / plant
    if plant.endswith("/"):
        target.mkdir(parents=True)
    else:
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text("x")
        if plant == "repo/lakefile.toml":
            (target.parent / "FrontierBench").mkdir()
    with pytest.raises(UsageError, match=what):
        refuse_exposed_folder(folder)


def test_a_folder_inside_a_checkout_or_holding_the_packets_is_refused(tmp_path):
    checkout = tmp_path / "repo"
    (checkout / "FrontierBench").mkdir(parents=True)
    (checkout / "lakefile.toml").write_text("")
    (checkout / "tools").mkdir()
    with pytest.raises(UsageError, match="inside the checkout"):
        refuse_exposed_folder(checkout / "tools")
    folder = cli_folder(tmp_path)
    (folder / "packets").mkdir()
    with pytest.raises(UsageError, match="holds"):
        refuse_exposed_folder(folder, (folder / "packets",))


def test_a_huge_folder_is_refused_not_walked_whole(tmp_path, monkeypatch):
    from openfrontiers.harness import sandbox

    monkeypatch.setattr(sandbox, "MAX_FOLDER_ENTRIES", 5)
    folder = cli_folder(tmp_path)
    for k in range(10):
        (folder / f"f{k}").write_text("")
    with pytest.raises(UsageError, match="more than 5 entries"):
        refuse_exposed_folder(folder)


def test_the_generic_agent_sees_its_program_and_not_its_folder(tmp_path, checkout):
    """The red team's attack: the generic agent run from a folder that holds the evaluator's
    answers. The jail holds a copy of the program alone; the folder's neighbour is not there."""
    packet = packet_folders(make_packets(checkout))[0]
    folder = tmp_path / "home-of-agent"
    folder.mkdir()
    shutil.copy(SUPPORT / "generic_agent.py", folder / "my_agent.py")
    nonce = secrets.token_hex(8)
    (folder / "answers.toml").write_text(f'secret = "{nonce}"\n')
    look = f"cat {folder}/answers.toml; ls -a {folder}; echo looked"
    script = {"turns": [{"calls": [{"tool": "bash", "command": look}]}, {"text": "Done."}]}
    spec = {
        "packet": str(packet),
        "out": str(tmp_path / "attempt" / packet.name),
        "profile": "generic-test",
        "profiles": str(generic_profiles(tmp_path)),
        "agent_exe": str(folder / "my_agent.py"),
        "protocol": "native",
        "limits": {"wall_seconds": 300, "work_size": 64 << 20, "tmp_size": 64 << 20},
        "script": script,
        "allow_no_lean": True,  # no Lean can be installed here
    }
    result = run_attempt_in_netns(tmp_path / "driver", spec)
    seen = str(result["standin"])
    assert "looked" in seen  # the agent ran the command and reported what it saw
    assert "No such file or directory" in seen  # the folder is not in the jail at all
    assert nonce not in seen and "my_agent.py" not in seen
    agent = result["record"]["agent"]
    assert agent["bound"] == "a copy of the program"
    assert agent["executable"] == str(folder / "my_agent.py")
