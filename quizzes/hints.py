"""Hints with a price: one counted pattern of a question revealed at a time.

In the app a hint comes in two steps: first a nudge (where to look in the hand and which
category the pattern belongs to, `NUDGE_COST`), then, on the next request, the pattern
itself (`HINT_COST` in all). The quiz protocol reveals the pattern at once.

A round (`quizzes.round.Round.hint`) reveals hints; grading takes the revealed ones as
an input (`quizzes.grading.grade(question, answer, hints)`): each costs `HINT_COST` of
the question's credit, a hinted answer never counts as fully right, and the revealed
patterns are recorded as not known, so the review scheduler brings them back soon.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Final

from mj_trainer.engine.arrangements import Group, GroupKind
from mj_trainer.engine.evidence import evidence
from mj_trainer.engine.patterns.registry import BONUS, CATALOGUE, HandFlag, Trait
from mj_trainer.engine.ruleset import Pattern
from mj_trainer.engine.tiles import SUIT_NAMES, Suit, Tile, suit_of
from mj_trainer.quizzes.explanation import Explanation, ExplanationKind
from mj_trainer.quizzes.questions import Question, QuestionKind

HINT_COST: Final = 0.15  # credit lost per revealed pattern
NUDGE_COST: Final = 0.05  # credit lost per nudge that was not followed by its pattern
HINTABLE: Final = frozenset({QuestionKind.PATTERNS, QuestionKind.TOTAL})


@dataclass(frozen=True, slots=True)
class Hint:
    """One revealed pattern of the current question."""

    pattern: Pattern
    count: int
    points: int
    doubles: int = 0  # doubling scheme: the doublings it gives
    nudge: str | None = None  # set while only the nudge towards the pattern is shown

    @property
    def cost(self) -> float:
        return NUDGE_COST if self.nudge is not None else HINT_COST

    @property
    def text(self) -> str:
        if self.nudge is not None:
            return self.nudge
        p = self.pattern
        if p.doubles:
            word = "doubling" if self.doubles == 1 else "doublings"
            if p.unit == "hand" and self.count == 1:
                return f"{p.name} ({p.id}) counts: {self.doubles} {word}"
            return (f"{p.name} ({p.id}) counts {self.count} x {p.value} = {self.doubles} "
                    f"{word}")
        points = "point" if abs(self.points) == 1 else "points"
        if p.unit == "hand" and self.count == 1:
            return f"{p.name} ({p.id}) counts: {self.points} {points}"
        return f"{p.name} ({p.id}) counts {self.count} x {p.value} = {self.points} {points}"


def available_hints(question: Question, claimed: Mapping[str, int] | None = None) -> list[Hint]:
    """The patterns a hint may still reveal, most useful first.

    Patterns the learner already claimed with the right count come last, so a hint
    never repeats what they know; the rest follow the engine's order (R10 ids).
    """
    claimed = claimed or {}
    # A lesson drill shows the patterns outside its scope with the hand: never a hint.
    hints = [Hint(h.pattern, h.count, h.points, h.doubles) for h in question.result.counted
             if question.graded(h.pattern.id)]
    hints.sort(key=lambda h: claimed.get(h.pattern.id, 0) == h.count)
    return hints


def hint_cost(revealed: Sequence[Hint]) -> float:
    """The credit `revealed` hints take off an answer."""
    return sum(h.cost for h in revealed)


def hint_note(revealed: Sequence[Hint]) -> Explanation:
    """The note on a hinted answer: how many hints, what they cost, what comes back."""
    names = ", ".join(f"{h.pattern.name} ({h.pattern.id})" for h in revealed
                      if h.nudge is None)
    nudges = sum(h.nudge is not None for h in revealed)
    parts = []
    if names:
        shown = len(revealed) - nudges
        each = "" if shown == 1 else " each"
        parts.append(f"{shown} {'hint' if shown == 1 else 'hints'} ({names}), "
                     f"{HINT_COST:g} of the question's credit{each}")
    if nudges:
        each = "" if nudges == 1 else " each"
        parts.append(f"{nudges} {'nudge' if nudges == 1 else 'nudges'}, "
                     f"{NUDGE_COST:g}{each}")
    return Explanation(
        ExplanationKind.COUNTS,
        f"You used {' and '.join(parts)}; a pattern you had help with comes back in "
        f"review.",
        revealed[0].pattern.id, revealed[0].pattern.id,
        tuple(h.pattern.id for h in revealed),
    )


_SUIT_WORDS: Final = {Suit.COINS: "coin", Suit.BAMBOO: "bamboo", Suit.CHARACTERS: "character",
                      Suit.WINDS: "wind", Suit.DRAGONS: "dragon"}
_HONORS: Final = frozenset({Suit.WINDS, Suit.DRAGONS})
_BONUS: Final = frozenset({Suit.FLOWERS, Suit.SEASONS})


def _set_word(groups: Sequence[Group]) -> str:
    """What the groups are, in a word: "pung", "chows", "pungs and kongs", "sets"."""
    kinds = {g.kind for g in groups}
    plural = "s" if len(groups) > 1 else ""
    if kinds <= {GroupKind.PUNG, GroupKind.KONG} and len(kinds) == 2:
        return "pungs and kongs"
    if len(kinds) == 1:
        (kind,) = kinds
        word = {GroupKind.CHOW: "chow", GroupKind.PUNG: "pung", GroupKind.KONG: "kong",
                GroupKind.PAIR: "pair"}.get(kind, "set")
        return word + plural
    return "set" + plural


def _where(groups: Sequence[Group], tiles: Sequence[Tile], name: str) -> str:
    """Where to look ("the bamboo pungs", "the chows", "the wind tiles"), in words that
    do not spell out the pattern's `name` (a Wind Pung is not nudged at "the wind pung")."""
    suits = {suit_of(t) for g in groups for t in g.tiles} | {suit_of(t) for t in tiles}
    if suits <= _BONUS:
        return "the flowers and seasons"
    noun = _set_word(groups) if groups else "tiles"
    if len(suits) == 1:
        (suit,) = suits
        adjective = _SUIT_WORDS.get(suit, SUIT_NAMES[suit])
        places = [f"{adjective} {noun}", f"{adjective} tiles"]
    elif suits <= _HONORS:
        places = [f"honor {noun}", "honor tiles"]
    elif not noun.startswith("set"):
        places = [noun]
    else:
        places = []
    for place in places:
        if place.rstrip("s") not in name.lower():
            return f"the {place}"
    if groups and all(g.kind is GroupKind.PAIR for g in groups):
        return "how the tiles are grouped"  # pairs, not sets (a seven pairs hand)
    return "the sets" if groups else "the tiles"


