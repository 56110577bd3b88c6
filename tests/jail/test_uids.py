"""Issue 35: each jail run as root has a host uid of its own (`jail/uids.py`), so that its
process limit (RLIMIT_NPROC, counted per uid) counts its own tree alone."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import threading

import pytest

from openfrontiers.errors import OfbError
from openfrontiers.jail.bwrap import BwrapBackend
from openfrontiers.jail.policy import base_policy, python_executable, python_paths
from openfrontiers.jail.uids import JAIL_IDS, ids_of_accounts, ids_of_processes, lease

root_only = pytest.mark.skipif(
    os.geteuid() != 0 or shutil.which("setpriv") is None, reason="needs root and setpriv"
)
# A block of ids for these tests alone, far from JAIL_IDS and from any account.
TEST_IDS = range(0x7B000000, 0x7B000000 + 4)


def test_the_block_lies_where_systemd_leaves_uids_unused():
    assert JAIL_IDS.start >= 1879048192 and JAIL_IDS.stop - 1 < 0x7FFE0000
    assert not (set(JAIL_IDS) & ids_of_accounts())


def test_leases_are_distinct_while_held_and_free_after(tmp_path):
    with lease(TEST_IDS, tmp_path) as a, lease(TEST_IDS, tmp_path) as b:
        assert (a.uid, b.uid) == (TEST_IDS[0], TEST_IDS[1]) and a.gid == a.uid
    with lease(TEST_IDS, tmp_path) as again:
        assert again.uid == TEST_IDS[0]  # released: the lowest is free again


def test_concurrent_leases_from_threads_never_share_a_uid(tmp_path):
    held: list[int] = []
    barrier = threading.Barrier(4)

    def take() -> None:
        with lease(TEST_IDS, tmp_path) as ids:
            held.append(ids.uid)
            barrier.wait(timeout=10)  # all four hold theirs at once

    threads = [threading.Thread(target=take) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(held) == list(TEST_IDS)


def test_a_lease_held_by_another_process_is_skipped_and_a_full_block_refused(tmp_path):
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLD, str(tmp_path / str(TEST_IDS[0]))],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
        with lease(TEST_IDS, tmp_path) as ids:
            assert ids.uid == TEST_IDS[1]
        with pytest.raises(OfbError, match="no free jail uid"), lease(TEST_IDS[:1], tmp_path):
            pass
    finally:
        holder.kill()
        holder.wait()
    with lease(TEST_IDS, tmp_path) as ids:  # the kernel dropped the dead holder's lock
        assert ids.uid == TEST_IDS[0]


HOLD = """
import fcntl, os, sys, time
fd = os.open(sys.argv[1], os.O_RDWR | os.O_CREAT, 0o600)
fcntl.flock(fd, fcntl.LOCK_EX)
print("held", flush=True)
time.sleep(600)
"""


@root_only
def test_a_uid_a_process_holds_is_skipped(tmp_path):
    proc = subprocess.Popen(
        ["setpriv", f"--reuid={TEST_IDS[0]}", f"--regid={TEST_IDS[0]}", "--clear-groups",
         "--", "sleep", "600"],
    )  # fmt: skip
    try:
        for _ in range(200):
            if TEST_IDS[0] in ids_of_processes():
                break
            threading.Event().wait(0.05)
        assert TEST_IDS[0] in ids_of_processes()
        with lease(TEST_IDS, tmp_path) as ids:
            assert ids.uid == TEST_IDS[1]
    finally:
        proc.kill()
        proc.wait()


def test_accounts_are_read_from_the_files(tmp_path):
    passwd, group = tmp_path / "passwd", tmp_path / "group"
    passwd.write_text("root:x:0:0::/root:/bin/sh\nbroken line\nsvc:x:2046820352:7::/:/bin/false\n")
    group.write_text("wheel:x:10:\n")
    assert ids_of_accounts((passwd, group, tmp_path / "absent")) == {0, 2046820352, 10}


@root_only
def test_a_run_s_uid_owns_its_work_dir_and_not_what_comes_back(bwrap: BwrapBackend, tmp_path):
    work = tmp_path / "work"
    work.mkdir()
    script = (
        "import os; open('out.txt', 'w').write('x'); "
        "print(os.getuid(), os.getgid(), os.stat('.').st_uid)"
    )
    policy = base_policy(read_only=python_paths(), work_dir=work).with_limits(wall_seconds=30)
    result = bwrap.run([str(python_executable()), "-c", script], policy)
    assert result.ok, result.text("stderr")
    uid, gid, owner = map(int, result.text("stdout").split())
    assert uid in JAIL_IDS and gid == uid and owner == uid
    assert (work / "out.txt").read_text() == "x" and (work / "out.txt").stat().st_uid == 0


@root_only
def test_jails_running_at_once_have_different_uids(bwrap: BwrapBackend):
    policy = base_policy(read_only=python_paths()).with_limits(wall_seconds=60)
    script = "import os, sys; print(os.getuid(), flush=True); sys.stdin.read()"
    running = [
        bwrap.spawn(
            [str(python_executable()), "-c", script],
            policy,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        for _ in range(3)
    ]
    try:
        uids = [int(p.proc.stdout.readline()) for p in running]
    finally:
        for p in running:
            p.close()
    assert len(set(uids)) == 3 and set(uids) <= set(JAIL_IDS)
