"""What the self-test's isolation cases run in a grading jail (issue 11, items 2, 3, 5 and
6): what a hostile build could leave in its workspace for the stages after it, and what
compile-time code could look for. A Python script, so that the self-test runs where Lean is
not installed: `ofb grade selftest` runs it in the grader's own step policy as
`python3 -I -S isolation.py KIND ARG…` and reads the JSON object it prints last. Standard
library only.

    plant              the module's .olean and .ilean as a build writes them, and beside
                       them a lakefile.lean, a forged utility library and Mathlib .olean,
                       and a folder of junk            report: planted = what it wrote
    sparse N MIB       the module's .olean and N other files, each a hole of MIB MiB
                                                       report: apparent_mib
    many-files N       the module's .olean and N empty files      report: created
    look PATH…         stat and read each path         report: attempts = {path: result}
"""

import json
import os
import sys

LIB = os.path.join(".lake", "build", "lib", "lean")


def report(**fields):
    print(json.dumps(fields), flush=True)


def write(path, data):
    os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
    with open(path, "wb") as f:
        f.write(data)
    return path


def module_outputs():
    return [
        write(os.path.join(LIB, "Solution.olean"), b"olean of Solution\n"),
        write(os.path.join(LIB, "Solution.ilean"), b"{}\n"),
    ]


def plant(_args):
    planted = module_outputs()
    planted.append(write("lakefile.lean", b"-- loaded by Lake ahead of lakefile.toml\n"))
    forged = b"FORGED\n"
    planted.append(write(os.path.join(LIB, "FrontierBench", "Util", "Answer.olean"), forged))
    planted.append(write(os.path.join(LIB, "Mathlib.olean"), forged))
    os.makedirs("junk", exist_ok=True)
    for i in range(200):
        planted.append(write(os.path.join("junk", f"f{i}"), b""))
    report(planted=len(planted), detail=f"planted {len(planted)} files beside the outputs")


def sparse(args):
    count, mib = int(args[0]), int(args[1])
    module_outputs()
    holes = [os.path.join(LIB, "Solution.olean")] + [f"hole{i}" for i in range(count)]
    for path in holes:
        with open(path, "wb") as f:
            f.truncate(mib << 20)
    report(apparent_mib=len(holes) * mib, detail=f"{len(holes)} holes of {mib} MiB")


def many_files(args):
    count = int(args[0])
    module_outputs()
    os.makedirs("many", exist_ok=True)
    for i in range(count):
        open(os.path.join("many", str(i)), "wb").close()
    report(created=count, detail=f"{count} empty files")


def look(paths):
    attempts = {}
    for path in paths:
        try:
            with open(path, "rb") as f:
                f.read(64)
            attempts[path] = "read"
        except FileNotFoundError:
            attempts[path] = "absent"
        except OSError as exc:
            attempts[path] = "visible" if os.path.lexists(path) else f"refused ({exc.strerror})"
    seen = [p for p, r in attempts.items() if r in ("read", "visible")]
    report(attempts=attempts, reached=seen, detail=f"{len(paths) - len(seen)}/{len(paths)} unseen")


KINDS = {"plant": plant, "sparse": sparse, "many-files": many_files, "look": look}

if __name__ == "__main__":
    KINDS[sys.argv[1]](sys.argv[2:])
