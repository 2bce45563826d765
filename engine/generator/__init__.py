"""Random hands for the trainer: legal, verified by the engine, and aimable.

`generate(count, seed=..., target=..., avoid=..., difficulty=..., min_total=...,
max_total=..., mode="rich"|"natural", ruleset=..., winning=...)` returns a list
of `Hand`; `iter_hands` and `iter_generated` are the endless forms (the latter
with each hand's `Score`).  See `api` for the details and `DIFFICULTY.md` for the
levels.  Modules:

* `api`         the public functions and the verify-and-retry loop
* `targets`     reading target/avoid ids and refusing impossible requests
* `templates`   the templates declared with the detectors, by detector name
* `builder`     drawing sets within the four-copies budget and finishing a hand
* `context`     incidentals, bonus tiles and winds that agree with the tiles
* `policy`      the weights of natural and rich mode, per level
* `difficulty`  the levels and the classifier that enforces them
* `nonwinning`  near misses for "is this a win?" questions
* `wincheck`    fast win / one-exchange-from-a-win tests on tile counts
"""

from __future__ import annotations

from mj_trainer.engine.generator.api import (
    Generated,
    Request,
    generate,
    generate_scored,
    iter_generated,
    iter_hands,
    plan,
)
from mj_trainer.engine.generator.difficulty import Level, level_of, reasons
from mj_trainer.engine.generator.errors import GenerationError
from mj_trainer.engine.generator.policy import Mode

__all__ = [
    "Generated",
    "GenerationError",
    "Level",
    "Mode",
    "Request",
    "generate",
    "generate_scored",
    "iter_generated",
    "iter_hands",
    "level_of",
    "plan",
    "reasons",
]
