"""What a submission may contain: the static layer's allow-lists, each entry with its reason.

A proof needs declarations, scopes and a few attributes that steer tactics; it never needs
to extend the syntax, the elaborator or the environment, or to run code while the file is
compiled. So the static layer (`static.py`) accepts only the commands, declaration kinds,
modifiers, attributes and `deriving` classes listed here and rejects everything else with
the command's name and line: a new way to run code at compile time is rejected because it
is not on these lists, not because someone thought of it.

Commands are found by a scanner that reads tokens, not by Lean's parser, and Lean starts a
new command wherever a command keyword follows a complete one — also in the middle of a
line or inside what the scanner takes for a proof. Two nets catch what the scanner does not
split off: `COMMAND_WORDS`, the keywords of the commands of Lean, Mathlib and its
dependencies (Batteries, Aesop, Qq, ProofWidgets, Plausible, ImportGraph, LeanSearchClient)
that are not allowed, rejected wherever they stand; and every `#`-command token, rejected
wherever it stands. `COMMAND_WORDS` is written from the sources at the pinned versions, and
the `lean` CI job checks it against the toolchain itself (`submission/keywords.py`,
`ci/CommandKeywords.lean`): every leading token of a command parser Lean knows once Mathlib
is imported must be an allowed command, declaration or modifier, a word rejected wherever
it stands, a `#`-command or a prefix of another keyword — a missing one fails CI by name.
Past that check, the jail contains what a command runs and both checkers judge the result
(docs/grading.md, trust model).

This module is vendored into every packet with the static layer (`check_submission`):
standard library only.
"""

from __future__ import annotations

# Commands other than declarations, by the scanner's kind.
COMMANDS = {
    "import": "imports: only Mathlib and FrontierBench.Util.* (the imports rule)",
    "module-doc": "module documentation",
    "namespace": "names declarations; changes nothing the checkers compare",
    "section": "scopes variables and options (also `noncomputable section`)",
    "end": "closes a namespace or a section",
    "open": "makes names available by their short names (also `open … in`)",
    "variable": "declares section variables for the declarations that use them",
    "universe": "declares universe variables",
    "set_option": "only the options of the set-option rule",
}
# Declaration kinds. A proof defines its objects and proves lemmas about them; classes and
# instances would change how the statement elaborates, axioms and opaque constants are
# unchecked, and the rest (irreducible_def, proof_wanted, …) is not needed.
DECLARATIONS = {
    "theorem": "a theorem",
    "lemma": "a theorem (Mathlib's spelling)",
    "def": "a definition under a fresh name",
    "abbrev": "a reducible definition under a fresh name",
    "structure": "a structure under a fresh name",
    "inductive": "an inductive type under a fresh name",
    "example": "an anonymous example (adds nothing to the environment)",
}
MODIFIERS = {
    "noncomputable": "a definition without compiled code (e.g. a witness chosen classically)",
    "private": "a name local to the file",
    "protected": "a name that needs its namespace",
}
# Attributes a declaration of the submission may carry (the reference's own declarations
# keep theirs). They register the declaration with a tactic and run no code of the
# submission; attributes that take a tactic, an elaborator, an extension, a delaborator, a
# linter or compiled code (aesop, positivity, app_delab, env_linter, implemented_by, csimp,
# init, …) are not here.
ATTRIBUTES = {
    "simp": "a simp lemma (or equation lemmas of a definition)",
    "norm_cast": "a norm_cast lemma",
    "push_cast": "a push_cast lemma",
    "gcongr": "a gcongr lemma",
    "fun_prop": "a fun_prop lemma",
    "ext": "an extensionality lemma (or one generated for a structure)",
    "reducible": "unfolds a definition of the submission eagerly",
    "irreducible": "keeps a definition of the submission folded",
    "grind": "a grind lemma",
    "grind =": "a grind lemma used as an equation",
    "grind →": "a grind lemma used forwards",
    "grind ←": "a grind lemma used backwards",
}
# Classes a structure or inductive of the submission may derive (handlers of Lean and
# Mathlib, which generate instances for that new type only).
DERIVING = {
    "DecidableEq": "decidable equality",
    "Repr": "printing",
    "Inhabited": "a default value",
    "Nonempty": "non-emptiness",
    "BEq": "boolean equality",
    "Hashable": "hashing",
    "Ord": "an order",
    "Fintype": "finiteness (Mathlib's handler)",
}

