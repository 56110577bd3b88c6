"""How the stand-in `lean4export` and `leanchecker` find a module (not Lean: a fixed rule).

Like Lean's own `findOLean`: through `LEAN_PATH`, then `LEAN_SYSROOT/lib/lean` — never
through Lake, a lakefile or the working directory. A stand-in `.olean` (written by the
stand-in `lake build`) is a header line followed by the module's source text; the
module's `FrontierBench.*` imports must be found the same way (Mathlib, which the tests do
not have, is not looked for). A `.olean` holding STANDIN_FORGED (planted by the stand-in
`lake build` of a hostile submission) is refused loudly: the grader must never give one to
these tools.
"""

import os
import sys

HEADER = "STANDIN-OLEAN\n"


def fail(message):
    print(f"uncaught exception: {message}", file=sys.stderr)
    sys.exit(1)


def search_path():
    sysroot = os.environ.get("LEAN_SYSROOT", "")
    if not os.path.isdir(os.path.join(sysroot, "bin")):
        fail(f"LEAN_SYSROOT {sysroot!r} is not a Lean toolchain")
    entries = [p for p in os.environ.get("LEAN_PATH", "").split(":") if p]
    return [*entries, os.path.join(sysroot, "lib", "lean")]


def find(module):
    for folder in search_path():
        candidate = os.path.join(folder, *module.split(".")) + ".olean"
        if os.path.isfile(candidate):
            return candidate
    fail(f"unknown module prefix '{module.split('.')[0]}': no {module}.olean in the search path")
    return ""


def source(module):
    """The source text a stand-in .olean holds, once its imports are found too."""
    text = read(find(module))
    for line in text.splitlines():
        words = line.split()
        if words[:1] == ["import"] and words[1].startswith("FrontierBench."):
            read(find(words[1]))
    return text


def read(path):
    with open(path, encoding="utf-8") as f:
        text = f.read()
    if not text.startswith(HEADER):
        fail(f"{path} is not an .olean file")
    if "STANDIN_FORGED" in text:
        fail(f"read a forged .olean: {path}")
    return text[len(HEADER) :]
