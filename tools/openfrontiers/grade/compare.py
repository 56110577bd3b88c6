"""Checker 1's decisions on the two exports: the statement of `main` and the closure of
constants it reaches, the axioms of the proof, and the answer.

* **Closure** (`compare_closure`): `main` is a theorem in both exports with the same
  universe parameters and type. Starting from the constants its type mentions and the
  kernel's built-in constants (`Nat`, `String`, `Char`, `Quot`, and the primitives the
  kernel computes with: `Nat.add`, …, `Nat.gcd`, `String.ofList`, `Char.ofNat`), every
  constant reached is compared whole — kind, universe parameters, type, value,
  constructors, recursor rules — and its own dependencies are followed: values of
  definitions, constructors of inductives, the inductive of a constructor, and the
  structure named by every projection `Expr.proj S i e` (without the last, a structure the
  statement reaches only through a projection would never be compared: comparator's
  "projection trick").
* **Axioms** (`axiom_closure`): everything the Solution's `main` depends on, proofs
  included; only `propext`, `Classical.choice` and `Quot.sound` may be axioms, each the
  same constant (kind, universe parameters, type) as in a trusted export — a Solution whose
  `propext` states `False` is not the standard axiom — and nothing may be unsafe. A
  constant used but missing from the export fails closed.
* **The answer**: the literal `True`/`False` of a yes/no statement `answer ↔ P`
  (`yes_no_answer`); for value items the marked answer term (`answer(·)` elaborates to
  metadata `FrontierBench.answer`), compared with the reference's (`same_answer`) and
  checked for trivialising the statement (`trivialising`); around it the Challenge's
  statement must be the Reference's (`around_answer`), since its answer is the
  submission's text.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field

from .export_format import Canon, Decl, Export, Name, children, name_str, parse_name

STANDARD_AXIOMS = ("propext", "Classical.choice", "Quot.sound")
# The kernel's built-in constants (comparator's `builtinTargets` and `primitiveTargets`):
# the kernel computes with these, so a Solution that redefines one (with `prelude`) must
# differ here even when the statement does not mention it.
BUILTINS = ("Nat", "String", "String.mk", "Char", "Quot", "Quot.mk", "Quot.lift", "Quot.ind")
PRIMITIVES = (
    "Nat.add",
    "Nat.sub",
    "Nat.mul",
    "Nat.pow",
    "Nat.gcd",
    "Nat.div",
    "Nat.mod",
    "Nat.beq",
    "Nat.ble",
    "Nat.land",
    "Nat.lor",
    "Nat.xor",
    "Nat.shiftLeft",
    "Nat.shiftRight",
    "String.ofList",
    "Char.ofNat",
    "List",
    "eagerReduce",
)
# Constants an explicit answer may not be built with: they name a value through the
# statement's own objects instead of giving it (`sInf S` for `IsLeast S answer(·)`).
NOT_EXPLICIT = (
    "InfSet.sInf",
    "SupSet.sSup",
    "iInf",
    "iSup",
    "Classical.choose",
    "Classical.epsilon",
    "Classical.choice",
    "Classical.indefiniteDescription",
    "Nat.find",
    "Function.invFun",
    "Set.Nonempty.some",
    "Nonempty.some",
    "Exists.choose",
    "Classical.arbitrary",
    # A limit named rather than computed: where the statement asks for a limit, `lim`,
    # `limUnder`, `limsup` or `liminf` of the same sequence would prove `main` by knowing
    # only that the limit exists.
    "lim",
    "limUnder",
    "Filter.limsup",
    "Filter.liminf",
    "Filter.limsSup",
    "Filter.limsInf",
)
ANSWER_KEY = "FrontierBench.answer"
MAX_FINDINGS = 20


def export_targets(theorem: str) -> list[str]:
    """The constants to export from each module: `main`, the standard axioms and the
    kernel's built-ins (exported with `--ignore-missing`, as some may not exist)."""
    return [theorem, *STANDARD_AXIOMS, *BUILTINS, *PRIMITIVES]


@dataclass(frozen=True)
class Finding:
    check: str  # statement, closure, axioms, answer
    constant: str
    message: str

    def text(self) -> str:
        return f"{self.check}: {self.message}"


