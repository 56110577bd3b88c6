"""Fresh Lake workspaces for one grading attempt.

    <attempt>/challenge/    Challenge.lean: the reference statement with the submitted answer
                            (and, for value items, Reference.lean with the reference answer)
    <attempt>/solution/     Solution.lean: the submission, byte for byte
    <attempt>/comparator/   Challenge.lean and Solution.lean together, and comparator's config

Each is a packet workspace (`packet.workspace.lakefile`: same pins, same options, the
utility library vendored) whose libraries are the modules above, so Challenge and Solution
have the same module layout and namespace — the submission's own (`P001` or
`FrontierBench.<ID>`). Mathlib comes prebuilt from the checkout's `.lake/packages`
(`packagesDir`, a relative path that resolves the same inside the jail, where that folder
is read-only). Each workspace is built in its own jail, where it is the only writable path,
so neither build can see the other's outputs.
"""

from __future__ import annotations

import json
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path

from ..lean.answer import fill_answer
from ..packet import workspace as packet_workspace
from ..packet.transform import to_problem
from ..project import Project
from .inputs import GradeJob


@dataclass(frozen=True)
class Attempt:
    root: Path
    challenge: Path
    solution: Path
    comparator: Path
    namespace: str
    challenge_source: str
    reference_source: str | None  # value items with a reference answer

    @property
    def theorem(self) -> str:
        return f"{self.namespace}.main"


def answered(job: GradeJob, namespace: str, answer: str) -> str:
    """The reference statement in `namespace` with `answer(sorry)` filled by `answer`."""
    problem = to_problem(job.statement, job.item_id, namespace).text
    return fill_answer(problem, answer)


def _write(folder: Path, files: dict[str, str]) -> None:
    for rel, text in files.items():
        path = folder / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        for parent in [path.parent, *path.parent.parents]:
            if parent == folder.parent:
                break
            os.chmod(parent, 0o755)  # readable by the jail's unprivileged uid
        path.write_text(text, encoding="utf-8")
        os.chmod(path, 0o644)


def _workspace(
    folder: Path,
    project: Project,
    packages_dir: Path,
    libraries: tuple[str, ...],
    sources: dict[str, str],
) -> None:
    folder.mkdir(mode=0o755)
    rel = os.path.relpath(packages_dir, folder)
    name = f"ofb_{folder.name}"
    files = {
        "lean-toolchain": project.toolchain_file.read_text(encoding="utf-8"),
        "lakefile.toml": packet_workspace.lakefile(name, project, libraries, rel),
        "lake-manifest.json": packet_workspace.manifest(name, project, rel),
    }
    for path in sorted(project.util_dir.rglob("*.lean")):
        files[path.relative_to(project.root).as_posix()] = path.read_text(encoding="utf-8")
    files.update(sources)
    _write(folder, files)


def prepare(
    base: Path,
    job: GradeJob,
    project: Project,
    packages_dir: Path,
    *,
    namespace: str,
    answer: str,
    comparator_config: dict,
) -> Attempt:
    """Write the three workspaces of one attempt in a fresh folder under `base`."""
    base.mkdir(parents=True, exist_ok=True)
    root = Path(tempfile.mkdtemp(prefix=f"{job.packet_id}-", dir=base))
    os.chmod(root, 0o755)
    challenge = answered(job, namespace, answer)
    reference = (
        answered(job, namespace, job.reference)
        if not job.yes_no and job.reference is not None
        else None
    )
    solution = job.submission.text
    attempt = Attempt(
        root,
        root / "challenge",
        root / "solution",
        root / "comparator",
        namespace,
        challenge,
        reference,
    )
    challenge_sources = {"Challenge.lean": challenge}
    if reference is not None:
        challenge_sources["Reference.lean"] = reference
    _workspace(
        attempt.challenge,
        project,
        packages_dir,
        ("Challenge", "Reference") if reference is not None else ("Challenge",),
        challenge_sources,
    )
    _workspace(attempt.solution, project, packages_dir, ("Solution",), {"Solution.lean": solution})
    _workspace(
        attempt.comparator,
        project,
        packages_dir,
        ("Challenge", "Solution"),
        {
            "Challenge.lean": challenge,
            "Solution.lean": solution,
            "config.json": json.dumps(comparator_config, indent=2) + "\n",
        },
    )
    return attempt
