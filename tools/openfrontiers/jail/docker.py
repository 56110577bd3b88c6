"""The second jail: a Docker container under the same policy, used where a daemon answers.

No network; a read-only root from a tiny image of our own (empty directories and the
merged-/usr symlinks, imported from an in-memory tar, so nothing is pulled); the policy's
read-only paths bind-mounted read-only; the work dir staged on a capped tmpfs as with
bwrap (or a capped tmpfs of the container's own); a capped `/tmp`; memory (swap included),
pids and CPU limits; every capability dropped; `no-new-privileges`; the seccomp rules of
`seccomp.py` as a profile; the jail's non-root uid. Docker reports the OOM kill; peak
memory and CPU time are not known after the container exits, so they are `None`.
"""

from __future__ import annotations

import hashlib
import io
import os
import signal
import tarfile
import tempfile
import time
from collections.abc import Sequence
from contextlib import ExitStack
from pathlib import Path
from typing import Any

from ..errors import OfbError
from . import seccomp
from .backend import BackendStatus, exit_and_signal
from .policy import JAIL_GID, JAIL_UID, SYSTEM_DIRS, JailPolicy, base_policy
from .result import JailResult, cap_bytes
from .workspace import copy_back, staged_work_dir

IMAGE_REPO = "openfrontiers/jail-base"
_IMAGE_DIRS = {
    "etc": 0o755,
    "tmp": 0o1777,
    "work": 0o1777,
    "proc": 0o755,
    "dev": 0o755,
    "sys": 0o755,
}


def _base_image_tar() -> bytes:
    """An image root with empty directories and the host's top-level symlinks (/bin → usr/bin)."""
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w") as tar:
        dirs = dict(_IMAGE_DIRS)
        dirs.update({d.lstrip("/"): 0o755 for d in SYSTEM_DIRS if not os.path.islink(d)})
        for name, mode in dirs.items():
            info = tarfile.TarInfo(name)
            info.type, info.mode = tarfile.DIRTYPE, mode
            tar.addfile(info)
        for d in SYSTEM_DIRS:
            if os.path.islink(d):
                info = tarfile.TarInfo(d.lstrip("/"))
                info.type, info.linkname = tarfile.SYMTYPE, os.readlink(d)
                tar.addfile(info)
    return buf.getvalue()


