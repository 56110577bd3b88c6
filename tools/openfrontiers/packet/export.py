"""`ofb packet export` and `ofb packet verify`.

Export: take the written items of a selection (the caller names the others, recorded in the
key as left out), refuse any that `ofb check` rejects, give them salted opaque ids, build
one workspace per packet, scan the whole output for leaks, archive each packet
reproducibly, then move the tree into place and write the evaluator key outside it.
Same repository and salt, same bytes.

Verify: rebuild everything from the key (its salt, items and budget) and the repository,
and report every difference with the files on disk.
"""

from __future__ import annotations

import json
import math
import os
import shutil
import tempfile
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

from .. import __version__
from ..check.engine import check_files
from ..check.findings import Severity
from ..check.rules import RULES, Scope
from ..errors import BadInput, OfbError, UsageError
from ..evaluator import load_answers
from ..evaluator.key import KEY_FORMAT, EvaluatorKey, Numbering, load_key, write_key
from ..gitdiff import git_output
from ..lean import lake_manifest
from ..outputs import check_target, check_writable, manifest
from ..progress import SILENT, Progress
from ..project import Project
from ..register import Item, Subset
from ..register.model import Focus, Verdict
from . import archive, forked, ids, mathlib, scan, workspace
from .mathlib import PrebuiltPackages
from .transform import to_problem

INPUTS = ("lean-toolchain", "lakefile.toml", "lake-manifest.json")
UNDER_REVIEW = "an unrepaired must-fix review"  # why `exportable` leaves an item out
# The gate counts findings in the selected statements only; the tree rules report the
# register, the docs and the evaluator files, never a statement, so it need not run them.
STATEMENT_RULES = tuple(r for r in RULES if r.scope is not Scope.TREE)
ARCHIVE_THREADS = 2


class PacketLeak(BadInput):
    def __init__(self, leaks: list[scan.Leak]) -> None:
        lines = "\n".join(f"  {leak}" for leak in leaks)
        super().__init__(
            f"the packets leak ({len(leaks)} finding(s)); nothing was written:\n{lines}"
        )
        self.leaks = leaks


@dataclass
class Build:
    """Everything an export produces, in memory."""

    mapping: dict[str, str]  # packet id → item id
    packets: dict[str, workspace.Packet]
    archives: dict[str, bytes] = field(default_factory=dict)
    left_out: dict[str, str] = field(default_factory=dict)  # item of the selection → why
    # sha256 by content: the vendored files are one bytes object shared by every packet,
    # so each distinct content is hashed once however many packets and steps ask.
    _digests: dict[bytes, str] = field(default_factory=dict, repr=False)

    def digest(self, data: bytes) -> str:
        found = self._digests.get(data)
        if found is None:
            found = self._digests[data] = archive.sha256(data)
        return found

    def file_hashes(self, pid: str) -> dict[str, str]:
        return {rel: self.digest(data) for rel, data in self.packets[pid].files.items()}

    def archive_hashes(self) -> dict[str, str]:
        return {pid: self.digest(data) for pid, data in self.archives.items()}

    def tree(self) -> dict[str, bytes]:
        """The output folder: packets, archives and the archive manifest."""
        out: dict[str, bytes] = {}
        for pid, packet in self.packets.items():
            for rel, data in packet.files.items():
                out[f"{pid}/{rel}"] = data
        for pid, data in self.archives.items():
            out[f"archives/{pid}.tar.gz"] = data
        out["MANIFEST.json"] = manifest_from_hashes(self.archive_hashes(), self.left_out)
        return out

    def executables(self) -> set[str]:
        return {f"{pid}/{rel}" for pid, p in self.packets.items() for rel in p.executables}