# Keywords of commands not on the lists above, from Lean, Mathlib and its dependencies.
# They are rejected wherever they appear: Lean starts a command at them even inside what
# looks like a proof.
COMMAND_WORDS = frozenset(
    {
        # Lean
        "add_decl_doc",
        "alias",
        "assert_not_exists",
        "assert_not_imported",
        "attribute",
        "axiom",
        "binder_predicate",
        "builtin_dsimproc",
        "builtin_initialize",
        "builtin_simproc",
        "class",
        "coinductive",
        "compile_inductive",
        "declare_config_elab",
        "declare_simp_like_tactic",
        "declare_syntax_cat",
        "dsimproc",
        "dsimproc_decl",
        "elab",
        "elab_rules",
        "export",
        "grind_annotated",
        "grind_pattern",
        "grind_propagator",
        "include",
        "infix",
        "infixl",
        "infixr",
        "init_grind_norm",
        "initialize",
        "instance",
        "macro",
        "macro_rules",
        "meta",
        "module",
        "mutual",
        "notation",
        "nonrec",
        "omit",
        "opaque",
        "postfix",
        "prefix",
        "register_builtin_option",
        "register_error_explanation",
        "register_linter_set",
        "register_option",
        "register_parser_alias",
        "register_simp_attr",
        "register_tactic_tag",
        "run_cmd",
        "run_elab",
        "run_meta",
        "seal",
        "simproc",
        "simproc_decl",
        "syntax",
        "unif_hint",
        "unseal",
        # Mathlib, Batteries, Aesop, …
        "add_aesop_rules",
        "assert_exists",
        "check_assertions",
        "declare_aesop_rule_sets",
        "erase_aesop_rules",
        "initialize_simps_projections",
        "insert_to_additive_translation",
        "irreducible_def",
        "library_note",
        "make_elab_grind_config",
        "make_elab_simp_config",
        "mk_iff_of_inductive_prop",
        "name_poly_vars",
        "name_power_vars",
        "notation3",
        "proof_wanted",
        "register_label_attr",
        "suppress_compilation",
        "unsuppress_compilation",
        # Lean, from the builtin command parsers (Lean/Parser/Command.lean); `end_local_scope`
        # is scoped to an internal namespace, `gen_injective_theorems%` lexes as the word.
        "docs_to_verso",
        "end_local_scope",
        "gen_injective_theorems",
        "init_quot",
        "recommended_spelling",
        "tactic_extension",
        "with_weak_namespace",
        # Lean, from `syntax … : command` in Init and Lean (try?, simproc declarations, grind,
        # widgets, library suggestions).
        "builtin_dsimproc_decl",
        "builtin_grind_propagator",
        "builtin_simproc_decl",
        "register_try?_tactic",
        "set_library_suggestions",
        "show_panel_widgets",
        # Batteries (Batteries/Util/ProofWanted.lean)
        "def_wanted",
        "instance_wanted",
        "theorem_wanted",
        # Aesop (scoped and local helpers of its own files)
        "declare_aesop_exception",
        "register_aesop_check_option",
        # Mathlib (Mathlib/Util/CountHeartbeats.lean)
        "count_heartbeats",
        # Mathlib (Mathlib/Tactic/Sat/FromLRAT.lean): evaluates its two string terms
        "lrat_proof",
    }
)
# Term and tactic syntax that runs code written in the submission (`by_elab` elaborates a
# `TermElabM` program, `run_tac` runs a `TacticM` one; the `q` forms are Qq's).
RUN_CODE_WORDS = {
    "by_elab": "runs a TermElabM program of the submission",
    "by_elabq": "runs a TermElabM program of the submission",
    "run_tac": "runs a TacticM program of the submission",
    "run_tacq": "runs a TacticM program of the submission",
    "run_cmd": "runs a CommandElabM program of the submission",
    "run_elab": "runs a TermElabM program of the submission",
    "run_meta": "runs a MetaM program of the submission",
    "initialize": "runs code when the module is imported",
    "builtin_initialize": "runs code when the module is imported",
    "plausible": "runs the submission's definitions, compiled, to look for counterexamples "
    "(it never proves anything)",
    "slim_check": "runs the submission's definitions, compiled, to look for counterexamples "
    "(it never proves anything)",
}
# Term, tactic and conv syntax of the pinned Lean, Mathlib and their dependencies that
# evaluates code while the file is compiled — the submission's own definitions included —
# or runs a program, beside the `run_…`/`by_elab` words above. The list was made as
# COMMAND_WORDS was: by reading the sources at the pins for the calls that evaluate
# (`Lean.Meta.evalExpr`, `Lean.Elab.Term.evalTerm`, `evalConst`/`evalConstCheck`,
# `Lean.Widget.evalWidgetInstance`) or that start a process or read a file
# (`IO.Process.output`/`spawn`, `IO.FS.readFile`), and keeping the term, tactic and conv
# syntax whose elaborator reaches one (commands are COMMAND_WORDS'; tactic configurations,
# evaluated too, are the residual of docs/grading.md). Each entry names the file it was
# read in. The `lean` CI job checks that each is a leading token of the toolchain's term,
# tactic or conv parsers (submission/keywords.py, ci/CommandKeywords.lean), so a renamed or
# removed entry fails there. `eval%` is one token to Lean and the word `eval` and `%` to our
# lexer: the static layer matches it as `eval` directly followed by `%`.
EVALUATING = {
    "eval%": "evaluates its term in the interpreter (`Lean.Meta.evalExpr`, unsafe) and puts "
    "the value in its place (Mathlib/Tactic/Eval.lean)",
    "trace": "Mathlib's tactic `trace e` evaluates `toString e` (`evalExpr`) to print it "
    "(Mathlib/Tactic/Trace.lean); write `Matrix.trace` and the like qualified",
    "success_if_fail_with_msg": "evaluates its message term (`Term.evalTerm String`) "
    "(Mathlib/Tactic/SuccessIfFailWithMsg.lean)",
    "from_lrat": "evaluates both string terms (`Term.evalTerm String`) "
    "(Mathlib/Tactic/Sat/FromLRAT.lean)",
    "run_conv": "runs a `TacticM` program of the submission in conv mode (`run_tac`) "
    "(Mathlib/Tactic/Conv.lean)",
    "polyrith": "runs `curl` to a web service while the file compiles (`IO.Process.output`) "
    "and only suggests a `linear_combination` (Mathlib/Tactic/Polyrith.lean)",
    "include_str": "evaluates its path term (`evalTerm System.FilePath`) and reads that file "
    "(Lean/Elab/BuiltinTerm.lean)",
    "with_panel_widgets": "evaluates the widget constants it names "
    "(`Widget.evalWidgetInstance`; ProofWidgets/Component/Panel/Basic.lean)",
}