@dataclass
class Comparison:
    findings: list[Finding] = field(default_factory=list)
    compared: int = 0  # constants compared between the exports

    @property
    def ok(self) -> bool:
        return not self.findings

    def add(self, check: str, constant: Name | str, message: str) -> None:
        if len(self.findings) < MAX_FINDINGS:
            name = constant if isinstance(constant, str) else name_str(constant)
            self.findings.append(Finding(check, name, message))


def _differing_parts(
    canon: Canon, a_export: Export, a: Decl, b_export: Export, b: Decl
) -> list[str]:
    parts = (
        "kind",
        "name",
        "universe parameters",
        "type",
        "value",
        "flags and constructors",
        "recursor rules",
    )
    x, y = canon.signature(a_export, a), canon.signature(b_export, b)
    return [p for p, u, v in zip(parts, x, y, strict=False) if u != v]


def _describe_difference(
    canon: Canon, ch_export: Export, ch: Decl, so_export: Export, so: Decl
) -> str:
    name = name_str(ch.name)
    if ch.kind != so.kind:
        return f"`{name}` is {_KIND[ch.kind]} in the Challenge but {_KIND[so.kind]} in the Solution"
    differing = _differing_parts(canon, ch_export, ch, so_export, so)
    return f"`{name}` differs between the Challenge and the Solution ({', '.join(differing)})"


_KIND = {
    "axiom": "an axiom",
    "def": "a definition",
    "thm": "a theorem",
    "opaque": "an opaque constant",
    "quot": "a quotient primitive",
    "inductive": "an inductive type",
    "ctor": "a constructor",
    "rec": "a recursor",
}


def compare_closure(
    challenge: Export, solution: Export, theorem: str, canon: Canon | None = None
) -> Comparison:
    """Compare `theorem`'s statement and every constant its statement reaches (see the
    module docstring). The Challenge is trusted; the Solution is not."""
    canon = canon or Canon()
    result = Comparison()
    target = parse_name(theorem)
    ch_main, so_main = challenge.decls.get(target), solution.decls.get(target)
    if ch_main is None:
        result.add("statement", target, f"`{theorem}` is not in the Challenge export")
        return result
    if so_main is None:
        result.add("statement", target, f"`{theorem}` is not in the Solution export")
        return result
    if ch_main.kind != "thm" or so_main.kind != "thm":
        result.add(
            "statement",
            target,
            f"`{theorem}` must be a theorem in both "
            f"(Challenge: {_KIND[ch_main.kind]}; Solution: {_KIND[so_main.kind]})",
        )
        return result
    ch_ids, so_ids = canon.exprs(challenge), canon.exprs(solution)
    if ch_main.level_params != so_main.level_params or ch_ids[ch_main.type] != so_ids[so_main.type]:
        result.add(
            "statement", target, f"the statement of `{theorem}` differs from the Challenge's"
        )
        return result

    seeds = [parse_name(n) for n in (*BUILTINS, *PRIMITIVES)]
    optional = set(seeds)  # the built-ins may be missing from both (exported with --ignore-missing)
    worklist: deque[Name] = deque(seeds)
    worklist.extend(challenge.constants([ch_main.type], set()))
    checked: set[Name] = {target}
    seen_exprs: set[int] = set()
    while worklist:
        name = worklist.popleft()
        if name in checked:
            continue
        checked.add(name)
        ch, so = challenge.decls.get(name), solution.decls.get(name)
        if ch is None and so is None and name in optional:
            continue
        if ch is None:
            result.add(
                "closure", name, f"`{name_str(name)}` is reached but not in the Challenge export"
            )
            continue
        if so is None:
            result.add("closure", name, f"`{name_str(name)}` is missing from the Solution")
            continue
        result.compared += 1
        if canon.signature(challenge, ch) != canon.signature(solution, so):
            result.add("closure", name, _describe_difference(canon, challenge, ch, solution, so))
            continue  # its dependencies differ too; the first difference is the news
        worklist.extend(n for n in solution.dependencies(so, seen_exprs) if n not in checked)
    return result


@dataclass
class AxiomReport:
    axioms: list[str] = field(default_factory=list)  # every axiom reached, sorted
    findings: list[Finding] = field(default_factory=list)
    constants: int = 0  # constants in the closure

    @property
    def ok(self) -> bool:
        return not self.findings


