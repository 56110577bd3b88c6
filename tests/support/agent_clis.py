"""The real agent CLIs for the harness tests, installed from the npm registry into a cache
folder (`OFB_AGENT_CLIS`, default ~/.cache/openfrontiers/agent-clis). `.ci/run` runs this
file; the tests call `ensure()` and skip, naming the reason, only where npm is absent."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

PACKAGES = ("@anthropic-ai/claude-code@2.1.332", "@openai/codex@0.171.0")
EXECUTABLES = {
    "claude-code": "@anthropic-ai/claude-code/bin/claude.exe",
    "codex": "@openai/codex-linux-x64/vendor/x86_64-unknown-linux-musl/bin/codex",
}


def folder() -> Path:
    return Path(os.environ.get("OFB_AGENT_CLIS", "~/.cache/openfrontiers/agent-clis")).expanduser()


def installed() -> bool:
    modules = folder() / "node_modules"
    return all((modules / exe).is_file() for exe in EXECUTABLES.values())


def ensure() -> tuple[Path | None, str]:
    """(node_modules folder, "") when the CLIs are there or were installed; else (None, why)."""
    if installed():
        return folder() / "node_modules", ""
    npm = shutil.which("npm")
    if npm is None:
        return None, "npm is not installed, so the real agent CLIs cannot be installed"
    folder().mkdir(parents=True, exist_ok=True)
    done = subprocess.run(
        [npm, "install", "--no-audit", "--no-fund", "--prefix", str(folder()), *PACKAGES],
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0 or not installed():
        raise RuntimeError(f"npm install of {PACKAGES} failed:\n{done.stdout}\n{done.stderr}")
    return folder() / "node_modules", ""


if __name__ == "__main__":
    path, why = ensure()
    print(f"agent CLIs: {path}" if path else f"agent CLIs not installed: {why}")
    sys.exit(0)
