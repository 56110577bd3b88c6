import Mathlib
import FrontierBench.Util.Answer

/-!
The leading token of every parser of the `command` syntax category, once everything a
submission may import is imported, as JSON: `{"lean": version, "tokens": [...],
"unindexed": n, "categories": {"term": [...], "tactic": [...], "conv": [...]}}`
(`unindexed`: command parsers without a first token, which the table does not index;
`categories`: the leading tokens of those categories, against which the static layer's list
of syntax that evaluates code is checked). Written to the file named by
`OFB_COMMAND_TABLE`, else logged. `ci/check-command-keywords.sh` runs it and compares the
tokens with the static layer's lists (`openfrontiers.submission.keywords`).
-/

/-- The leading tokens of a syntax category (empty when the category does not exist). -/
def leadingTokens (env : Lean.Environment) (name : Lean.Name) : Array String := Id.run do
  let some cat := Lean.Parser.getCategory (Lean.Parser.parserExtension.getState env).categories name
    | return #[]
  let mut tokens : Array String := #[]
  for (tk, _) in cat.tables.leadingTable do
    -- A token `kw` is the key `Name.mkSimple kw`; other keys (e.g. `ident`) print as names.
    let text := match tk with
      | .str .anonymous s => s
      | _ => tk.toString
    tokens := tokens.push text
  return tokens

run_cmd do
  let env ← Lean.getEnv
  let some cat := Lean.Parser.getCategory (Lean.Parser.parserExtension.getState env).categories `command
    | Lean.throwError "no `command` syntax category"
  let categories := Lean.Json.mkObj <| [`term, `tactic, `conv].map fun c =>
    (c.toString, Lean.toJson (leadingTokens env c))
  let table := Lean.Json.mkObj [
    ("lean", Lean.Json.str Lean.versionString),
    ("tokens", Lean.toJson (leadingTokens env `command)),
    ("unindexed", Lean.toJson cat.tables.leadingParsers.length),
    ("categories", categories)]
  match (← IO.getEnv "OFB_COMMAND_TABLE") with
  | some path => IO.FS.writeFile path table.compress
  | none => Lean.logInfo table.compress
