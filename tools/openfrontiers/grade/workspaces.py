"""Fresh Lake workspaces for one grading attempt, and the export workspaces laid out after
each build.

    <attempt>/reference/    Reference.lean: the statement with the reference answer (value
                            items only; evaluator data — nothing it prints reaches a verdict)
    <attempt>/challenge/    Challenge.lean: the statement with the submitted answer
    <attempt>/solution/     Solution.lean: the submission, byte for byte
    <attempt>/comparator/   Challenge.lean and Solution.lean together, and comparator's config
    <attempt>/export-<M>/   laid out by us once module M is built (`export_workspace`)

Each build workspace is a packet workspace (`packet.workspace.lakefile`: same pins, same
options, the utility library vendored) whose library is its module, so Challenge and
Solution have the same module layout and namespace — the submission's own (`P001` or
`FrontierBench.<ID>`). Mathlib comes prebuilt from the checkout's `.lake/packages`
(`packagesDir`, a relative path that resolves the same inside the jail, where that folder
is read-only). Each workspace is built in its own jail, where it is the only writable path,
so no build sees another's files; the value answer is elaborated in the Challenge, beside
nothing secret.

A build's jail copies back only its module's `.olean` and `.ilean` (and, from the trusted
build, the utility library's): `BUILD_OUTPUTS`. Export and replay never run where a build
wrote: `export_workspace` lays out a fresh folder with exactly those files —

    <attempt>/export-<M>/lib/<M>.olean, <M>.ilean          from M's build
    <attempt>/export-<M>/lib/FrontierBench/Util/*.olean    from the trusted build
    <attempt>/export-<M>/out/                              where the export is written

— and lean4export and leanchecker run there with `LEAN_PATH` (this folder's `lib`, then
Mathlib's packages) and `LEAN_SYSROOT` set by us: no Lake, so no lakefile, manifest or
`.olean` the submission could have left is loaded. The trusted build is the Reference's
(nothing untrusted in it) or, for yes/no items, the Challenge's, whose answer is a literal.
"""

from __future__ import annotations

import json
import os
import shutil
import stat
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from ..errors import OfbError
from ..lean.answer import fill_answer
from ..packet import workspace as packet_workspace
from ..packet.transform import to_problem
from ..project import Project
from .inputs import GradeJob

BUILD_LIB = ".lake/build/lib/lean"  # where Lake writes a workspace's .olean files
UTIL_PREFIX = "FrontierBench/Util"  # the utility library's modules, relative to BUILD_LIB
EXPORT_LIB = "lib"  # inside an export workspace: the .olean files we copied
EXPORT_OUT = "out"  # inside an export workspace: where the export is written
MAX_OLEAN_BYTES = 512 << 20  # a module's .olean larger than this is refused


def module_outputs(module: str) -> tuple[str, ...]:
    """What a build of `module` leaves that a later stage needs (paths in its workspace)."""
    return (f"{BUILD_LIB}/{module}.olean", f"{BUILD_LIB}/{module}.ilean")


def util_outputs() -> tuple[str, ...]:
    return (f"{BUILD_LIB}/{UTIL_PREFIX}/*.olean", f"{BUILD_LIB}/{UTIL_PREFIX}/*.ilean")


