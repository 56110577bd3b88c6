import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parents[1] / "support"))

from jail_fixtures import bwrap, dockerd  # noqa: E402,F401  (fixtures)
