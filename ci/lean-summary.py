#!/usr/bin/env python3
"""Write the Lean summary from the JSON files ci/lean-summary.sh collected
(tools/openfrontiers/lean_summary.py says what goes in)."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))
from openfrontiers.lean_summary import main

sys.exit(main())
