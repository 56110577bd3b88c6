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


def test_the_evaluator_can_waive_cgroups_explicitly(bwrap):
    from openfrontiers.grade.runs import NO_CGROUPS

    if not bwrap.use_cgroups:
        pytest.skip("this node has no cgroups to compare the fallback with")
    weak = BwrapBackend(Hardening(cgroups=False))
    assert require_jail(weak, allow_no_cgroups=True) == [NO_CGROUPS]
