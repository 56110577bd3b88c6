"""OpenFrontiers: the sidecar tools around the FrontierBench Lean statements."""

from importlib import metadata as _metadata

try:
    __version__ = _metadata.version("openfrontiers")
except _metadata.PackageNotFoundError:  # running from a source tree without installing
    __version__ = "0.1.0+source"