class DockerBackend:
    name = "docker"

    def __init__(self, client: Any = None, uid: int = JAIL_UID, gid: int = JAIL_GID) -> None:
        self._client = client
        self.uid, self.gid = uid, gid

    @property
    def client(self):
        if self._client is None:
            try:
                import docker
            except ImportError:
                raise OfbError("the docker jail needs the Docker SDK: pip install docker") from None
            try:
                self._client = docker.from_env(timeout=30)
                self._client.ping()
            except Exception as exc:  # noqa: BLE001 - the SDK raises many kinds
                self._client = None
                where = os.environ.get("DOCKER_HOST", "unix:///var/run/docker.sock")
                raise OfbError(
                    f"no Docker daemon answers at {where} ({type(exc).__name__})"
                ) from None
        return self._client

    def group_limits(self) -> str | None:
        return "docker"  # the daemon puts each container in cgroups of its own

    def status(self) -> BackendStatus:
        try:
            version = self.client.version().get("Version", "?")
        except OfbError as exc:
            fix = (
                "pip install docker"
                if "SDK" in str(exc)
                else "start dockerd (apt-get install -y docker.io; dockerd &)"
            )
            return BackendStatus(self.name, False, str(exc), fix)
        try:
            result = self.run(["/usr/bin/true"], base_policy().with_limits(wall_seconds=60))
        except OfbError as exc:
            return BackendStatus(self.name, False, f"daemon {version}, but: {exc}")
        if not result.ok:
            return BackendStatus(
                self.name,
                False,
                f"daemon {version}, but a container "
                f"{result.describe()}: {result.text('stderr')[:160]}",
            )
        return BackendStatus(
            self.name,
            True,
            f"daemon {version}; started and stopped in {result.wall_time * 1000:.0f} ms",
        )

    def ensure_image(self) -> str:
        """The base image, tagged with the hash of its contents (a change makes a new one)."""
        import docker.errors

        data = _base_image_tar()
        tag = hashlib.sha256(data).hexdigest()[:12]
        image = f"{IMAGE_REPO}:{tag}"
        try:
            self.client.images.get(image)
        except docker.errors.ImageNotFound:
            self.client.api.import_image_from_data(data, repository=IMAGE_REPO, tag=tag)
        return image

    def run(
        self, argv: Sequence[str], policy: JailPolicy, stdin: bytes | None = None
    ) -> JailResult:
        if stdin is not None:
            raise OfbError("the docker jail does not pass standard input; use the bwrap jail")
        from docker.types import Mount, Ulimit

        client = self.client
        image = self.ensure_image()
        limits = policy.limits
        with ExitStack() as stack:
            mounts = []
            for p in policy.read_only:
                p = Path(p)
                if p.is_symlink() and str(p) in SYSTEM_DIRS:
                    continue  # the image has the same symlink
                mounts.append(Mount(str(p), str(p.resolve()), type="bind", read_only=True))
            # Docker shows the host's sysfs read-only; an empty tmpfs hides it.
            mounts.append(Mount("/sys", None, type="tmpfs", read_only=True, tmpfs_size=4096))
            mounts.append(
                Mount("/tmp", None, type="tmpfs", tmpfs_size=policy.tmp_size, tmpfs_mode=0o1777)
            )
            if policy.work_source is not None:  # the agent jail's; bwrap only
                raise OfbError("the docker jail does not bind a work source (use bwrap)")
            work = policy.work_path
            staged = None
            if policy.work_dir is not None:
                staged = stack.enter_context(staged_work_dir(policy, self.uid, self.gid))
                mounts.append(Mount(str(work), str(staged.path), type="bind", read_only=False))
            else:
                mounts.append(
                    Mount(
                        str(work),
                        None,
                        type="tmpfs",
                        tmpfs_size=policy.work_size,
                        tmpfs_mode=0o1777,
                    )
                )
            files_dir = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="ofb-docker-")))
            os.chmod(files_dir, 0o755)
            passwd = (
                f"root:x:0:0::/:/usr/sbin/nologin\n"
                f"jail:x:{self.uid}:{self.gid}::{work}:/usr/sbin/nologin\n"
            ).encode()
            group = f"root:x:0:\njail:x:{self.gid}:\n".encode()
            for i, (inside, content) in enumerate(
                (("/etc/passwd", passwd), ("/etc/group", group), *policy.files)
            ):
                host = files_dir / str(i)
                host.write_bytes(content)
                os.chmod(host, 0o444)
                mounts.append(Mount(inside, str(host), type="bind", read_only=True))
            ulimits = [
                Ulimit(name="fsize", soft=limits.file_size, hard=limits.file_size),
                Ulimit(name="core", soft=0, hard=0),
            ]
            if limits.cpu_seconds is not None:
                soft = max(1, int(limits.cpu_seconds + 0.999))
                ulimits.append(Ulimit(name="cpu", soft=soft, hard=soft + 1))
            container = client.containers.create(
                image,
                command=list(argv),
                user=f"{self.uid}:{self.gid}",
                network_mode="none",
                read_only=True,
                mounts=mounts,
                environment=dict(policy.env),
                working_dir=str(policy.cwd or work),
                hostname="jail",
                ipc_mode="private",
                mem_limit=limits.memory,
                memswap_limit=limits.memory,
                pids_limit=limits.processes,
                nano_cpus=int(limits.cpus * 1e9) if limits.cpus > 0 else None,
                cap_drop=["ALL"],
                ulimits=ulimits,
                security_opt=["no-new-privileges:true", "seccomp=" + seccomp.docker_profile_json()],
            )
            stack.callback(lambda: container.remove(force=True))
            start = time.monotonic()
            container.start()
            timed_out = False
            try:
                status = container.wait(timeout=limits.wall_seconds)
            except Exception:  # noqa: BLE001 - requests' timeout types vary by version
                timed_out = True
                container.kill()
                status = container.wait(timeout=60)
            wall = time.monotonic() - start
            container.reload()
            state = container.attrs.get("State", {})
            code = int(status.get("StatusCode", state.get("ExitCode", -1)))
            out, out_cut = cap_bytes(container.logs(stdout=True, stderr=False), limits.output)
            err, err_cut = cap_bytes(container.logs(stdout=False, stderr=True), limits.output)
            exit_code, sig = exit_and_signal((code & 0xFF) << 8)
            result = JailResult(
                backend=self.name,
                exit_code=exit_code,
                signal=sig,
                timed_out=timed_out,
                killed_for_memory=bool(state.get("OOMKilled")),
                # Inside the container only RLIMIT_CPU sends SIGXCPU, or SIGKILL at its hard limit.
                killed_for_cpu=(
                    limits.cpu_seconds is not None
                    and not timed_out
                    and not state.get("OOMKilled")
                    and sig in (signal.SIGXCPU, signal.SIGKILL)
                ),
                wall_time=wall,
                cpu_time=None,
                peak_memory=None,
                stdout=out,
                stderr=err,
                stdout_truncated=out_cut,
                stderr_truncated=err_cut,
                limits_via="docker",
                work_capped=staged.capped if staged is not None else True,
            )
            return copy_back(staged, result)