def manifest_from_hashes(
    hashes: dict[str, str], left_out: Mapping[str, str] | None = None
) -> bytes:
    """`MANIFEST.json`: the sha256 of each packet's archive and, when the export left items
    of its selection out, how many for each reason. The tree travels with the packets, so
    it names no item and no subset (a subset's name can say its split): the key does."""
    doc: dict[str, object] = {
        "archives": {f"archives/{pid}.tar.gz": digest for pid, digest in sorted(hashes.items())}
    }
    if left_out:
        doc["left_out"] = dict(Counter(left_out.values()))
    return (json.dumps(doc, indent=2, sort_keys=True) + "\n").encode()


def sha256_file(path: Path) -> str:
    return archive.sha256(path.read_bytes())


def unwritten(items: Sequence[Item]) -> dict[str, str]:
    """The items without a statement to export, each with why (as `left_out` records it)."""
    return {i.id: f"not written (status {i.status})" for i in items if not i.is_written}


def _statement_files(project: Project, items: Sequence[Item]) -> list[Path]:
    named = [i for i in items if not i.is_written]
    if named:
        shown = ", ".join(f"{i.id} (status {i.status})" for i in named)
        raise UsageError(
            f"no statement to export for {shown}: leave them out of --ids (a --subset "
            "exports its written items and names the others)"
        )
    lost = [i.id for i in items if not project.item_file(i.id).is_file()]
    if lost:
        raise BadInput(
            f"the register says written but there is no statement file for: "
            f"{', '.join(project.item_file(i).relative_to(project.root).as_posix() for i in lost)}"
            "; restore it or correct the status (`ofb check` reports it too)"
        )
    return [project.item_file(i.id) for i in items]


def open_must_fix(items: Sequence[Item]) -> list[str]:
    """The items whose latest review of either focus is an unrepaired must-fix."""
    return [
        i.id
        for i in items
        if any(
            r is not None and r.verdict is Verdict.MUST_FIX for r in (i.review(f) for f in Focus)
        )
    ]


def exportable(
    items: Sequence[Item], *, listed: bool, default: bool
) -> tuple[list[Item], dict[str, str]]:
    """The items of a selection to export, and the others with why. A subset's items
    without a statement are left out and named, as `ofb probe` skips them; the default
    selection also leaves out items under an unrepaired must-fix review. Items `listed` one
    by one (`--ids`) are all exported or the export is refused (`gate`): a list of names is
    a precise request, and a packet set short of it would pass unnoticed."""
    if listed:
        return list(items), {}
    left_out = unwritten(items)
    if default:
        left_out |= dict.fromkeys(open_must_fix(items), UNDER_REVIEW)
    return [i for i in items if i.id not in left_out], left_out


def gate(project: Project, items: Sequence[Item]) -> None:
    """Refuse items whose statements break an error-severity rule of `ofb check`, or whose
    latest review of either focus is an unrepaired must-fix."""
    files = gate_files(project, items)
    gate_check(project, files)


def gate_files(project: Project, items: Sequence[Item]) -> list[Path]:
    """The gate's first half, from the register alone: the statement files to check, or
    an error for items with none or under an unrepaired must-fix review."""
    files = _statement_files(project, items)
    open_must_fix_ids = open_must_fix(items)
    # Refusals on the statements' own state: bad input (1), as `ofb check` would exit.
    if open_must_fix_ids:
        raise BadInput(
            f"unrepaired must-fix review(s): {', '.join(open_must_fix_ids)}; repair and "
            "re-review them, or leave them out with --ids/--subset"
        )
    return files


def gate_check(project: Project, files: list[Path]) -> None:
    """The gate's second half: `ofb check`'s error-severity findings in `files`."""
    result = check_files(
        project, files, complete=False, rules=STATEMENT_RULES, register=project.register
    )
    names = {str(f.relative_to(project.root)) for f in files}
    errors = [
        f
        for f in result.findings
        if f.severity is Severity.ERROR and any(f.path.endswith(n) for n in names)
    ]
    if errors:
        shown = "\n".join(f"  {f.text()}" for f in errors[:40])
        raise BadInput(
            f"ofb check reports {len(errors)} error(s) in the selected statements; "
            f"fix them before exporting:\n{shown}"
        )


