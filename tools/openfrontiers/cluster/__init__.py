"""Running attempts, grading and probes on a Ray cluster (`--executor ray`).

Every piece of work — one attempt, one grading job, one probe file — is one Ray task that
asks for the CPU and memory its jail is given, and for two custom resources that only an
admitted node advertises: `ofb_jail_checked` (its `ofb jail check` passed) and its group
(`ofb_attempts` or `ofb_grading`). `ofb cluster node` runs the jail check before `ray start`
and adds them only when every probe passed; each task re-reads the node's admission record
and refuses to run without a passed one (fail closed), and stamps the node into its record.
The driver writes every result itself, in the formats the local executor writes.

Nothing here imports Ray at module level: the local executor needs no Ray.
"""
