"""The attempt harness: agents in the sandbox under three access conditions.

`ofb attempt` runs one agent on one packet; `ofb run` runs a subset × a model × a condition
× a protocol. An attempt is a sequence of rounds (agent CLI sessions) in the agent jail,
whose only exits are three host services the harness starts and logs: the model API
gateway (`gateway`), the MCP server (`mcp_server`) and, in condition C, the web proxy
(`webproxy`). See docs/harness.md for the design and its trust boundaries.
"""
