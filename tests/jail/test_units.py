"""The jail's pure parts: cgroup layout detection, the seccomp rules, the work-dir copy."""

from __future__ import annotations

import os

import pytest

from openfrontiers.errors import OfbError
from openfrontiers.jail import JailResult
from openfrontiers.jail.cgroups import CgroupLayout, parse_mountinfo, parse_proc_cgroup
from openfrontiers.jail.policy import MiB
from openfrontiers.jail.seccomp import CLONE_NAMESPACE_FLAGS, DENIED, docker_profile
from openfrontiers.jail.workspace import (
    CopyBackRefused,
    CopyLimits,
    copy_entries,
    copy_tree,
    inventory,
    replace_contents,
)

# A machine of our kind: a v2 mount with no controllers, v1 hierarchies doing the work.
MOUNTINFO_V1 = """\
31 23 0:28 / /sys/fs/cgroup rw,relatime - tmpfs tmpfs rw,mode=755
32 31 0:29 / /sys/fs/cgroup/cpu rw,relatime - cgroup cgroup rw,cpu
33 31 0:30 / /sys/fs/cgroup/cpuacct rw,relatime - cgroup cgroup rw,cpuacct
35 31 0:32 / /sys/fs/cgroup/memory rw,relatime - cgroup cgroup rw,memory
37 31 0:34 / /sys/fs/cgroup/freezer rw,relatime - cgroup cgroup rw,freezer
39 31 0:36 / /sys/fs/cgroup/pids rw,relatime - cgroup cgroup rw,pids
41 31 0:38 / /sys/fs/cgroup/unified rw,relatime - cgroup2 cgroup2 rw
"""
PROC_CGROUP_V1 = """\
8:pids:/
6:freezer:/
4:memory:/process_api/abc
2:cpuacct:/
1:cpu:/
0::/
"""


def test_v1_layout_is_found_when_v2_has_no_controllers(tmp_path):
    unified = tmp_path / "unified"
    unified.mkdir()
    (unified / "cgroup.controllers").write_text("")
    info = MOUNTINFO_V1.replace("/sys/fs/cgroup/unified", str(unified))
    layout = CgroupLayout.detect(info, PROC_CGROUP_V1)
    assert layout.version == "v1"
    assert layout.v1["memory"].as_posix() == "/sys/fs/cgroup/memory/process_api/abc"
    assert layout.v1["pids"].as_posix() == "/sys/fs/cgroup/pids"


def test_v2_layout_with_controllers(tmp_path):
    group = tmp_path / "user.slice" / "me"
    group.mkdir(parents=True)
    (group / "cgroup.controllers").write_text("cpuset cpu io memory pids\n")
    info = f"41 23 0:38 / {tmp_path} rw,relatime - cgroup2 cgroup2 rw\n"
    layout = CgroupLayout.detect(info, "0::/user.slice/me\n")
    assert layout.version == "v2" and layout.v2 == group


def test_no_layout_names_what_is_missing():
    layout = CgroupLayout.detect("41 23 0:38 / /nonexistent rw - cgroup2 cgroup2 rw\n", "0::/\n")
    assert layout.version is None and "memory" in layout.reason


def test_mountinfo_with_nested_root_and_escaped_spaces():
    mounts = parse_mountinfo(
        "50 1 0:40 /kube/pod1 /sys/fs/cgroup/my\\040dir rw - cgroup cgroup rw,memory\n"
    )
    assert mounts[0].root == "/kube/pod1" and str(mounts[0].point) == "/sys/fs/cgroup/my dir"
    assert "memory" in mounts[0].options
    assert parse_proc_cgroup("3:cpu,cpuacct:/a\n1:name=systemd:/b\n") == {
        "cpu": "/a",
        "cpuacct": "/a",
        "systemd": "/b",
    }


def test_seccomp_rules_cover_the_list():
    for name in (
        "socket",
        "socketpair",
        "connect",
        "bind",
        "listen",
        "accept",
        "accept4",
        "mount",
        "umount2",
        "pivot_root",
        "chroot",
        "ptrace",
        "process_vm_readv",
        "process_vm_writev",
        "unshare",
        "setns",
        "bpf",
        "perf_event_open",
        "keyctl",
        "kexec_load",
        "kexec_file_load",
        "init_module",
        "finit_module",
        "delete_module",
        "io_uring_setup",
        "io_uring_enter",
        "io_uring_register",
    ):
        assert name in DENIED
    profile = docker_profile()
    assert profile["defaultAction"] == "SCMP_ACT_ALLOW"
    denied = {n for rule in profile["syscalls"] if "args" not in rule for n in rule["names"]}
    assert set(DENIED) <= denied and "clone3" in denied
    clone_rules = [r for r in profile["syscalls"] if r["names"] == ["clone"]]
    assert {r["args"][0]["value"] for r in clone_rules} == set(CLONE_NAMESPACE_FLAGS.values())


def test_bpf_program_compiles():
    if not _has_binding():
        pytest.skip("no seccomp binding (pip install pyseccomp)")
    from openfrontiers.jail.seccomp import bpf_program

    program = bpf_program()
    assert len(program) % 8 == 0 and len(program) > 8 * len(DENIED)


def _has_binding() -> bool:
    from openfrontiers.jail.seccomp import binding_name

    return binding_name() is not None


def test_copy_back_takes_files_and_directories(tmp_path):
    src, dst = tmp_path / "src", tmp_path / "dst"
    (src / "d").mkdir(parents=True)
    (src / "d" / "f").write_text("x")
    dst.mkdir()
    (dst / "stale").write_text("old")
    replace_contents(dst, src)
    assert sorted(p.name for p in dst.iterdir()) == ["d"]
    assert (dst / "d" / "f").read_text() == "x"


