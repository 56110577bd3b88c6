"""The stand-in lean4export's NDJSON writer (toolchain/lib/standin/ndjson.py), for the tests.

It lives in the stand-in toolchain because the grader's jail shows that folder whole, and
each program it runs only as a single file; this module loads it from there.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

_PATH = Path(__file__).resolve().parent / "toolchain" / "lib" / "standin" / "ndjson.py"
_spec = importlib.util.spec_from_file_location("standin_ndjson", _PATH)
assert _spec is not None and _spec.loader is not None
_module = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_module)

ANSWER_KEY = _module.ANSWER_KEY
Builder = _module.Builder