def register_ids(project: Project) -> list[str]:
    """The list packet ids are ranks in: every item of the register, written or not."""
    return [i.id for i in project.register]


def build(
    project: Project,
    item_ids: list[str],
    salt: bytes,
    budget_hours: float,
    packages: PrebuiltPackages | None = None,
    progress: Progress = SILENT,
) -> Build:
    mapping = ids.assign(item_ids, salt, register_ids(project))
    return build_packets(project, mapping, budget_hours, packages, progress)


def build_packets(
    project: Project,
    mapping: dict[str, str],
    budget_hours: float,
    packages: PrebuiltPackages | None = None,
    progress: Progress = SILENT,
) -> Build:
    """The packets `mapping` (packet id → item id) names, with their archives."""
    result = assemble(project, mapping, budget_hours, packages, progress)
    result.archives = archive.build_all(
        {pid: (packet.files, packet.executables) for pid, packet in result.packets.items()}
    )
    return result


def assemble(
    project: Project,
    mapping: dict[str, str],
    budget_hours: float,
    packages: PrebuiltPackages | None = None,
    progress: Progress = SILENT,
) -> Build:
    """The packets `mapping` (packet id → item id) names, without their archives."""
    progress.start("building packets", len(mapping))
    packets = {}
    packages_dir = packages.path if packages is not None else None
    shared = workspace.Shared.read(project)
    for pid, item_id in mapping.items():
        source = project.item_file(item_id).read_text(encoding="utf-8")
        problem = to_problem(source, item_id, pid)
        packets[pid] = workspace.build(
            project, pid, item_id, problem, budget_hours, packages_dir, shared
        )
        progress.done(pid)
    return Build(mapping, packets)


def leak_needles(project: Project) -> list[scan.Needle]:
    answers_path = project.evaluator_dir / "answers.toml"
    answers = load_answers(answers_path) if answers_path.exists() else {}
    return scan.needles(project.register, answers)


def leak_scan(
    project: Project, result: Build, needles: list[scan.Needle] | None = None
) -> list[scan.Leak]:
    """The leaks in the packets, with their file names."""
    needles = leak_needles(project) if needles is None else needles
    decoded: dict[bytes, str] = {}  # the vendored files: one text for every packet
    texts = {}
    for pid, packet in result.packets.items():
        for rel, data in packet.files.items():
            text = decoded.get(data)
            if text is None:
                text = decoded[data] = data.decode("utf-8", errors="replace")
            texts[f"{pid}/{rel}"] = text
    return scan.scan(texts, project.register, needles)


def _git_state(root: Path) -> dict:
    commit = git_output(root, "rev-parse", "HEAD")
    status = git_output(root, "status", "--porcelain", "--", "FrontierBench", *INPUTS)
    return {"commit": commit, "dirty": bool(status) if status is not None else None}


def key_document(
    project: Project,
    result: Build,
    salt: bytes,
    *,
    store_salt: bool,
    subset: Subset,
    budget_hours: float,
    packages: PrebuiltPackages | None = None,
) -> dict:
    """The key's document (format 2): packet ids rank in `numbered_over`, the register's
    item list, and `left_out` names each item of the selection with no packet, and why."""
    inputs = {name: sha256_file(project.root / name) for name in INPUTS}
    for path in sorted(project.util_dir.rglob("*.lean")):
        inputs[path.relative_to(project.root).as_posix()] = sha256_file(path)
    packets = {}
    for pid, packet in result.packets.items():
        source = project.item_file(packet.item_id)
        packets[pid] = {
            "item": packet.item_id,
            "source": {
                "path": source.relative_to(project.root).as_posix(),
                "sha256": sha256_file(source),
            },
            "files": dict(sorted(result.file_hashes(pid).items())),
            "archive_sha256": result.digest(result.archives[pid]),
            "stripped": list(packet.stripped),
        }
    doc = {
        "format": KEY_FORMAT,
        "tool_version": __version__,
        "created_at": datetime.now(UTC).isoformat(timespec="seconds"),
        "subset": {"name": subset.name, "version": subset.version or None},
        "budget_hours": budget_hours,
        "mathlib": packages.as_key() if packages is not None else None,
        "salt_sha256": ids.salt_digest(salt),
        "numbered_over": ids.numbered_over(register_ids(project)).as_json(),
        "repository": _git_state(project.root),
        "inputs": inputs,
        "packets": packets,
        "left_out": dict(sorted(result.left_out.items())),
    }
    if store_salt:
        doc["salt_hex"] = salt.hex()
    return doc


