"""Issue 11, item 7: the jail's fallback without cgroups.

Where cgroups are not writable the bwrap jail falls back to per-process rlimits; then
every probe of the old check passed, though four processes of 160 MiB ran together under a
256 MiB limit. The check now has a probe with several processes (`group-memory`), and
grading needs group limits: it fails closed without them unless the evaluator waives them.
(Module-level imports are those of the code before the fix, so this file shows it failing.)
"""

from __future__ import annotations

import pytest

from openfrontiers.grade.pipeline import JailCheckFailed, require_jail
from openfrontiers.jail.bwrap import BwrapBackend, Hardening
from openfrontiers.jail.check import run_check
from openfrontiers.jail.policy import base_policy, python_executable, python_paths


def test_grading_refuses_to_start_without_cgroups(bwrap):
    if not bwrap.use_cgroups:
        pytest.skip("this node has no cgroups to compare the fallback with")
    weak = BwrapBackend(Hardening(cgroups=False))
    with pytest.raises(JailCheckFailed, match="no group limits here"):
        require_jail(weak)
    assert weak.group_limits() is None and bwrap.group_limits() is not None


def test_a_probe_with_several_processes_shows_the_group_limit(bwrap):
    if not bwrap.use_cgroups:
        pytest.skip("this node has no cgroups to compare the fallback with")
    weak = BwrapBackend(Hardening(cgroups=False))
    outcomes = run_check(weak, only=["group-memory"])
    assert [o.name for o in outcomes] == ["group-memory"]
    assert not outcomes[0].ok
    assert "640 MiB together under a limit of 256 MiB" in outcomes[0].detail
    (held,) = run_check(bwrap, only=["group-memory"])
    assert held.ok and "killed for memory as a whole" in held.detail


def test_the_evaluator_can_waive_cgroups_explicitly(bwrap, nobody_load, cpu_load):
    """Also with more processes of uid 65534 on the host than a jail may start (issue 35):
    the jail's process limit counts its own tree, not every process of `nobody`. And on a
    busy machine (issue 32): no probe of the check depends on load."""
    from openfrontiers.grade.runs import NO_CGROUPS

    if not bwrap.use_cgroups:
        pytest.skip("this node has no cgroups to compare the fallback with")
    weak = BwrapBackend(Hardening(cgroups=False))
    assert require_jail(weak, allow_no_cgroups=True) == [NO_CGROUPS]


FORK_20 = (
    "import os\n"
    "for _ in range(20):\n"
    "    if os.fork() == 0:\n"
    "        os._exit(0)\n"
    "    os.wait()\n"
    "print('forked')\n"
)


def test_the_process_limit_counts_the_jail_s_own_tree(bwrap, nobody_load):
    """Issue 35: without cgroups the process limit is RLIMIT_NPROC, counted per uid. Under
    uid 65534, shared with the load, a jail allowed 64 processes cannot fork once; under
    its own uid it forks as it may, and the limit still stops its own tree."""
    weak = BwrapBackend(Hardening(cgroups=False))
    shared = BwrapBackend(Hardening(cgroups=False), uid=65534, gid=65534)
    policy = base_policy(read_only=python_paths()).with_limits(processes=64, wall_seconds=60)
    argv = [str(python_executable()), "-c", FORK_20]
    refused = shared.run(argv, policy)
    assert refused.exit_code != 0 and "Resource temporarily unavailable" in refused.text(
        "stderr"
    ), refused.describe()
    done = weak.run(argv, policy)
    assert done.ok and done.text("stdout").strip() == "forked", done.text("stderr")
    (held,) = run_check(weak, only=["processes"])
    assert held.ok, held.detail