def axiom_closure(
    solution: Export,
    theorem: str,
    allowed: tuple[str, ...] = STANDARD_AXIOMS,
    *,
    trusted: Export | None = None,
    canon: Canon | None = None,
) -> AxiomReport:
    """Every constant `theorem` depends on (statement and proof); the axioms among them and
    anything not allowed, with the chain of constants that reaches it. With `trusted` (an
    export of ours: the Reference's or the Challenge's), an allowed axiom must also be the
    same constant there — by name alone, a Solution could state any `propext` it liked."""
    report = AxiomReport()
    canon = canon or Canon()
    start = parse_name(theorem)
    allowed_names = {parse_name(a) for a in allowed}
    parent: dict[Name, Name | None] = {start: None}
    queue: deque[Name] = deque([start])
    seen_exprs: set[int] = set()
    axioms: set[str] = set()

    def chain(name: Name) -> str:
        path = []
        node: Name | None = name
        while node is not None:
            path.append(name_str(node))
            node = parent[node]
        return " → ".join(reversed(path))

    def find(message: str, name: Name) -> None:
        if len(report.findings) < MAX_FINDINGS:
            report.findings.append(Finding("axioms", name_str(name), message))

    while queue:
        name = queue.popleft()
        decl = solution.decls.get(name)
        report.constants += 1
        if decl is None:
            find(f"`{name_str(name)}` is used but not in the export ({chain(name)})", name)
            continue
        if decl.kind == "axiom":
            axioms.add(name_str(name))
            if name not in allowed_names:
                find(f"axiom `{name_str(name)}` is not allowed ({chain(name)})", name)
            elif trusted is not None:
                ours = trusted.decls.get(name)
                if ours is None:
                    find(
                        f"axiom `{name_str(name)}` is not in the trusted export to compare with "
                        f"({chain(name)})",
                        name,
                    )
                elif canon.signature(trusted, ours) != canon.signature(solution, decl):
                    parts = _differing_parts(canon, trusted, ours, solution, decl)
                    find(
                        f"axiom `{name_str(name)}` is not the standard one (its "
                        f"{', '.join(parts)} {'differs' if len(parts) == 1 else 'differ'} "
                        f"from ours) ({chain(name)})",
                        name,
                    )
        if decl.is_unsafe:
            find(f"`{name_str(name)}` is unsafe ({chain(name)})", name)
        for dep in solution.dependencies(decl, seen_exprs):
            if dep not in parent:
                parent[dep] = name
                queue.append(dep)
    report.axioms = sorted(axioms)
    return report


# -- the answer ---------------------------------------------------------------------------


def yes_no_answer(export: Export, theorem: str) -> str | None:
    """`True` or `False` when the statement is `answer ↔ P` with that literal answer."""
    decl = export.get(theorem)
    if decl is None:
        return None
    node = export.exprs[export.strip(decl.type)]
    if node[0] != "app":
        return None
    head = export.exprs[export.strip(node[1])]
    if head[0] != "app" or export.exprs[export.strip(head[1])][:2] != ("const", ("Iff",)):
        return None
    answer = export.exprs[export.strip(head[2])]
    if answer[0] == "const" and answer[1] in (("True",), ("False",)) and not answer[2]:
        return str(answer[1][0])
    return None


def _answer_marker(export: Export, root: int) -> int | None:
    """The first `FrontierBench.answer` metadata node in `root` (depth first, left to
    right), or None."""
    stack, seen = [root], set()
    while stack:
        i = stack.pop()
        if i in seen:
            continue
        seen.add(i)
        node = export.exprs[i]
        if (
            node[0] == "mdata"
            and ANSWER_KEY in node[1]
            and "true" in str(node[1][ANSWER_KEY]).lower()
        ):
            return i
        stack.extend(reversed(children(node)))
    return None


def marked_answer(export: Export, root: int) -> int | None:
    """The term under the first `FrontierBench.answer` metadata in `root` (depth first,
    left to right), or None."""
    marker = _answer_marker(export, root)
    return None if marker is None else int(export.exprs[marker][2])


