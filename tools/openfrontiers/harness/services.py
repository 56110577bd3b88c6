"""The attempt's host services, each on its own Unix socket, on one event loop thread.

Started before the first round and stopped after the last; the sockets are made
connectable for the jail's uid (the folder is bound read-only, which does not stop a
connect)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..errors import OfbError


@dataclass
class Services:
    sock_dir: Path
    apps: dict[str, Any] = field(default_factory=dict)  # name → ASGI app
    raw: dict[str, Any] = field(default_factory=dict)  # name → asyncio stream handler
    _loop: asyncio.AbstractEventLoop | None = None
    _thread: threading.Thread | None = None
    _servers: list[Any] = field(default_factory=list)
    _ready: threading.Event = field(default_factory=threading.Event)
    _error: BaseException | None = None
    _stopped: asyncio.Event | None = None

    @property
    def names(self) -> tuple[str, ...]:
        return (*self.apps, *self.raw)

    def socket(self, name: str) -> Path:
        return self.sock_dir / f"{name}.sock"

    def __enter__(self) -> Services:
        # The libraries under the services log every request at INFO; our own logs say more.
        for name in ("httpx2", "httpcore2", "mcp", "uvicorn", "uvicorn.error", "sse_starlette"):
            logging.getLogger(name).setLevel(logging.WARNING)
        self._thread = threading.Thread(target=self._main, name="ofb-services", daemon=True)
        self._thread.start()
        if not self._ready.wait(60) or self._error is not None:
            self.close()
            raise OfbError(f"the harness's host services did not start: {self._error!r}")
        for name in self.names:
            os.chmod(self.socket(name), 0o666)
        return self

    def _main(self) -> None:
        self._loop = asyncio.new_event_loop()
        try:
            self._loop.run_until_complete(self._serve())
        except BaseException as exc:  # noqa: BLE001 - reported to the starting thread
            self._error = exc
            self._ready.set()
        finally:
            # Cancel what the servers left (streams of sessions that ended) before closing.
            pending = asyncio.all_tasks(self._loop)
            for task in pending:
                task.cancel()
            if pending:
                self._loop.run_until_complete(asyncio.gather(*pending, return_exceptions=True))
            self._loop.close()

    async def _serve(self) -> None:
        import uvicorn

        tasks = []
        for name, app in self.apps.items():
            config = uvicorn.Config(
                app,
                uds=str(self.socket(name)),
                log_level="warning",
                access_log=False,
                lifespan="on",
                timeout_keep_alive=75,
                timeout_graceful_shutdown=2,
            )
            server = uvicorn.Server(config)
            self._servers.append(server)
            tasks.append(asyncio.create_task(server.serve()))
        for name, handler in self.raw.items():
            raw = await asyncio.start_unix_server(handler, path=str(self.socket(name)))
            self._servers.append(raw)
        for _ in range(600):
            if all(self.socket(n).exists() for n in self.names) and all(
                getattr(s, "started", True) for s in self._servers
            ):
                break
            for task in tasks:
                if task.done():
                    raise OfbError(f"a host service stopped at start: {task.exception()!r}")
            await asyncio.sleep(0.05)
        else:
            raise OfbError("the host services did not open their sockets in 30 s")
        self._stopped = asyncio.Event()
        self._ready.set()
        await asyncio.gather(*tasks, self._stopped.wait())

    def close(self) -> None:
        loop = self._loop
        if loop is not None and not loop.is_closed():

            def stop() -> None:
                if self._stopped is not None:
                    self._stopped.set()
                for server in self._servers:
                    if hasattr(server, "should_exit"):
                        server.should_exit = True
                    else:
                        server.close()

            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(stop)
        if self._thread is not None:
            self._thread.join(timeout=15)

    def __exit__(self, *exc: object) -> None:
        self.close()
