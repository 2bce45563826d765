"""Each rule has one home: detector names stay out of the modules that use rules.

tools/count_detector_literals.py counts detector names written as string literals
outside engine/patterns/, tests/ and benchmarks/; the issue's bar is at most 20 of
them, in at most 3 modules.  What is left are domain words that share a detector's
name: the Incidental values and the hand's `self_drawn` (hand.py, which the JSON reader
and writer use), the Shape values and the single-tile form names (shape.py), and the two
detectors the scorer decides itself, with no function to register (ruleset_model.py);
a ruleset reads the last two without loading the detectors.  Any new literal elsewhere
fails here.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_detector_names_live_in_the_catalogue() -> None:
    out = subprocess.run([sys.executable, str(ROOT / "tools" / "count_detector_literals.py")],
                         capture_output=True, text=True, check=True).stdout
    m = re.match(r"(\d+) detector-name literals in (\d+) modules", out)
    assert m is not None, out
    assert int(m.group(1)) <= 20, out
    assert int(m.group(2)) <= 3, out
    modules = set(re.findall(r"^\s+\d+\s+(\S+)$", out, re.MULTILINE))
    assert modules <= {"engine/hand.py", "engine/shape.py", "engine/ruleset_model.py"}, out
