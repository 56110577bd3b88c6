"""A tiny driver for Debian's headless `chromium` over the DevTools protocol on a pipe
(`--remote-debugging-pipe`: the browser reads commands on fd 3 and answers on fd 4, each
message JSON ended by NUL), so no debugging port is opened and nothing is downloaded.

The browser runs inside a loopback-only network namespace (`unshare -n`, as the harness
tests run agents), with its background traffic switched off by flags and every host name
mapped to nothing, so a page that asked for a network resource could not get it."""

from __future__ import annotations

import base64
import contextlib
import fcntl
import json
import os
import select
import shutil
import subprocess
import time
from pathlib import Path
from typing import Any

# What stops Chromium's own traffic (updates, metrics, safe browsing, translation, time
# queries, DNS prefetch) and keeps a headless run small and the same each time.
FLAGS = [
    "--headless",
    "--no-sandbox",  # tests run as root; the namespace and the profile folder are the fence
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--no-first-run",
    "--no-default-browser-check",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-default-apps",
    "--disable-extensions",
    "--disable-breakpad",
    "--disable-crash-reporter",
    "--disable-domain-reliability",
    "--disable-client-side-phishing-detection",
    "--safebrowsing-disable-auto-update",
    "--no-pings",
    "--metrics-recording-only",
    (
        "--disable-features=Translate,OptimizationHints,MediaRouter,DialMediaRouteProvider,"
        "AutofillServerCommunication,CertificateTransparencyComponentUpdater,"
        "NetworkTimeServiceQuerying,InterestFeedContentSuggestions"
    ),
    "--host-resolver-rules=MAP * ~NOTFOUND",
    "--proxy-server=127.0.0.1:9",
    "--hide-scrollbars",
    "--mute-audio",
    "--force-device-scale-factor=1",
    "--window-size=1280,900",
]


def chromium() -> str | None:
    return shutil.which("chromium")


class BrowserError(RuntimeError):
    pass


def _high(fd: int) -> int:
    """`fd` moved above 9, so the child's `3<&N 4>&M` never overwrites or closes its own."""
    moved = fcntl.fcntl(fd, fcntl.F_DUPFD_CLOEXEC, 10)
    os.close(fd)
    return moved


class Browser:
    """One headless Chromium with one page; use as a context manager."""

    def __init__(self, profile: Path, timeout: float = 60.0) -> None:
        binary = chromium()
        if binary is None:
            raise BrowserError("no chromium on PATH")
        self.timeout = timeout
        self._next = 0
        self._buffer = b""
        self.events: list[dict] = []
        to_browser_r, self._to_browser = map(_high, os.pipe())
        self._from_browser, from_browser_w = map(_high, os.pipe())
        env = {k: v for k, v in os.environ.items() if not k.lower().startswith("http")}
        env.update(HOME=str(profile), XDG_CONFIG_HOME=str(profile / "config"),
                   XDG_CACHE_HOME=str(profile / "cache"))  # fmt: skip
        script = (
            f'ip link set lo up && exec "$@" 3<&{to_browser_r} 4>&{from_browser_w} '
            f"{to_browser_r}<&- {from_browser_w}>&-"
        )
        self.log = profile / "chromium.log"
        with self.log.open("wb") as log:
            self.process = subprocess.Popen(
                ["unshare", "-n", "bash", "-c", script, "bash", binary, *FLAGS,
                 f"--user-data-dir={profile / 'data'}", "--remote-debugging-pipe",
                 "about:blank"],
                pass_fds=(to_browser_r, from_browser_w), stdin=subprocess.DEVNULL,
                stdout=log, stderr=log, env=env,
            )  # fmt: skip
        os.close(to_browser_r)
        os.close(from_browser_w)
        targets = self.call("Target.getTargets")["targetInfos"]
        page = next(t["targetId"] for t in targets if t["type"] == "page")
        attached = self.call("Target.attachToTarget", targetId=page, flatten=True)
        self.session = attached["sessionId"]
        self.call("Page.enable", session=self.session)
        self.call("Runtime.enable", session=self.session)
        self.call("Network.enable", session=self.session)

    def __enter__(self) -> Browser:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        if self.process.poll() is None:
            with contextlib.suppress(BrowserError, OSError):
                self.call("Browser.close")
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        for fd in (self._to_browser, self._from_browser):
            with contextlib.suppress(OSError):
                os.close(fd)

    def _message(self, deadline: float) -> dict:
        while b"\0" not in self._buffer:
            left = deadline - time.monotonic()
            if left <= 0:
                raise BrowserError(f"no answer from chromium in time; its log: {self._tail()}")
            ready, _, _ = select.select([self._from_browser], [], [], left)
            if ready:
                chunk = os.read(self._from_browser, 1 << 20)
                if not chunk:
                    raise BrowserError(f"chromium closed its pipe; its log: {self._tail()}")
                self._buffer += chunk
        raw, _, self._buffer = self._buffer.partition(b"\0")
        return json.loads(raw)

    def _tail(self) -> str:
        return self.log.read_text(errors="replace")[-2000:]

    def call(self, method: str, session: str | None = None, **params: Any) -> dict:
        self._next += 1
        message: dict[str, Any] = {"id": self._next, "method": method, "params": params}
        if session is not None:
            message["sessionId"] = session
        os.write(self._to_browser, json.dumps(message).encode() + b"\0")
        deadline = time.monotonic() + self.timeout
        while True:
            answer = self._message(deadline)
            if answer.get("id") == self._next:
                if "error" in answer:
                    raise BrowserError(f"{method}: {answer['error']}")
                return answer.get("result", {})
            self.events.append(answer)

    def wait_for(self, method: str) -> dict:
        deadline = time.monotonic() + self.timeout
        while True:
            for n, event in enumerate(self.events):
                if event.get("method") == method:
                    return self.events.pop(n)
            self.events.append(self._message(deadline))

    def page(self, method: str, **params: Any) -> dict:
        return self.call(method, session=self.session, **params)

    def open(self, url: str) -> list[str]:
        """Load `url`; the URLs of every request the page made until its load event."""
        self.events.clear()
        self.page("Page.navigate", url=url)
        self.wait_for("Page.loadEventFired")
        return [
            e["params"]["request"]["url"]
            for e in self.events
            if e.get("method") == "Network.requestWillBeSent"
        ]

    def evaluate(self, expression: str) -> Any:
        done = self.page("Runtime.evaluate", expression=expression, returnByValue=True)
        if "exceptionDetails" in done:
            raise BrowserError(f"{expression}: {done['exceptionDetails']}")
        return done["result"].get("value")

    def press(self, key: str, code: str, key_code: int, text: str = "") -> None:
        """A key pressed and released on whatever has the focus."""
        down: dict[str, Any] = {"key": key, "code": code, "windowsVirtualKeyCode": key_code}
        self.page("Input.dispatchKeyEvent", type="keyDown", text=text, **down)
        self.page("Input.dispatchKeyEvent", type="keyUp", **down)

    def viewport(self, width: int, height: int, mobile: bool = False) -> None:
        self.page("Emulation.setDeviceMetricsOverride", width=width, height=height,
                  deviceScaleFactor=1, mobile=mobile)  # fmt: skip

    def screenshot(self, path: Path) -> Path:
        done = self.page("Page.captureScreenshot", format="png")
        path.write_bytes(base64.b64decode(done["data"]))
        return path
