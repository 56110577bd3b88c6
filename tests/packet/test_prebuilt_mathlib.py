"""`ofb packet export --mathlib-from DIR`: every packet's Lake workspace takes a prebuilt,
read-only Mathlib from DIR, so `lake build` in a packet never fetches. Lake skips the fetch
for a manifest entry exactly when `DIR/<name>` is a git checkout whose HEAD is the entry's
`rev`; the export checks that for every package (on real git repositories here), and the
packet README says what the solver's sandbox holds."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from cli_helpers import ofb
from ofb_testing import REPO
from openfrontiers.errors import UsageError
from openfrontiers.lean import lake_manifest
from openfrontiers.packet import export as px
from openfrontiers.register import Subset
from openfrontiers.submission.local import lake_env

SALT = b"prebuilt mathlib tests\n"
STANDIN_BIN = REPO / "tests" / "support" / "toolchain" / "bin"
GIT = ["git", "-c", "user.name=t", "-c", "user.email=t@t", "-c", "init.defaultBranch=main"]


def commit(repo: Path, text: str) -> str:
    repo.mkdir(parents=True, exist_ok=True)
    (repo / "README").write_text(text)
    subprocess.run([*GIT, "-C", str(repo), "init", "-q"], check=True)
    subprocess.run([*GIT, "-C", str(repo), "add", "-A"], check=True)
    subprocess.run([*GIT, "-C", str(repo), "commit", "-qm", text], check=True)
    done = subprocess.run(
        ["git", "-C", str(repo), "rev-parse", "HEAD"], capture_output=True, text=True, check=True
    )
    return done.stdout.strip()


@pytest.fixture
def packages(checkout, tmp_path) -> Path:
    """A packages directory holding every package of the checkout's manifest as a git
    checkout, Mathlib built; the checkout's manifest pins those commits."""
    folder = tmp_path / "prebuilt" / "packages"
    path = checkout.root / "lake-manifest.json"
    manifest = lake_manifest.load(path)
    for entry in manifest["packages"]:
        entry["rev"] = commit(folder / entry["name"], entry["name"])
    olean = folder / "mathlib" / ".lake" / "build" / "lib" / "lean" / "Mathlib.olean"
    olean.parent.mkdir(parents=True)
    olean.write_bytes(b"olean")
    path.write_text(lake_manifest.dumps(manifest), encoding="utf-8")
    return folder


def export(checkout, **kw):
    project = checkout.project()
    items = project.register.written()
    return px.export(
        project,
        Subset("written", "", tuple(i.id for i in items)),
        items,
        out=checkout.root / "packets",
        key_path=checkout.root / "packets.key.json",
        salt=SALT,
        budget_hours=3,
        **kw,
    )


def test_every_packet_takes_mathlib_from_the_prebuilt_directory(checkout, packages):
    result = export(checkout, mathlib_from=packages)
    (packet,) = (result.out / pid for pid in result.mapping)
    lakefile = tomllib.loads((packet / "lakefile.toml").read_text())
    assert lakefile["packagesDir"] == str(packages)
    text = (packet / "lake-manifest.json").read_text()
    manifest = json.loads(text)
    assert manifest["packagesDir"] == str(packages) and text == lake_manifest.dumps(manifest)
    root = lake_manifest.load(checkout.root / "lake-manifest.json")
    assert manifest["packages"] == root["packages"]  # the revisions Lake finds checked out
    readme = (packet / "README.md").read_text()
    assert f"**prebuilt and read-only**, at `{packages}`" in readme
    assert "fetches nothing" in readme and "safe.directory" in readme
    key = json.loads(result.key_path.read_text())
    assert key["mathlib"] == {"packages_dir": str(packages)}
    assert px.verify(checkout.project(), result.key_path, result.out, SALT) == []


def test_a_relative_directory_is_recorded_as_its_absolute_path(checkout, packages, monkeypatch):
    monkeypatch.chdir(packages.parent)
    result = export(checkout, mathlib_from=Path("packages"))
    (pid,) = result.mapping
    lakefile = (result.out / pid / "lakefile.toml").read_text()
    assert f"packagesDir = {json.dumps(str(packages))}" in lakefile


def test_without_it_the_readme_says_mathlib_must_be_fetched(checkout):
    result = export(checkout)
    (packet,) = (result.out / pid for pid in result.mapping)
    assert "packagesDir" not in (packet / "lakefile.toml").read_text()
    assert json.loads((packet / "lake-manifest.json").read_text())["packagesDir"] == (
        ".lake/packages"
    )
    readme = (packet / "README.md").read_text()
    assert "Mathlib is **not** part of this packet" in readme and "lake exe cache get" in readme
    assert json.loads(result.key_path.read_text())["mathlib"] is None