def _write_tree(tree: dict[str, bytes], executables: set[str], dest: Path) -> None:
    """Write `tree` into the fresh folder `dest`: each folder made once, each file created,
    written and given its mode through one descriptor. A file whose bytes and mode an
    earlier one has (the vendored checker and Lake files of every packet) is a hard link
    to it: making an inode costs several times a link, and nothing edits a packet in
    place (the jail copies a packet in; `packet verify` compares bytes). Where a link
    fails, the file is written out, and later copies link to it."""
    made: set[str] = set()
    for rel in tree:
        folder = rel.rpartition("/")[0]
        if folder and folder not in made:
            (dest / folder).mkdir(parents=True, exist_ok=True)
            made.add(folder)
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0)
    first: dict[tuple[bytes, int], Path] = {}
    for rel, data in tree.items():
        mode = 0o755 if rel in executables else 0o644
        path = dest / rel
        earlier = first.setdefault((data, mode), path)
        if earlier is not path:
            try:
                os.link(earlier, path)
                continue
            except OSError:  # a file system without hard links, or at its link limit
                first[data, mode] = path
        fd = os.open(path, flags, mode)
        try:
            os.fchmod(fd, mode)  # exactly this mode, whatever the umask
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view) :]
        finally:
            os.close(fd)


@dataclass
class ExportResult:
    out: Path
    key_path: Path
    mapping: dict[str, str]
    salt_generated: bool  # a fresh salt, stored in the key
    salt_reused: bool = False  # the salt of the key this export replaced
    left_out: dict[str, str] = field(default_factory=dict)  # item of the selection → why


def _is_packet_export(folder: Path) -> bool:
    doc = manifest(folder)
    return doc is not None and "archives" in doc and set(doc) <= {"archives", "left_out"}


def _earlier_key(key_path: Path, force: bool) -> EvaluatorKey | None:
    """The key an earlier export wrote at `key_path`, if that is what is there; a file that
    is not an evaluator key is refused unless `force`."""
    if not key_path.exists():
        return None
    try:
        return load_key(key_path)
    except OfbError:
        check_target(key_path, lambda _: False, "an evaluator key of an earlier export", force)
        return None


def _check_remapping(
    earlier: EvaluatorKey, mapping: dict[str, str], numbered_over: Numbering
) -> None:
    changed = [
        f"{pid}: {item} → {mapping.get(pid, 'no packet')}"
        for pid, item in earlier.mapping.items()
        if mapping.get(pid) != item
    ]
    if not changed:
        return
    shown = ", ".join(changed[:5]) + (f" and {len(changed) - 5} more" if len(changed) > 5 else "")
    keep = "Keep that key and its packets (move them, or choose another --key and --out)"
    if earlier.version < 2:
        raise UsageError(
            f"{earlier.path} is a key of format {earlier.version}, whose packet ids number the "
            "exported items only (they moved whenever an item was written); this ofb numbers "
            "every item of the register, so its ids differ from that key's "
            f"({shown}). {keep}: they still verify and grade with it; or use --force to "
            "replace them with an export whose ids stay as items are written"
        )
    why = ""
    if earlier.numbered_over not in (None, numbered_over):
        why = (
            " The register's item list changed since that export (packet ids are ranks in "
            "it): an item was added, removed or renamed."
        )
    raise UsageError(
        f"{earlier.path} maps packets of an earlier export that this export would map "
        f"otherwise ({shown}): packets handed out from it could no longer be mapped back.{why} "
        f"{keep}, export the same items with the same salt, or use --force to replace it"
    )


