"""`ofb cert`: exact verifiers for certificates — finite objects that settle one direction
of an item's `main` (a counterexample, a witness), checked with exact arithmetic only.

Public API:

- `check_isolated(item, data, limits)` — the verdict on untrusted certificate bytes, in a
  child process with hard limits (what `ofb cert check`, `ofb grade` and the harness use);
- `check_bytes(item, data, limits)` / `check_value(verifier, value, limits, **params)` —
  the same in this process (tests, trusted files);
- `find_certificates(work_dir, item=None, limits)` — every `*.cert.json` in a work dir
  with its hash and, given the item, its verdict (for the attempt harness);
- `certificate_beside(submission)` — where a submission's certificate is;
- `verifiers.items()` / `verifiers.get(item)` — the items with a verifier.

See docs/certificates.md.
"""

from __future__ import annotations

from .check import check_bytes, check_value
from .files import FoundCertificate, certificate_beside, find_certificates, read_certificate
from .isolate import check_isolated
from .limits import DEFAULT_LIMITS, CertLimits
from .verdict import Verdict

__all__ = [
    "DEFAULT_LIMITS",
    "CertLimits",
    "FoundCertificate",
    "Verdict",
    "certificate_beside",
    "check_bytes",
    "check_isolated",
    "check_value",
    "find_certificates",
    "read_certificate",
]