def test_a_directory_lake_would_fetch_into_is_refused_with_every_problem(checkout, packages):
    shutil.rmtree(packages / "aesop")
    commit(packages / "batteries", "another commit")
    (packages / "mathlib" / ".lake" / "build" / "lib" / "lean" / "Mathlib.olean").unlink()
    with pytest.raises(UsageError) as err:
        export(checkout, mathlib_from=packages)
    message = str(err.value)
    assert f"{packages / 'aesop'}: missing (Lake would clone aesop)" in message
    assert f"{packages / 'batteries'}: at " in message and "the manifest pins" in message
    assert "Mathlib is not built" in message
    assert not (checkout.root / "packets").exists()
    with pytest.raises(UsageError, match="is not a directory"):
        export(checkout, mathlib_from=packages / "nowhere")


def test_cli_option(checkout, packages, capsys):
    (checkout.root / "salt.bin").write_bytes(SALT)
    run = ofb(
        capsys, "packet", "export", "--salt-file", "salt.bin", "--mathlib-from", str(packages)
    )
    assert run.code == 0, run.err
    (lakefile,) = (checkout.root / "packets").glob("P*/lakefile.toml")
    assert str(packages) in lakefile.read_text()
    bad = ofb(capsys, "packet", "export", "--force", "--mathlib-from", str(packages / "nope"))
    assert bad.code == 2 and "--mathlib-from" in bad.err


def test_check_submission_lets_git_trust_the_prebuilt_packages(checkout, packages, tmp_path):
    """The stand-in lake (tests/support) refuses to build, like Lake, where git would
    refuse another user's repositories; check_submission tells git to trust them."""
    result = export(checkout, mathlib_from=packages)
    (packet,) = (result.out / pid for pid in result.mapping)
    problem = (packet / "Problem.lean").read_text()
    (packet / "Solution.lean").write_text(
        problem.replace("answer(sorry)", "answer(True)").replace(
            "  sorry\n", "  exact ⟨fun _ => ⟨3, by decide⟩, fun _ => trivial⟩\n"
        )
    )
    home = tmp_path / "home"
    home.mkdir()
    env = {"PATH": f"{STANDIN_BIN}:/usr/bin:/bin", "HOME": str(home)}
    done = subprocess.run(
        [sys.executable, "check_submission", "--format", "json"],
        cwd=packet,
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    report = json.loads(done.stdout)
    assert report["lean"]["compiled"], report["lean"]["log"]


def test_lake_env_adds_the_trust_after_the_caller_s_own_git_settings(monkeypatch):
    monkeypatch.setenv("GIT_CONFIG_COUNT", "1")
    monkeypatch.setenv("GIT_CONFIG_KEY_0", "core.pager")
    monkeypatch.setenv("GIT_CONFIG_VALUE_0", "cat")
    env = lake_env()
    assert env["GIT_CONFIG_COUNT"] == "2" and env["GIT_CONFIG_KEY_0"] == "core.pager"
    assert (env["GIT_CONFIG_KEY_1"], env["GIT_CONFIG_VALUE_1"]) == ("safe.directory", "*")


@pytest.mark.lean
@pytest.mark.skipif(shutil.which("lake") is None, reason="needs a Lean toolchain (lake on PATH)")
def test_a_packet_builds_offline_on_the_checkout_s_prebuilt_mathlib(bwrap, tmp_path):
    """With the real toolchain: a packet exported with --mathlib-from <checkout>/.lake/packages
    builds `Problem` in the jail, without network, the packages read-only."""
    from openfrontiers.lean.toolchain import Toolchain
    from openfrontiers.project import Project

    project = Project(REPO)
    toolchain = Toolchain.discover(project)
    items = [i for i in project.register.written() if project.item_file(i.id).exists()][:1]
    out = tmp_path / "packets"
    os.chmod(tmp_path, 0o755)
    exported = px.export(
        project,
        Subset("one", "", tuple(i.id for i in items)),
        items,
        out=out,
        key_path=tmp_path / "packets.key.json",
        salt=SALT,
        budget_hours=1,
        mathlib_from=REPO / ".lake" / "packages",
    )
    (packet,) = (out / pid for pid in exported.mapping)
    for path in [packet, *packet.rglob("*")]:
        path.chmod(0o755 if path.is_dir() else 0o644)
    policy = toolchain.policy(
        work_dir=packet,
        project=False,
        extra_read_only=[(REPO / ".lake" / "packages").resolve()],
    )
    result = toolchain.run(bwrap, toolchain.lake_build(["Problem"]), policy, cwd=packet)
    assert result.ok, result.text("stdout")[-3000:] + result.text("stderr")[-3000:]
