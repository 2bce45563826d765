"""The share key: copy the hand on screen as one line, and show the same line.

The line (`engine.share`) is the hand's notation with its ruleset and where the hand
came from; pasted into `mj-trainer score` or `mj-trainer calc` it gives the same hand.
Terminals without clipboard support still show it in a notification, and the screen
keeps it in `last_shared` for tests and for screens that print it.
"""

from __future__ import annotations

import re
from typing import Any, Final, Protocol, runtime_checkable

from textual.app import App
from textual.binding import Binding

from mj_trainer.engine.compare import ruleset_name
from mj_trainer.engine.hand import Hand
from mj_trainer.engine.ruleset import Ruleset
from mj_trainer.engine.share import curated_origin, generated_origin, share_text

SHARE_KEY: Final = "f4"
SHARE_BINDING: Final = Binding(SHARE_KEY, "share", "Share", id="share",
                               tooltip="Copy the hand (notation, ruleset, origin)")


class Provenance(Protocol):
    """What a quiz hand says about where it came from (a `QuizHand` has both)."""

    @property
    def id(self) -> str: ...

    @property
    def source(self) -> str: ...


@runtime_checkable
class Seeded(Protocol):
    """A hand source that a seed reproduces (a generator or a shuffled set)."""

    @property
    def seed(self) -> int | None: ...


def origin_of(item: Provenance, source: object = None, number: int | None = None) -> str:
    """Where a quiz hand came from: `set:SET/ID` for a curated hand, `seed:N` for a
    generated one (the round's seed and the question), else its id."""
    set_name = item.source
    hand_id = item.id
    seed = source.seed if isinstance(source, Seeded) else None
    if hand_id.startswith("gen-") and seed is not None:
        return generated_origin(seed, number) + f" {hand_id}"
    if set_name == "calculator":
        return "calculator"
    if set_name and set_name not in ("random", "review") and hand_id:
        return curated_origin(set_name, hand_id)
    return hand_id


def example_origin(source: str) -> str:
    """The origin of a reference example from its source line ("set trivial, hand
    trivial-003" or "generated (seed 20240)")."""
    curated = re.fullmatch(r"set (\S+), hand (\S+)", source)
    if curated:
        return curated_origin(curated[1], curated[2])
    generated = re.search(r"seed (\d+)", source)
    if generated:
        return generated_origin(int(generated[1]))
    return source


def share_hand(app: App[Any], hand: Hand, rules: Ruleset | str | None, origin: str, *,
               show: bool = True) -> str:
    """Copy the share line of `hand` to the clipboard and show it in a notification
    (`show`; a screen that shows the line itself passes False); returns the line."""
    name = ruleset_name(rules) if isinstance(rules, Ruleset) else rules
    text = share_text(hand, name, origin)
    app.copy_to_clipboard(text)
    if show:
        app.notify(text, title="Hand copied: paste it into mj-trainer score or calc",
                   timeout=12, markup=False)
    return text
