"""What `ofb cert check` says about one certificate.

- `valid`: every condition was checked exactly; the certificate establishes `direction`.
- `probable`: every condition holds, but a primality rests on a probable-prime test only.
- `partial`: every condition that can be checked here holds; `unchecked` lists the ones
  that need a proof, so the certificate establishes nothing by itself.
- `invalid`: `condition` is the first condition that fails, `message` says how.
- `malformed`: not a certificate of this item's shape (`condition`: the JSON path or rule).
- `refused`: a limit (size, nesting, digits, time, memory) stopped the check first.

Only `valid` settles anything. A verdict never claims more than was checked: whatever was
not computed exactly is named in `unchecked` or `probable`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

FORMAT = "openfrontiers-cert-verdict/1"
STATUSES = ("valid", "probable", "partial", "invalid", "malformed", "refused")


@dataclass
class Verdict:
    item: str
    status: str
    direction: str  # the answer of `main` a valid certificate establishes: True, False or none
    # the failing condition (invalid), the limit (refused), the JSON path (malformed)
    condition: str = ""
    message: str = ""
    checked: list[str] = field(default_factory=list)  # condition ids, in the order checked
    unchecked: list[str] = field(default_factory=list)  # "id: why it was not checked"
    probable: list[str] = field(default_factory=list)  # "id: what rests on a probable-prime test"
    reduction: str = ""  # how a valid certificate becomes a Lean proof of `main`
    seconds: float = 0.0
    # where the check ran: the jail backend's name (`bwrap`), `process` (a plain child with a
    # clean environment, where no jail works) or `in-process` (trusted files only)
    isolation: str = "in-process"

    def __post_init__(self) -> None:
        if self.status not in STATUSES:
            raise ValueError(f"unknown certificate status {self.status!r}")

    @property
    def settles(self) -> bool:
        return self.status == "valid"

    def summary(self) -> str:
        """One line for a table or a terminal."""
        if self.status == "valid":
            return f"valid: establishes answer({self.direction})"
        if self.status == "probable":
            return "probable: " + "; ".join(self.probable)
        if self.status == "partial":
            return "partial: not checked: " + "; ".join(self.unchecked)
        return f"{self.status}: {self.condition}: {self.message}".rstrip(": ")

    def as_dict(self) -> dict:
        return {
            "format": FORMAT,
            "item": self.item,
            "verdict": self.status,
            "direction": self.direction,
            "condition": self.condition,
            "message": self.message,
            "checked": self.checked,
            "unchecked": self.unchecked,
            "probable": self.probable,
            "reduction": self.reduction,
            "seconds": round(self.seconds, 3),
            "isolation": self.isolation,
        }

    @classmethod
    def from_dict(cls, d: dict) -> Verdict:
        return cls(
            item=str(d["item"]),
            status=str(d["verdict"]),
            direction=str(d.get("direction", "")),
            condition=str(d.get("condition", "")),
            message=str(d.get("message", "")),
            checked=[str(x) for x in d.get("checked", [])],
            unchecked=[str(x) for x in d.get("unchecked", [])],
            probable=[str(x) for x in d.get("probable", [])],
            reduction=str(d.get("reduction", "")),
            seconds=float(d.get("seconds", 0.0)),
            isolation=str(d.get("isolation", "in-process")),
        )
