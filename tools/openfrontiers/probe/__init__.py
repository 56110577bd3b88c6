"""Automated probes (Appendix D): cheap tactics against every statement with its answers
substituted; no probe may prove or refute a statement."""

from .generate import DEFAULT_HEARTBEATS, DEFAULT_TACTICS, ProbeFile, generate, parse_tactics
from .plan import Plan, plan_probes
from .run import ItemReport, ProbeJob, ProbeResult, classify_item, verdict

__all__ = [
    "DEFAULT_HEARTBEATS",
    "DEFAULT_TACTICS",
    "ItemReport",
    "Plan",
    "ProbeFile",
    "ProbeJob",
    "ProbeResult",
    "classify_item",
    "generate",
    "parse_tactics",
    "plan_probes",
    "verdict",
]