@dataclass(frozen=True)
class Attempt:
    root: Path
    challenge: Path
    solution: Path
    comparator: Path
    namespace: str
    challenge_source: str
    reference_source: str | None  # value items: the statement with the reference answer
    #                               (or with `sorry` when the item has none)
    reference: Path | None = None  # its workspace

    @property
    def theorem(self) -> str:
        return f"{self.namespace}.main"

    @property
    def trusted(self) -> Path:
        """The build whose utility library every export workspace uses: the Reference's,
        else the Challenge's (a yes/no Challenge has a literal answer)."""
        return self.reference if self.reference is not None else self.challenge


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
    """Write the build workspaces of one attempt in a fresh folder under `base`."""
    base.mkdir(parents=True, exist_ok=True)
    root = Path(tempfile.mkdtemp(prefix=f"{job.packet_id}-", dir=base))
    os.chmod(root, 0o755)
    challenge = answered(job, namespace, answer)
    reference = None
    if not job.yes_no:
        # Without a reference answer (an open value item) the statement as posed still
        # gives a trusted build of the utility library.
        reference = answered(job, namespace, job.reference or "sorry")
    solution = job.submission.text
    attempt = Attempt(
        root,
        root / "challenge",
        root / "solution",
        root / "comparator",
        namespace,
        challenge,
        reference,
        root / "reference" if reference is not None else None,
    )
    if reference is not None and attempt.reference is not None:
        _workspace(
            attempt.reference, project, packages_dir, ("Reference",), {"Reference.lean": reference}
        )
    _workspace(
        attempt.challenge, project, packages_dir, ("Challenge",), {"Challenge.lean": challenge}
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


class LayoutError(OfbError):
    """A build left something other than the outputs an export workspace takes."""


def _take(src: Path, dst: Path, limit: int) -> None:
    """Copy the regular file `src` (opened without following links, at most `limit`
    bytes) to `dst`."""
    try:
        fd = os.open(src, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC)
    except OSError as exc:
        raise LayoutError(
            f"{src.name}: cannot be opened as a plain file ({exc.strerror})"
        ) from None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise LayoutError(f"{src.name} is not a regular file")
        if st.st_size > limit:
            raise LayoutError(f"{src.name} is {st.st_size} bytes, more than {limit}")
        dst.parent.mkdir(mode=0o755, parents=True, exist_ok=True)
        with open(dst, "xb") as out:
            left = st.st_size
            while left > 0:
                chunk = os.read(fd, min(left, 1 << 20))
                if not chunk:
                    break
                out.write(chunk)
                left -= len(chunk)
        os.chmod(dst, 0o644)
    finally:
        os.close(fd)


def _plain_dir(root: Path, rel: str) -> Path:
    """`root/rel`, each component a real directory (not a link)."""
    path = root
    for part in Path(rel).parts:
        path = path / part
        st = os.lstat(path)
        if not stat.S_ISDIR(st.st_mode):
            raise LayoutError(f"{rel}: {part} is not a plain directory")
    return path


def export_workspace(root: Path, module: str, built: Path, trusted: Path) -> Path:
    """Lay out `<root>/export-<module>`: the module's `.olean` (and `.ilean`) from the
    workspace `built`, the utility library's `.olean` files from the workspace `trusted`,
    an empty `out/`. Nothing else of either workspace is looked at."""
    folder = root / f"export-{module}"
    if folder.exists():
        shutil.rmtree(folder)
    folder.mkdir(mode=0o755)
    lib = folder / EXPORT_LIB
    lib.mkdir(mode=0o755)
    (folder / EXPORT_OUT).mkdir(mode=0o755)
    try:
        built_lib = _plain_dir(built, BUILD_LIB)
        olean = built_lib / f"{module}.olean"
        if not os.path.lexists(olean):
            raise LayoutError(f"the build of {module} left no {module}.olean")
        _take(olean, lib / f"{module}.olean", MAX_OLEAN_BYTES)
        ilean = built_lib / f"{module}.ilean"
        if os.path.lexists(ilean):
            _take(ilean, lib / f"{module}.ilean", MAX_OLEAN_BYTES)
        util = _plain_dir(trusted, f"{BUILD_LIB}/{UTIL_PREFIX}")
        taken = 0
        for entry in sorted(os.listdir(util)):
            if entry.endswith(".olean"):
                _take(util / entry, lib / UTIL_PREFIX / entry, MAX_OLEAN_BYTES)
                taken += 1
        if not taken:
            raise LayoutError("the trusted build left no utility library")
    except FileNotFoundError as exc:
        raise LayoutError(f"a build output is missing: {exc.filename}") from None
    except OSError as exc:
        raise LayoutError(f"a build output cannot be read: {exc}") from None
    return folder


def lean_path(folder: Path, packages_dir: Path, packages: Sequence[str]) -> str:
    """`LEAN_PATH` for an export workspace: its `lib`, then each package's build."""
    dirs = [folder / EXPORT_LIB]
    dirs += [packages_dir / name / ".lake" / "build" / "lib" / "lean" for name in packages]
    return ":".join(str(d) for d in dirs)


def package_names(project: Project) -> list[str]:
    """The packages of the benchmark's lake-manifest.json, in its order."""
    try:
        data = json.loads((project.root / "lake-manifest.json").read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise OfbError(f"cannot read {project.root / 'lake-manifest.json'}: {exc}") from None
    return [str(p["name"]) for p in data.get("packages", []) if isinstance(p, dict) and "name" in p]