def _beyond_the_tiles(pattern: Pattern) -> str | None:
    """Where to look for a pattern that no tile shows by its suit: how the hand was won
    (a circumstance of the win, a self-drawn tile), what was exposed (a concealed hand)
    or what it waited on.  None: its tiles show it."""
    entry = CATALOGUE.get(pattern.detector)
    if entry is None or BONUS in entry.reads:
        return None  # the scorer's own patterns; the flowers and seasons are tiles
    if entry.traits & Trait.CONCEALED:
        return "what was exposed before the win"
    if entry.traits & Trait.WAITS:
        return "the tiles the hand waited on"
    about_the_win = HandFlag.SELF_DRAWN | HandFlag.INCIDENTAL
    if (entry.reads or entry.needs.has & about_the_win
            or entry.traits & (Trait.SELF_DRAWN | Trait.CIRCUMSTANCE)):
        return "how the hand was won"
    return None


def nudge_text(question: Question, hint: Hint) -> str:
    """Where to look for `hint`'s pattern without naming it: the sets (or tiles) that
    make it, by kind and suit, or how the hand was won; and its category."""
    result = question.result
    pattern = hint.pattern
    category = question.ruleset.categories.get(pattern.category, "")
    named = category and pattern.name.lower() not in category.lower()  # not "Seven Pairs"
    about = f"a pattern of category {pattern.category}" + (f" ({category})" if named else "")
    place = _beyond_the_tiles(pattern)
    if place is not None:
        return f"Look at {place}: {about} counts."
    found = evidence(result, pattern) if result.best.arrangement is not None else None
    if found is None or found.whole_hand or not (found.groups or found.tiles):
        return f"Look at the hand as a whole: {about} counts."
    return (f"Look at {_where(found.groups, found.tiles, pattern.name)}: {about} counts "
            f"there.")


def as_nudge(question: Question, hint: Hint) -> Hint:
    """`hint` shown only as a nudge."""
    return replace(hint, nudge=nudge_text(question, hint))
