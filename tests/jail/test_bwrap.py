"""The bwrap jail, run for real: each protection and each limit is tried from inside."""

from __future__ import annotations

import os
import secrets
import time
from dataclasses import replace
from pathlib import Path

import pytest

from openfrontiers.errors import UsageError
from openfrontiers.jail import JailPolicy, MiB, base_policy
from openfrontiers.jail.bwrap import BwrapBackend, Hardening
from openfrontiers.jail.loopback import LoopbackListener
from openfrontiers.jail.policy import python_executable, python_paths

PY = str(python_executable())


def py_policy(**kwargs) -> JailPolicy:
    return base_policy(read_only=python_paths(), **kwargs)


def run_py(jail, code: str, policy: JailPolicy | None = None, **kwargs):
    return jail.run([PY, "-I", "-S", "-c", code], policy or py_policy(), **kwargs)


def test_true_exits_zero_and_reports_how(bwrap):
    r = bwrap.run(["/usr/bin/true"], base_policy())
    assert r.ok and r.exit_code == 0 and r.signal is None
    assert r.limits_via in ("cgroup-v1", "cgroup-v2", "rlimit")
    assert r.wall_time < 5


def test_exit_code_and_signal_are_reported(bwrap):
    assert bwrap.run(["/bin/sh", "-c", "exit 7"], base_policy()).exit_code == 7
    r = bwrap.run(["/bin/sh", "-c", "kill -TERM $$"], base_policy())
    assert r.signal == 15 and r.outcome == "signal"


# Tries each host loopback listener named on the command line; prints one line per address.
CONNECT = """
import socket, sys
for address in sys.argv[1:]:
    host, _, port = address.rpartition(":")
    host = host.strip("[]")
    try:
        s = socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET)
        s.settimeout(2)
        s.connect((host, int(port)))
        print(address, "connected")
    except OSError as e:
        print(address, "refused", e.errno)
"""


@pytest.mark.parametrize(
    "hardening, reaches",
    [
        (Hardening(), False),  # seccomp refuses socket(); the namespace has only lo
        (Hardening(seccomp=False), False),  # the jail's own lo: nothing listens there
        (Hardening(seccomp=False, unshare_net=False), True),  # the host's network, shared
    ],
)
def test_the_hosts_loopback_is_reached_only_from_a_jail_sharing_the_network(
    bwrap, hardening, reaches
):
    """Isolation shown on loopback only: a listener of the test's own on the host."""
    jail = bwrap if hardening == Hardening() else BwrapBackend(hardening)
    with LoopbackListener() as listener:
        addresses = listener.addresses
        r = jail.run([PY, "-I", "-S", "-c", CONNECT, *addresses], py_policy())
        reached = listener.reached()
    lines = r.text().splitlines()
    assert [line.split()[0] for line in lines] == addresses, r.text() + r.text("stderr")
    assert all(("connected" in line) == reaches for line in lines), lines
    assert reached == (addresses if reaches else [])  # the host's own account


def test_only_loopback_interface(bwrap):
    r = bwrap.run(
        [
            "/bin/sh",
            "-c",
            "cat /proc/net/dev; echo --; cat /proc/net/route; echo --; cat /proc/net/if_inet6",
        ],
        base_policy(),
    )
    dev, route, inet6 = r.text().split("--\n")
    assert [line.split(":")[0].strip() for line in dev.splitlines()[2:]] == ["lo"]
    assert route.splitlines()[1:] == []  # no route at all
    assert {line.split()[-1] for line in inet6.splitlines()} <= {"lo"}


def test_writes_outside_the_work_dir_are_refused(bwrap, tmp_path):
    visible = tmp_path / "ro"
    visible.mkdir()
    os.chmod(visible, 0o777)
    policy = py_policy().with_read_only(visible)
    r = run_py(
        bwrap,
        f"""
import os
bad = []
for d in ('/', '/usr', '/etc', {str(visible)!r}):
    try:
        open(os.path.join(d, 'x'), 'w').close(); bad.append(d)
    except OSError:
        pass
open('/work/ok', 'w').write('fine')
print('bad', bad)
""",
        policy,
    )
    assert r.text().strip() == "bad []", r.text("stderr")
    assert not (visible / "x").exists()


def test_host_paths_are_not_visible(bwrap):
    r = bwrap.run(
        ["/bin/sh", "-c", "ls -d /root /home /var /run /sys /etc/shadow 2>/dev/null; ls /"],
        base_policy(),
    )
    listed = set(r.text().split())
    assert not listed & {"/root", "/home", "/var", "/run", "/sys", "/etc/shadow"}
    assert "home" not in listed and "root" not in listed