def export(
    project: Project,
    subset: Subset,
    items: list[Item],
    *,
    out: Path,
    key_path: Path,
    salt: bytes | None,
    budget_hours: float,
    force: bool = False,
    mathlib_from: Path | None = None,
    left_out: Mapping[str, str] | None = None,
    progress: Progress = SILENT,
    parallel: bool = True,
) -> ExportResult:
    """Export packets of `items`; `left_out`: the other items of `subset`, each with why
    (`exportable`), recorded in the key and counted in MANIFEST.json; `mathlib_from`: a
    prebuilt packages directory every packet's Lake workspace uses read-only
    (`packet.mathlib`), checked before anything is built."""
    left_out = dict(left_out or {})
    both = sorted(left_out.keys() & {i.id for i in items})
    if both:
        raise ValueError(f"both exported and left out: {', '.join(both)}")
    if not items:
        shown = "; ".join(f"{item}: {why}" for item, why in left_out.items())
        raise UsageError(
            f"{subset.label} selects no items to export" + (f"; left out {shown}" if shown else "")
        )
    if not 0 < budget_hours < math.inf:  # NaN too: the key is JSON, which has no NaN
        raise UsageError(f"--budget-hours must be a positive number of hours, not {budget_hours}")
    out, key_path = out.resolve(), key_path.resolve()
    if key_path == out or out in key_path.parents:
        raise UsageError(
            f"the evaluator key {key_path} must be written outside the packet tree {out}"
        )
    # Both before anything is written: packets without their key would be lost with its salt.
    check_writable(out, "--out")
    check_writable(key_path, "--key")
    check_target(out, _is_packet_export, "an earlier packet export", force)
    earlier = _earlier_key(key_path, force)
    reused = salt is None and earlier is not None and earlier.salt is not None
    if reused and earlier is not None:
        salt = earlier.salt
    packages = (
        mathlib.prebuilt(mathlib_from, lake_manifest.load(project.root / "lake-manifest.json"))
        if mathlib_from is not None
        else None
    )
    progress.start(f"checking {len(items)} statement(s)")
    files = gate_files(project, items)
    generated = salt is None
    salt = ids.new_salt() if salt is None else salt
    mapping = ids.assign([i.id for i in items], salt, register_ids(project))
    if earlier is not None and not force:
        _check_remapping(earlier, mapping, ids.numbered_over(register_ids(project)))
    # From here the gate's check runs in a forked copy, on the other core (`forked`).
    with forked.ForkedCheck(lambda: _passes_gate(project, files), enabled=parallel) as copy:
        try:
            result = assemble(project, mapping, budget_hours, packages, progress)
        except OfbError:
            _gate_answer(copy, project, files)  # a statement the gate refuses: it comes first
            raise
        result.left_out = left_out
        result.archives = _scan_and_compress(
            project, result, progress, lambda: _gate_answer(copy, project, files)
        )
    key = key_document(
        project,
        result,
        salt,
        store_salt=generated or reused,
        subset=subset,
        budget_hours=budget_hours,
        packages=packages,
    )
    out.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{out.name}.", dir=out.parent))
    try:
        _write_tree(result.tree(), result.executables(), staging)
        # The key before the packets: a key without packets keeps the salt for a rerun;
        # packets without their key could never be mapped back.
        write_key(key_path, key)
        if out.exists():
            shutil.rmtree(out)
        staging.rename(out)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    return ExportResult(out, key_path, result.mapping, generated, reused, left_out)


def _passes_gate(project: Project, files: list[Path]) -> int:
    gate_check(project, files)
    return forked.PASSED