@pytest.mark.parametrize(
    "make,reason",
    [
        (lambda src: (src / "link").symlink_to("/etc/passwd"), "link is a symbolic link"),
        (lambda src: (src / "dirlink").symlink_to(src / "d"), "dirlink is a symbolic link"),
        (lambda src: os.mkfifo(src / "fifo"), "fifo is not a regular file"),
        (lambda src: os.link(src / "d" / "f", src / "hard"), "hard-linked"),
        (lambda src: os.truncate(src / "d" / "f", 8 * MiB), "sparse"),
    ],
)
def test_copy_back_refuses_links_special_and_sparse_files_and_copies_nothing(
    tmp_path, make, reason
):
    src, dst = tmp_path / "src", tmp_path / "dst"
    (src / "d").mkdir(parents=True)
    (src / "d" / "f").write_text("x")
    make(src)
    dst.mkdir()
    (dst / "stale").write_text("old")
    with pytest.raises(CopyBackRefused, match=reason):
        replace_contents(dst, src)
    assert [p.name for p in dst.iterdir()] == ["stale"]


def test_copy_back_counts_entries_and_bytes_before_copying(tmp_path):
    src = tmp_path / "src"
    src.mkdir()
    for i in range(30):
        (src / f"f{i}").write_bytes(b"x" * 100)
    with pytest.raises(CopyBackRefused, match="more than 20 files"):
        inventory(src, None, CopyLimits(max_files=20))
    with pytest.raises(CopyBackRefused, match="more than 2000 bytes"):
        inventory(src, None, CopyLimits(max_bytes=2000))
    with pytest.raises(CopyBackRefused, match="is 100 bytes long"):
        inventory(src, None, CopyLimits(max_file_bytes=99))
    assert len(inventory(src, None, CopyLimits(max_files=30, max_bytes=3000))) == 30


def test_copy_back_patterns_take_only_what_is_named(tmp_path):
    src = tmp_path / "src"
    lib = src / ".lake" / "build" / "lib" / "lean"
    (lib / "FrontierBench" / "Util").mkdir(parents=True)
    (lib / "Solution.olean").write_bytes(b"o")
    (lib / "Solution.ilean").write_bytes(b"i")
    (lib / "FrontierBench" / "Util" / "Answer.olean").write_bytes(b"u")
    (src / "lakefile.lean").write_text("-- planted")
    (src / "junk").mkdir()
    for i in range(50):
        (src / "junk" / f"f{i}").touch()
    (src / "junk" / "link").symlink_to("/etc/passwd")  # not named: never looked at
    names = [
        ".lake/build/lib/lean/Solution.olean",
        ".lake/build/lib/lean/Solution.ilean",
        ".lake/build/lib/lean/Missing.olean",
        ".lake/build/lib/lean/FrontierBench/Util/*.olean",
    ]
    got = inventory(src, names, CopyLimits(max_files=20))
    files = sorted(str(e.rel) for e in got if not e.is_dir)
    assert files == [
        ".lake/build/lib/lean/FrontierBench/Util/Answer.olean",
        ".lake/build/lib/lean/Solution.ilean",
        ".lake/build/lib/lean/Solution.olean",
    ]
    dst = tmp_path / "dst"
    dst.mkdir()
    copy_entries(src, dst, got)
    assert (dst / ".lake/build/lib/lean/Solution.olean").read_bytes() == b"o"
    assert not (dst / "lakefile.lean").exists() and not (dst / "junk").exists()


def test_copy_back_patterns_refuse_a_link_on_the_way(tmp_path):
    src = tmp_path / "src"
    (src / "real" / "lean").mkdir(parents=True)
    (src / "real" / "lean" / "Solution.olean").write_bytes(b"o")
    (src / ".lake").mkdir()
    (src / ".lake" / "build").symlink_to(src / "real")
    with pytest.raises(CopyBackRefused, match=r"\.lake/build is a symbolic link"):
        inventory(src, [".lake/build/lean/Solution.olean"], CopyLimits())
    with pytest.raises(CopyBackRefused, match="symbolic link"):
        inventory(src, [".lake/*/lean/Solution.olean"], CopyLimits())
    with pytest.raises(OfbError, match="relative path"):
        inventory(src, ["../etc/passwd"], CopyLimits())


def test_copy_replaces_a_symlink_target_instead_of_following_it(tmp_path):
    src, dst, outside = tmp_path / "src", tmp_path / "dst", tmp_path / "outside"
    src.mkdir(), dst.mkdir()
    outside.write_text("keep")
    (dst / "f").symlink_to(outside)
    (src / "f").write_text("new")
    copy_tree(src, dst)
    assert outside.read_text() == "keep" and (dst / "f").read_text() == "new"
    assert not (dst / "f").is_symlink()


def test_result_outcome_words():
    base = {
        "backend": "x",
        "exit_code": 0,
        "signal": None,
        "timed_out": False,
        "killed_for_memory": False,
        "killed_for_cpu": False,
        "wall_time": 0.1,
        "cpu_time": None,
        "peak_memory": None,
        "stdout": b"",
        "stderr": b"",
    }
    assert JailResult(**base).outcome == "ok"
    assert JailResult(**{**base, "exit_code": 3}).outcome == "exit"
    assert JailResult(**{**base, "timed_out": True, "signal": 9}).outcome == "timeout"
    assert JailResult(**{**base, "killed_for_memory": True, "signal": 9}).outcome == "memory"
    assert "killed by signal 11" in JailResult(**{**base, "signal": 11}).describe()