def around_answer(canon: Canon, export: Export, theorem: str) -> object:
    """`theorem`'s statement with its marked answer cut out: two exports give equal keys
    exactly when their statements are the same term (as `Canon` sees terms) everywhere but
    under the first answer marker, and that marker stands at the same place in both. The
    answer's text is the submission's, pasted into the Challenge: this is how checker 1
    knows that it stayed inside `answer(…)` and changed nothing else of the statement."""
    decl = export.get(theorem)
    if decl is None:
        return None
    ids = canon.exprs(export)
    marker = _answer_marker(export, decl.type)
    if marker is None:
        return ("unmarked", ids[decl.type])
    # The nodes above the marker: every other subterm is compared by its identity.
    parents: dict[int, set[int]] = {}
    stack, seen = [decl.type], {decl.type}
    while stack:
        i = stack.pop()
        for child in children(export.exprs[i]):
            parents.setdefault(child, set()).add(i)
            if child not in seen:
                seen.add(child)
                stack.append(child)
    above, todo = {marker}, [marker]
    while todo:
        for parent in parents.get(todo.pop(), ()):
            if parent not in above:
                above.add(parent)
                todo.append(parent)
    # Each key is a flat pair, its parts interned in `canon` (shared by the exports being
    # compared): comparing two never recurses, however deep the marker sits.
    keys: dict[int, tuple[str, int]] = {marker: ("k", canon.intern(("around", "answer")))}

    def key(j: int) -> tuple[str, int]:
        return keys[j] if j in keys else ("id", ids[j])

    # Children before parents: the reader accepts an expression only after the ones it
    # uses, and `exprs` keeps that order.
    for i in (j for j in export.exprs if j in above and j != marker):
        node = export.exprs[i]
        tag = node[0]
        if tag == "mdata":
            keys[i] = key(node[2])
            continue
        parts: tuple[object, ...]
        if tag == "app":
            parts = ("app", key(node[1]), key(node[2]))
        elif tag in ("lam", "pi"):
            parts = (tag, key(node[2]), key(node[3]), node[4])
        elif tag == "let":
            parts = ("let", key(node[2]), key(node[3]), key(node[4]))
        else:  # proj
            parts = ("proj", node[1], node[2], key(node[3]))
        keys[i] = ("k", canon.intern(("around", *parts)))
    return keys[decl.type]


def same_answer(canon: Canon, submitted: Export, reference: Export, theorem: str) -> bool:
    """Whether the submitted answer is exactly the reference's: the marked answer terms
    when both exports carry the marker, else the whole statements (which differ only in
    the answer)."""
    a, b = submitted.get(theorem), reference.get(theorem)
    if a is None or b is None:
        return False
    ids_a, ids_b = canon.exprs(submitted), canon.exprs(reference)
    ma, mb = marked_answer(submitted, a.type), marked_answer(reference, b.type)
    if ma is not None and mb is not None:
        return ids_a[ma] == ids_b[mb]
    return ids_a[a.type] == ids_b[b.type]


def _binder_subterms(export: Export, ids: dict[int, int], root: int, skip: int | None) -> set[int]:
    """Identities of the binder terms (λ, ∀) in `root`, not looking inside `skip`."""
    found, stack, seen = set(), [root], set()
    while stack:
        i = stack.pop()
        if i in seen or i == skip:
            continue
        seen.add(i)
        node = export.exprs[i]
        if node[0] in ("lam", "pi"):
            found.add(ids[i])
        stack.extend(children(node))
    return found


def trivialising(export: Export, theorem: str, canon: Canon | None = None) -> str | None:
    """Why the marked answer of a value statement trivialises it, or None: it is built with
    a constant that names a value through the statement's objects (`sInf`, `Classical.choose`,
    …), or it contains a set-builder or function of the statement itself (`sInf S` for
    `IsLeast S answer(·)`)."""
    decl = export.get(theorem)
    if decl is None:
        return None
    answer = marked_answer(export, decl.type)
    if answer is None:
        return None
    used = {name_str(n) for n in export.constants([answer], set())}
    bad = sorted(used & set(NOT_EXPLICIT))
    if bad:
        return f"the answer is built with {', '.join(bad)}"
    canon = canon or Canon()
    ids = canon.exprs(export)
    mdata_node = next(
        (i for i, node in export.exprs.items() if node[0] == "mdata" and node[2] == answer), None
    )
    shared = _binder_subterms(export, ids, answer, None) & _binder_subterms(
        export, ids, decl.type, mdata_node
    )
    if shared:
        return "the answer reuses a set or function of the statement itself"
    return None
