"""Pattern detectors, one function per rule, looked up by name from ruleset files.

A ruleset file says *which* patterns exist, with ids, values and families; this
package says *how* each is recognised.  Detectors come in two scopes:

* hand detectors look only at the tiles and the context, so they run once a hand;
* reading detectors look at one arrangement (its chows, pungs and eyes).

Each returns how many times the pattern is present: 0 for absent, 1 for a
whole-hand pattern, or the number of sets or tiles for per-set/per-tile patterns.
"""

from __future__ import annotations

# Importing the category modules registers their detectors.
from mj_trainer.engine.patterns import (  # noqa: F401  (imported for their registrations)
    basics,
    classical,
    honors,
    incidentals,
    irregular,
    sets,
    suits,
    terminals,
)
from mj_trainer.engine.patterns.registry import (
    HAND_DETECTORS,
    READING_DETECTORS,
    HandFacts,
    Reading,
    detector_names,
)

__all__ = ["HAND_DETECTORS", "READING_DETECTORS", "HandFacts", "Reading", "detector_names"]