# The meta level: a proof never names Lean's implementation (everything meta lives under
# `Lean.`, reached by name or through `open Lean …`), its monads or IO; code of these types
# is what compile-time attacks are written in.
# `System` holds IO too (`System.FilePath.readDir`, `…metadata`, …), outside `IO.`, and
# `LeanSearchClient` (imported with Mathlib) queries web services.
META_ROOTS = frozenset(
    {
        "Lean",
        "Qq",
        "Aesop",
        "ProofWidgets",
        "Plausible",
        "ImportGraph",
        "System",
        "LeanSearchClient",
    }
)
# Meta-level namespaces inside the libraries a proof uses: tactic implementations, their
# monads and utilities. Naming them is how a submission would assemble meta code from
# Mathlib's pieces (for a hook such as aesop's `(add … tactic t)`); a proof uses the
# tactics, never these names.
META_PREFIXES = (
    "Mathlib.Tactic.",
    "Mathlib.Meta.",
    "Mathlib.Util.",
    "Mathlib.Lean.",
    "Mathlib.Command.",
    "Batteries.Tactic.",
    "Batteries.Lean.",
    "Batteries.Util.",
    "Std.Tactic.",
    "Std.Internal.",  # Lean's asynchronous IO: files, timers, sockets
)
# The namespaces that hold those (`Mathlib`, `Mathlib.Tactic`, `Batteries`, `Std`, …), named
# alone: `open Mathlib.Tactic` or `open Mathlib` brings the meta-level names in under short
# names the prefixes above never see (`Ring.RingNF.M.run`, `Tactic.Ring.…`), and a proof
# has no reason to open or enter them. Imports name `Mathlib` and are not concerned.
META_ANCESTORS = frozenset(
    ".".join(parts[:k])
    for parts in (p.rstrip(".").split(".") for p in META_PREFIXES)
    for k in range(1, len(parts) + 1)
)
# Aesop's rule builders other than `tactic`. A rule of an `(add …)` clause that names none
# gets aesop's default builder, which tries `tactic` first for safe, unsafe and norm rules:
# a declaration of type `TacticM Unit` is then run as a tactic, with no `tactic` written.
AESOP_BUILDERS = frozenset(
    {"apply", "forward", "destruct", "constructors", "cases", "simp", "unfold"}
)
# Fields of tactic configurations whose values are code: the tactic evaluates its
# configuration while the file compiles and then runs these as meta-level code, so a value
# set here is the submission's own program, typed by the field without naming a meta type.
# The fields of linarith's (and nlinarith's) `LinarithConfig`. `(discharger := tactics)`
# directly after `(` is a clause of its own (simp, field_simp, use, …) that takes tactic
# syntax, and Lean's configuration syntax never reads it as a field: it stays allowed.
CODE_CONFIG_FIELDS = {
    "discharger": "is linarith's `TacticM Unit` discharger",
    "oracle": "is linarith's certificate oracle, a `MetaM` program",
    "preprocessors": "are linarith's preprocessors, `MetaM` programs",
}
META_NAMES = frozenset(
    {
        "TacticM",
        "TermElabM",
        "MetaM",
        "CoreM",
        "CommandElabM",
        "MacroM",
        "AttrM",
        "IO",
        "EIO",
        "BaseIO",
    }
)
# Names that notation in a statement stands for (`ℝ`, `↔`, `∑`, …): a declaration of the
# submission may not take them as its last component even where the statement never
# spells them.
NOTATION_NAMES = frozenset(
    {
        "Nat",
        "Int",
        "Rat",
        "Real",
        "Complex",
        "True",
        "False",
        "Iff",
        "Eq",
        "Ne",
        "Not",
        "And",
        "Or",
        "Exists",
        "ExistsUnique",
        "Prop",
        "Set",
        "Finset",
        "sum",
        "prod",
        "card",
        "abs",
        "norm",
        "floor",
        "ceil",
        "sqrt",
        "pi",
        "exp",
        "log",
        "HAdd",
        "HMul",
        "HSub",
        "HDiv",
        "HPow",
        "LE",
        "LT",
        "Dvd",
        "answer",
        "main",
    }
)
# A value answer is a plain term elaborated beside nothing secret but still built by us:
# no tactic block and no monadic code in it (quotations and `#` tokens are refused
# everywhere).
ANSWER_KEYWORDS = frozenset({"by", "do"})