def test_environment_is_only_the_policys(bwrap, monkeypatch):
    monkeypatch.setenv("OFB_HOST_SECRET", "leak")
    policy = base_policy().with_env(FOO="bar")
    r = bwrap.run(["/usr/bin/env"], policy)
    env = dict(line.split("=", 1) for line in r.text().splitlines())
    env.pop("PWD", None)  # set by bubblewrap to the jail's cwd
    assert env == {"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "FOO": "bar"}


def test_runs_unprivileged_with_no_capabilities(bwrap):
    r = bwrap.run(
        [
            "/bin/sh",
            "-c",
            "id -u; grep -E '^(CapEff|CapBnd|NoNewPrivs|Seccomp):' /proc/self/status",
        ],
        base_policy(),
    )
    lines = r.text().split("\n")
    assert lines[0] != "0"
    fields = dict(line.split(":\t") for line in lines[1:] if line)
    assert int(fields["CapEff"], 16) == 0 and int(fields["CapBnd"], 16) == 0
    assert fields["NoNewPrivs"] == "1" and fields["Seccomp"] == "2"


def test_memory_limit_kills_and_is_reported(bwrap):
    policy = py_policy().with_limits(memory=96 * MiB)
    r = run_py(bwrap, "x = []\nfor _ in range(64): x.append(bytearray(16 << 20))", policy)
    assert not r.ok
    if r.limits_via.startswith("cgroup"):
        assert r.killed_for_memory and r.outcome == "memory"
        assert r.peak_memory is not None and r.peak_memory <= 97 * MiB
    else:
        assert "MemoryError" in r.text("stderr")


def test_process_limit(bwrap):
    policy = py_policy().with_limits(processes=16)
    r = run_py(
        bwrap,
        """
import os, time
n = 0
try:
    for _ in range(64):
        pid = os.fork()
        if pid == 0:
            time.sleep(20); os._exit(0)
        n += 1
except OSError as e:
    print('refused', n)
""",
        policy.with_limits(wall_seconds=30),
    )
    assert r.text().startswith("refused"), r.text() + r.text("stderr")
    assert int(r.text().split()[1]) < 16


def test_cpu_time_limit_kills_and_is_reported(bwrap):
    policy = py_policy().with_limits(cpu_seconds=1.0, wall_seconds=30)
    r = run_py(bwrap, "while True: pass", policy)
    assert r.killed_for_cpu and r.outcome == "cpu"
    assert r.wall_time < 10


def test_file_size_limit(bwrap):
    policy = py_policy().with_limits(file_size=1 * MiB)
    r = run_py(
        bwrap,
        """
import errno
try:
    open('/work/big', 'wb').write(b'0' * (4 << 20)); print('wrote')
except OSError as e:
    print(errno.errorcode[e.errno])
""",
        policy,
    )
    assert r.text().strip() == "EFBIG"


def test_wall_clock_limit_kills_the_tree(bwrap):
    start = time.monotonic()
    r = bwrap.run(
        ["/bin/sh", "-c", "sleep 30 & sleep 30"], base_policy().with_limits(wall_seconds=1.0)
    )
    assert r.timed_out and r.outcome == "timeout"
    assert time.monotonic() - start < 10


def test_orphan_in_new_session_is_killed(bwrap):
    token = f"{4000 + secrets.randbelow(1000)}.{secrets.randbelow(10**6):06d}"
    r = bwrap.run(
        ["/bin/sh", "-c", f"setsid sleep {token} > /dev/null 2>&1 & echo started"], base_policy()
    )
    assert r.text().strip() == "started"
    time.sleep(0.3)
    alive = []
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            if token.encode() in Path(f"/proc/{pid}/cmdline").read_bytes():
                alive.append(pid)
        except OSError:
            pass
    assert alive == []


def test_tmp_and_work_are_size_capped(bwrap):
    policy = base_policy(tmp_size=4 * MiB, work_size=4 * MiB)
    r = bwrap.run(
        [
            "/bin/sh",
            "-c",
            (
                "dd if=/dev/zero of=/tmp/f bs=1M count=16 2>&1 | tail -1; "
                "dd if=/dev/zero of=/work/f bs=1M count=16 2>&1 | tail -1; "
                "ls -l /tmp/f /work/f"
            ),
        ],
        policy,
    )
    sizes = [int(line.split()[4]) for line in r.text().splitlines() if line.startswith("-")]
    assert sizes and all(s <= 4 * MiB for s in sizes), r.text()


def test_host_work_dir_is_staged_capped_and_copied_back(bwrap, tmp_path):
    work = tmp_path / "work"
    work.mkdir()
    (work / "input.txt").write_text("in")
    policy = replace(base_policy(), work_dir=work, work_size=4 * MiB)
    r = bwrap.run(
        [
            "/bin/sh",
            "-c",
            (
                "cat input.txt > output.txt; mkdir sub; echo deep > sub/f; "
                "dd if=/dev/zero of=big bs=1M count=16 2>/dev/null; echo done"
            ),
        ],
        policy,
    )
    assert r.text().strip() == "done"
    assert r.work_capped == (os.geteuid() == 0)
    assert (work / "output.txt").read_text() == "in"
    assert (work / "sub" / "f").read_text() == "deep\n"
    if r.work_capped:
        assert r.ok and (work / "big").stat().st_size <= 4 * MiB


def staged_only(bwrap):
    if os.geteuid() != 0:
        pytest.skip("the work dir is staged (and copied back) only as root")


@pytest.mark.parametrize(
    "leave,reason",
    [
        ("ln -s /etc/passwd link", "link is a symbolic link"),
        ("mkfifo pipe", "pipe is not a regular file"),
        ("echo x > f; ln f g", "hard-linked"),
    ],
)
def test_a_link_or_special_file_left_behind_fails_the_run(bwrap, tmp_path, leave, reason):
    staged_only(bwrap)
    work = tmp_path / "work"
    work.mkdir()
    (work / "input.txt").write_text("in")
    policy = replace(base_policy(), work_dir=work, work_size=4 * MiB)
    r = bwrap.run(["/bin/sh", "-c", f"echo out > output.txt; {leave}"], policy)
    assert r.outcome == "work" and reason in r.work_refused and not r.ok
    assert sorted(p.name for p in work.iterdir()) == ["input.txt"]  # nothing came back


def test_sparse_files_are_not_written_out_on_the_host(bwrap, tmp_path):
    """Issue 11, item 3: sixteen sparse files of 48 MiB each (768 MiB of holes) from a work
    dir capped at 64 MiB. Copying them back wrote every hole out on the host."""
    staged_only(bwrap)
    work = tmp_path / "work"
    work.mkdir()
    policy = replace(base_policy(), work_dir=work, work_size=64 * MiB).with_limits(
        file_size=64 * MiB
    )
    r = bwrap.run(
        ["/bin/sh", "-c", "for i in $(seq 16); do truncate -s 48M hole$i; done; echo made"],
        policy,
    )
    assert r.text().strip() == "made"  # the attack ran inside
    assert r.outcome == "work" and "sparse" in r.work_refused, r.describe()
    on_host = sum(p.stat().st_size for p in work.rglob("*") if p.is_file())
    assert on_host == 0 and not list(work.iterdir())


def test_one_sparse_file_under_the_cap_is_refused_too(bwrap, tmp_path):
    staged_only(bwrap)
    work = tmp_path / "work"
    work.mkdir()
    policy = replace(base_policy(), work_dir=work, work_size=64 * MiB)
    r = bwrap.run(["/bin/sh", "-c", "truncate -s 32M hole; echo made"], policy)
    assert r.text().strip() == "made"
    assert r.outcome == "work" and "hole is sparse" in r.work_refused
    assert not (work / "hole").exists()


def test_three_hundred_thousand_empty_files_are_not_copied_back(bwrap, tmp_path):
    """Issue 11, item 3: 300,000 empty files took minutes to copy back, outside every jail
    limit. They are counted (up to the limit) before anything is copied."""
    staged_only(bwrap)
    work = tmp_path / "work"
    work.mkdir()
    policy = replace(base_policy(), work_dir=work, work_size=256 * MiB).with_limits(
        wall_seconds=120.0
    )
    r = bwrap.run(
        ["/bin/sh", "-c", "seq 300000 | xargs touch && ls | wc -l"],
        policy,
    )
    assert r.text().strip() == "300000"  # the attack ran inside
    assert r.outcome == "work" and "more than 20000 files" in r.work_refused, r.describe()
    assert not list(work.iterdir())


def test_copy_back_patterns_bring_back_only_what_is_named(bwrap, tmp_path):
    staged_only(bwrap)
    work = tmp_path / "work"
    work.mkdir()
    policy = replace(
        base_policy(), work_dir=work, work_size=256 * MiB, copy_back=("out/*.olean",)
    ).with_limits(wall_seconds=120.0)
    r = bwrap.run(
        [
            "/bin/sh",
            "-c",
            (
                "mkdir out junk; echo o > out/M.olean; echo p > lakefile.lean; "
                "ln -s /etc/passwd junk/link; cd junk && seq 30000 | xargs touch"
            ),
        ],
        policy,
    )
    assert r.ok, r.describe()
    assert sorted(str(p.relative_to(work)) for p in work.rglob("*")) == ["out", "out/M.olean"]


def test_output_is_capped(bwrap):
    policy = base_policy().with_limits(output=1000)
    r = bwrap.run(["/bin/sh", "-c", "yes | head -c 100000"], policy)
    assert len(r.stdout) == 1000 and r.stdout_truncated and r.ok


def test_stdin_is_passed(bwrap):
    r = bwrap.run(["/bin/cat"], base_policy(), stdin=b"hello")
    assert r.stdout == b"hello"


def test_extra_files_are_placed_read_only(bwrap):
    policy = replace(base_policy(), files=(("/inputs/a.txt", b"payload"),))
    r = bwrap.run(
        ["/bin/sh", "-c", "cat /inputs/a.txt; echo; echo x > /inputs/a.txt || echo ro"], policy
    )
    assert r.text().split() == ["payload", "ro"]


def test_policy_never_binds_root():
    with pytest.raises(UsageError):
        JailPolicy(read_only=(Path("/"),))
    with pytest.raises(UsageError):
        JailPolicy(read_only=(Path("relative"),))


def test_unread_stdin_does_not_block_the_wall_limit(bwrap):
    r = bwrap.run(
        ["/bin/sleep", "30"], base_policy().with_limits(wall_seconds=1.0), stdin=b"x" * (4 * MiB)
    )
    assert r.timed_out and r.wall_time < 10