def _gate_answer(copy: forked.ForkedCheck, project: Project, files: list[Path]) -> None:
    """The gate's check, as the forked copy answered it: on a failure, or with no copy,
    this process runs it itself, so the report and the exception are a serial run's."""
    if copy.status() != forked.PASSED:
        gate_check(project, files)


def _scan_and_compress(
    project: Project, result: Build, progress: Progress, gate: Callable[[], None]
) -> dict[str, bytes]:
    """The leak scan and the archives, while a forked copy runs the gate's check (`gate`
    waits for its answer): this process scans the packets and compresses the archives
    on threads (zlib lets go of the GIL). The gate's refusal comes before the scan's."""
    with ThreadPoolExecutor(max_workers=ARCHIVE_THREADS) as pool:
        coming = archive.start(
            pool, {pid: (p.files, p.executables) for pid, p in result.packets.items()}
        )
        try:
            progress.start("scanning the packets for leaks")
            leaks = leak_scan(project, result)
            gate()
            if leaks:
                raise PacketLeak(leaks)
        except BaseException:
            for future in coming.values():  # nothing will be written: spare the work
                future.cancel()
            raise
        return {pid: future.result() for pid, future in coming.items()}


def read_salt(path: Path) -> bytes:
    try:
        salt = path.read_bytes()
    except FileNotFoundError:
        raise UsageError(f"{path}: no such salt file") from None
    except OSError as exc:
        raise UsageError(f"cannot read the salt file {path}: {exc.strerror}") from None
    if not salt:
        raise BadInput(
            f"the salt file {path} is empty: give the file export was given, or none to "
            "generate a salt"
        )
    return salt


def _salt_for(key: EvaluatorKey, salt: bytes | None) -> bytes:
    if salt is None:
        if key.salt is None:
            raise UsageError(
                "the key does not hold the salt (it was given with --salt-file): "
                "pass the same file with --salt-file"
            )
        salt = key.salt
    if key.salt_sha256 is not None and ids.salt_digest(salt) != key.salt_sha256:
        raise UsageError("this salt is not the one the key was made with (sha256 differs)")
    return salt


def verify(project: Project, key_path: Path, out: Path, salt: bytes | None = None) -> list[str]:
    """Every difference between the packets on disk, the key and a rebuild from the
    repository; [] only when all three agree. A key that cannot be checked completely
    (missing fields, items without a statement) is reported as a difference, and everything
    else is still compared."""
    key = load_key(key_path)
    if not out.is_dir():
        raise UsageError(f"{out}: no such packet folder (give the folder export wrote)")
    if (
        key.packets
        and not (out / "MANIFEST.json").exists()
        and not any((out / pid).exists() for pid in key.packets)
    ):  # one line, not a "missing" per file of every packet
        raise BadInput(
            f"{out} is not a packet export: it has no MANIFEST.json and none of the key's "
            f"{len(key.packets)} packet(s) ({next(iter(key.packets))}, …); give the folder "
            "export wrote"
        )
    salt = _salt_for(key, salt)
    differences = [f"{key_path.name}: {gap}" for gap in key.gaps()]
    for name, digest in (key.inputs or {}).items():
        path = project.root / name
        if not path.is_file():
            differences.append(f"{name}: input missing from the repository")
        elif sha256_file(path) != digest:
            differences.append(f"{name}: input changed since the export")
    differences += _check_ids(project, key, salt)
    buildable: dict[str, str] = {}
    for pid, entry in key.packets.items():
        statement = project.item_file(entry.item)
        if entry.item not in project.register or not statement.is_file():
            differences.append(
                f"{pid}: the key maps it to {entry.item}, which has no statement "
                f"({statement.relative_to(project.root)}): its packet cannot be rebuilt"
            )
            continue
        buildable[pid] = entry.item
        if entry.source_path is None or entry.source_sha256 is None:
            continue
        source = project.root / entry.source_path
        if not source.is_file():
            differences.append(f"{entry.source_path}: statement of {pid} missing")
        elif sha256_file(source) != entry.source_sha256:
            differences.append(f"{entry.source_path}: statement of {pid} changed since the export")
    packages = PrebuiltPackages(key.packages_dir) if key.packages_dir else None
    # Each packet's README states the budget: without it nothing can be rebuilt.
    budget = key.budget_hours
    rebuilt = (
        build_packets(project, buildable, budget, packages) if budget is not None else Build({}, {})
    )
    for pid, entry in key.packets.items():
        if pid not in rebuilt.packets:
            continue
        got = rebuilt.file_hashes(pid)
        if entry.files is not None and got != entry.files:
            differences.append(f"{pid}: file hashes differ from the key")
        if entry.archive_sha256 not in (None, rebuilt.digest(rebuilt.archives[pid])):
            differences.append(f"archives/{pid}.tar.gz: archive hash differs from the key")
    return differences + _compare_disk(key, rebuilt, out)


