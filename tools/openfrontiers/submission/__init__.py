"""What a submission may be, shared by the stages that judge one: the static layer
(`static`) with its allow-lists (`allowlist`), and the packet-side checker (`local`).

`ofb check` (the yes/no form of a statement), `ofb packet` (which vendors these modules into
every packet as `check_submission`) and `ofb grade` use them, so they sit below all three
and import nothing beyond the lexer, the scanner and Lean's diagnostics."""
