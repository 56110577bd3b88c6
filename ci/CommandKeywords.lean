import Mathlib
import FrontierBench.Util.Answer

/-!
The leading token of every parser of the `command` syntax category, once everything a
submission may import is imported, as JSON: `{"lean": version, "tokens": [...],
"unindexed": n}` (`unindexed`: command parsers without a first token, which the table does
not index). Written to the file named by `OFB_COMMAND_TABLE`, else logged.
`ci/check-command-keywords.sh` runs it and compares the tokens with the static layer's
lists (`openfrontiers.submission.keywords`).
-/

run_cmd do
  let env ← Lean.getEnv
  let some cat := Lean.Parser.getCategory (Lean.Parser.parserExtension.getState env).categories `command
    | Lean.throwError "no `command` syntax category"
  let mut tokens : Array String := #[]
  for (tk, _) in cat.tables.leadingTable do
    -- A token `kw` is the key `Name.mkSimple kw`; other keys (e.g. `ident`) print as names.
    let text := match tk with
      | .str .anonymous s => s
      | _ => tk.toString
    tokens := tokens.push text
  let table := Lean.Json.mkObj [
    ("lean", Lean.Json.str Lean.versionString),
    ("tokens", Lean.toJson tokens),
    ("unindexed", Lean.toJson cat.tables.leadingParsers.length)]
  match (← IO.getEnv "OFB_COMMAND_TABLE") with
  | some path => IO.FS.writeFile path table.compress
  | none => Lean.logInfo table.compress