def _check_ids(project: Project, key: EvaluatorKey, salt: bytes) -> list[str]:
    """Whether the key's packet ids follow from the salt, by the numbering of its format."""
    items = list(key.mapping.values())
    if key.version < 2:
        if ids.assign_exported(items, salt) == key.mapping:
            return []
        return ["the packet ids do not follow from the salt and the items (key format 1)"]
    listed = register_ids(project)
    # An item the register lost is reported with its packet; rank it all the same.
    if ids.assign(items, salt, set(listed) | set(items)) == key.mapping:
        return []
    now, then = ids.numbered_over(listed), key.numbered_over
    why = ""
    if then is not None and then != now:
        why = (
            f" (the register's item list changed since the export: {then.items} items "
            f"then, {now.items} now)"
        )
    return [f"the packet ids do not follow from the salt and the register's items{why}"]


def _expected_hashes(key: EvaluatorKey, rebuilt: Build) -> dict[str, str]:
    """What the packet folder should hold, as path → sha256: the rebuild's files where the
    packet could be rebuilt, else the key's record of them."""
    expected: dict[str, str] = {}
    archives: dict[str, str] = {}
    for pid, entry in key.packets.items():
        if pid in rebuilt.packets:
            for rel, digest in rebuilt.file_hashes(pid).items():
                expected[f"{pid}/{rel}"] = digest
            archives[pid] = rebuilt.digest(rebuilt.archives[pid])
            continue
        for rel, digest in (entry.files or {}).items():
            expected[f"{pid}/{rel}"] = digest
        if entry.archive_sha256 is not None:
            archives[pid] = entry.archive_sha256
    for pid, digest in archives.items():
        expected[f"archives/{pid}.tar.gz"] = digest
    if len(archives) == len(key.packets):
        expected["MANIFEST.json"] = archive.sha256(manifest_from_hashes(archives, key.left_out))
    return expected


def _compare_disk(key: EvaluatorKey, rebuilt: Build, out: Path) -> list[str]:
    expected = _expected_hashes(key, rebuilt)
    # Packets neither rebuilt nor listed in the key: their files cannot be judged one by one.
    unknown = {pid for pid, e in key.packets.items() if pid not in rebuilt.packets and not e.files}
    on_disk = {p.relative_to(out).as_posix(): p for p in sorted(out.rglob("*")) if p.is_file()}
    executables = rebuilt.executables()
    differences: list[str] = []
    for rel in sorted(set(expected) | set(on_disk)):
        if rel not in on_disk:
            differences.append(f"{rel}: missing")
        elif rel not in expected:
            if rel.split("/", 1)[0] not in unknown:
                differences.append(f"{rel}: not part of the export")
        elif sha256_file(on_disk[rel]) != expected[rel]:
            differences.append(f"{rel}: content differs")
        elif rel in executables and not on_disk[rel].stat().st_mode & 0o100:
            differences.append(f"{rel}: lost its executable bit")
    return differences
