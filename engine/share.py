"""A hand as one line to share: its notation, its ruleset and where it came from.

    c123 c456 b234 b567 k5 +k5 self ruleset:mj-score-eval # set:trivial/trivial-003

The part before `#` is ordinary notation that always names its ruleset, so the hand
scores the same for whoever reads it; after `#` comes its origin: `set:SET/HAND-ID` for
a curated hand, `seed:N` for a generated one, or `calculator`.  The notation parser
ignores everything from `#` on, so the line pastes into `mj-trainer score` and
`mj-trainer calc` as it is.  A bug report that quotes this line can be checked.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from mj_trainer.engine.hand import Hand
from mj_trainer.engine.notation import format_hand, parse

NOTE = "#"


@dataclass(frozen=True, slots=True)
class Shared:
    """A hand read back from a shared line, and the origin the line gave."""

    hand: Hand
    origin: str = ""


def curated_origin(set_id: str, hand_id: str) -> str:
    return f"set:{set_id}/{hand_id}"


def generated_origin(seed: int, number: int | None = None) -> str:
    """A generated hand: the seed of the round and, when known, the question number."""
    return f"seed:{seed}" + (f" question:{number}" if number is not None else "")


def share_text(hand: Hand, ruleset: str | None = None, origin: str = "") -> str:
    """The line to copy: canonical notation, the ruleset always named, then the origin."""
    if ruleset is not None:
        hand = replace(hand, ruleset=ruleset)
    text = format_hand(hand)
    if " ruleset:" not in f" {text}":
        text += f" ruleset:{hand.ruleset}"
    clean = " ".join(origin.replace(NOTE, " ").split())
    return f"{text} {NOTE} {clean}" if clean else text


def unquote(text: str) -> str:
    """A pasted line without the blanks and quotes a shell or a chat may have left."""
    out = text.strip()
    while len(out) >= 2 and out[0] == out[-1] and out[0] in "\"'`":
        out = out[1:-1].strip()
    return out


def parse_shared(text: str) -> Shared:
    """The hand and origin of a shared line (plain notation works too); raises
    NotationError or HandError like `notation.parse`."""
    line = unquote(text)
    body, _, note = line.partition(NOTE)
    return Shared(parse(body), " ".join(note.split()))
