"""The curated sets of the `zung-jung` and `classical` rulesets, checked by the engine.

Every hand of these sets has its total worked out here by hand from the rules
(the official Zung Jung rules and seed 002 for Zung Jung, R31; seed 004, seed 003 and
the classical rules for classical, R32; the README's "classical ruleset" section for
the choices made where the sources say nothing), so that any change in the engine that
alters one of them fails here and gets looked at.

Zung Jung entries use the additive form of test_sets_expected.py:

    "1.1 5 + 1.2 5 + 1.3 5 = 15"      counted patterns (NxVALUE per set or tile), the sum
    "... = 360 -> cap 320"            over the compound limit of 320
    "4.3.4 480 limit"                 a listed limit hand standing alone
    "0.2 -30 illegal"                 not a winning hand (R7, R14)

Classical entries show the points, the doublings and the product:

    "1.4 8 + 2.1 20 = 28 x 2^1 (6.1 1) = 56"
    "... = 13312 -> cap 1000"         an ordinary hand over the 1000 cap (R32)
    "3.6 2000 limit"                  a limit hand replacing points and doublings
    "0.1 0 illegal"                   a false mahjong scores nothing

Each per-set or per-tile entry is written COUNTxVALUE (doublings too: "6.1 2x1").
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

import pytest

from mj_trainer.engine.notation import parse
from mj_trainer.engine.payoff import payoff
from mj_trainer.engine.ruleset import load
from mj_trainer.engine.scoring import Score, Why, score
from mj_trainer.quizzes.sets import CuratedHand, all_hands, builtin_sets, find_hand

ZJ = "zung-jung"
CLASSICAL = "classical"

EXPECTED_ZJ: dict[str, str] = {
    # --- zj-basics
    "zj-basics-001": "0.1 1 = 1",  # Zung Jung worked total; c666 finished by a discard (R3)
    "zj-basics-002": "1.1 5 + 1.2 5 + 1.3 5 = 15",  # Zung Jung worked total
    "zj-basics-003": "1.1 5 + 1.3 5 = 10",  # no Self Drawn pattern in Zung Jung
    "zj-basics-004": "0.1 1 = 1",  # R31: the prevailing wind is not a Value Honor
    "zj-basics-005": "3.1 10 = 10",  # the seat wind is
    "zj-basics-006": "0.2 -30 illegal",  # R7, R14
    "zj-basics-007": "4.1 30 + 2.1.1 40 = 70",  # the 70-point payoff example
    "zj-basics-008": "11.1.1 2x2 = 4",  # a bonus tile ends the chicken hand
    "zj-basics-009": "1.1 5 + 1.2 5 + 1.3 5 + 11.1.2 4 + 11.1.1 3x2 + 11.2.1 10 = 35",
    "zj-basics-010": "3.1 10 + 11.1.2 4 + 11.1.1 3x2 + 11.2.2 10 = 30",
    "zj-basics-011": "1.1 5 + 1.3 5 + 11.1.2 2x4 + 11.1.1 6x2 + 11.2.1 10 + 11.2.2 10 = 50",
    # --- zj-triplets
    "zj-triplets-001": "4.2.3 125 + 4.1 30 + 1.2 5 = 160",  # Zung Jung worked total
    "zj-triplets-002": "4.1 30 + 4.2.2 30 + 1.2 5 = 65",  # R3: c888 by a discard
    "zj-triplets-003": "4.3.2 20 + 1.3 5 = 25",
    "zj-triplets-004": "4.3.2 20 + 8.1.1 40 + 4.2.1 5 + 1.2 5 = 70",
    "zj-triplets-005": "4.3.3 120 + 1.3 5 = 125",
    "zj-triplets-006": "4.3.3 120 + 2.1.2 80 + 4.1 30 + 4.2.1 5 + 1.3 5 = 240",
    "zj-triplets-007": "4.3.4 480 limit",
    "zj-triplets-008": "4.3.4 480 limit",
    "zj-triplets-009": "7.2.1 100 + 4.2.1 5 = 105",
    "zj-triplets-010": "7.2.1 100 + 2.1.1 40 + 4.1 30 + 3.1 10 + 4.2.1 5 = 185",
    "zj-triplets-011": "7.2.2 200 + 2.1.1 40 + 4.1 30 + 4.2.1 5 = 275",
    # --- zj-sequences
    "zj-sequences-001": "5.1.2 60 + 1.1 5 + 1.2 5 + 1.3 5 = 75",  # seven pairs: 30 + 5 (R1)
    "zj-sequences-002": "5.1.2 60 + 8.1.2 50 + 1.1 5 + 1.2 5 = 120",  # seven pairs: 30
    "zj-sequences-003": "5.1.3 120 + 1.1 5 + 1.3 5 = 130",
    # triplets: 7.2.1 100 + 4.2.2 30 + 1.2 5 = 135 loses (R1)
    "zj-sequences-004": "5.1.3 120 + 8.1.2 50 + 1.1 5 + 1.2 5 = 180",
    "zj-sequences-005": "5.1.4 480 limit",
    "zj-sequences-006": "5.1.4 480 limit",
    "zj-sequences-007": "6.1 35 + 5.1.1 10 + 8.1.2 50 + 1.1 5 + 1.2 5 = 105",
    "zj-sequences-008": "6.2.1 30 + 1.3 5 = 35",
    "zj-sequences-009": "6.2.1 30 + 8.1.1 40 + 4.2.2 30 + 3.1 10 + 1.2 5 = 115",
    "zj-sequences-010": "6.2.2 120 = 120",
    "zj-sequences-011": "6.2.2 120 + 4.2.1 5 + 1.3 5 = 130",
    "zj-sequences-012": "7.1 40 + 1.1 5 + 1.2 5 = 50",
    "zj-sequences-013": "7.1 40 + 2.1.2 80 + 5.1.1 10 + 1.1 5 + 1.2 5 = 140",
    # --- zj-honors
    "zj-honors-001": "2.1.1 40 + 3.1 10 = 50",
    "zj-honors-002": "2.1.2 80 + 5.1.1 10 + 1.1 5 + 1.2 5 = 100",
    "zj-honors-003": "2.2 480 limit",  # R17: the pure nine-way wait
    "zj-honors-004": "2.2 480 limit",  # R17
    "zj-honors-005": "2.1.2 80 + 1.2 5 = 85",  # R17: not the pure wait
    "zj-honors-006": "3.2.1 40 + 3.1 2x10 + 2.1.1 40 = 100",
    "zj-honors-007": "3.2.1 40 + 3.1 2x10 + 2.1.1 40 + 8.1.1 40 + 4.2.1 5 + 1.2 5 = 150",
    "zj-honors-008": "3.2.2 130 + 3.1 3x10 = 160",
    "zj-honors-009": "3.3.1 30 + 3.1 10 = 40",
    "zj-honors-010": "3.3.1 30 + 3.1 10 + 8.1.1 40 + 4.2.2 30 + 1.2 5 = 115",
    "zj-honors-011": "3.3.2 120 = 120",
    "zj-honors-012": "3.3.2 120 + 3.1 10 + 2.1.1 40 + 4.2.1 5 = 175",
    "zj-honors-013": "3.3.3 320 limit",
    "zj-honors-014": "3.3.3 320 limit",
    "zj-honors-015": "3.3.4 400 limit",
    "zj-honors-016": "3.3.4 400 limit",  # also All Honors 320: the highest listed pattern
    "zj-honors-017": "3.4 320 limit",
    "zj-honors-018": "3.4 320 limit",  # seven pairs of honors
    # --- zj-terminals
    "zj-terminals-001": "8.1.1 40 + 3.1 10 + 1.2 5 = 55",
    "zj-terminals-002": "8.1.2 50 + 1.2 5 = 55",
    "zj-terminals-003": "8.1.3 100 + 4.1 30 + 3.1 10 = 140",
    "zj-terminals-004": "8.1.3 100 + 10.2 30 = 130",  # no Concealed Hand for seven pairs (R31)
    "zj-terminals-005": "8.1.4 400 limit",
    "zj-terminals-006": "8.1.4 400 limit",  # R5: four c1 as two pairs
    "zj-terminals-007": "10.1 160 = 160",
    "zj-terminals-008": "10.2 30 + 1.3 5 = 35",
    "zj-terminals-009": "0.2 -30 illegal",
    # --- zj-limits
    "zj-limits-001": "9.1.1 10 = 10",
    "zj-limits-002": "9.1.2 10 + 1.1 5 + 1.2 5 + 1.3 5 = 25",
    "zj-limits-003": "9.1.2 10 + 3.1 10 = 20",
    "zj-limits-004": "9.2 10 + 4.3.1 5 + 4.2.1 5 + 1.2 5 + 1.3 5 = 30",
    "zj-limits-005": "9.2 10 + 9.1.1 10 + 4.3.1 5 + 1.3 5 = 30",
    "zj-limits-006": "9.3 10 + 1.1 5 + 1.2 5 = 20",
    "zj-limits-007": "9.3 10 + 6.1 35 + 1.1 5 + 1.2 5 + 1.3 5 = 60",
    "zj-limits-008": "9.4.1 155 + 1.1 5 + 1.2 5 = 165",
    "zj-limits-009": "9.4.1 155 + 10.2 30 = 185",
    "zj-limits-010": "9.4.2 155 + 5.1.1 10 + 1.1 5 + 1.2 5 + 1.3 5 = 180",
    "zj-limits-011": "9.4.2 155 + 10.1 160 = 315",
    "zj-limits-012": "3.2.2 130 + 3.1 3x10 + 4.2.3 125 + 4.1 30 + 2.1.1 40 + 1.2 5 = 360 "
                     "-> cap 320",
    "zj-limits-013": "7.2.2 200 + 4.2.3 125 + 2.1.2 80 + 4.1 30 + 1.2 5 = 440 -> cap 320",
}

EXPECTED_CLASSICAL: dict[str, str] = {
    # --- classical-basics
    "classical-basics-001": "2.1 20 = 20 x 2^1 (5.1 1) = 40",  # c67 waits on c5 and c8
    "classical-basics-002": "1.1 2 + 1.4 8 + 1.9 2 + 2.1 20 + 2.2 2 = 34 x 2^0 = 34",
    "classical-basics-003": "1.2 4 + 1.1 2 + 1.9 2 + 2.1 20 = 28 x 2^0 = 28",  # R3: b222 exposed
    "classical-basics-004": "1.2 2x4 + 1.9 2 + 2.1 20 + 2.2 2 = 32 x 2^2 (5.8 2) = 128",
    "classical-basics-005": "1.3 4 + 1.11 2 + 2.1 20 + 2.3 2 = 28 x 2^0 = 28",  # c13 waits on c2
    "classical-basics-006": "1.4 8 + 2.1 20 + 2.3 2 + 2.4 2 = 32 x 2^1 (6.1 1) = 64",
    "classical-basics-007": "1.4 8 + 1.2 2x4 + 1.9 2 + 2.1 20 + 2.3 2 + 2.4 2 = 42 "
                            "x 2^1 (6.4.1 1) = 84",
    # c45 waits on c3 and c6, but all four c6 are in the player's kong
    "classical-basics-008": "1.5 8 + 1.9 2 + 2.1 20 + 2.3 2 = 32 x 2^0 = 32",
    "classical-basics-009": "1.4 8 + 2.1 20 + 2.4 2 + 2.5 10 = 40 x 2^1 (6.1 1) = 80",
    # the lone b1 also waited on c1 (pe-ling), so the b1 was not the only tile
    "classical-basics-010": "1.4 8 + 2.1 20 + 2.4 2 = 30 x 2^1 (6.1 1) = 60",
    "classical-basics-011": "0.1 0 illegal",  # a b1 won onto a lone c1 is no pe-ling
    "classical-basics-012": "0.1 0 illegal",
    # --- classical-doublings
    "classical-doublings-001": "2.1 20 = 20 x 2^2 (5.1 1 + 5.6 1) = 80",
    "classical-doublings-002": "1.3 4 + 1.4 8 + 2.1 20 = 32 x 2^2 (5.6 1 + 6.1 1) = 128",
    "classical-doublings-003": "1.2 3x4 + 2.1 20 + 2.2 2 + 2.3 2 + 2.4 2 = 38 "
                               "x 2^4 (5.3 1 + 5.8 2 + 6.4.1 1) = 608",
    # b444 + b5 also waited on b3 and b6: no only-possible-tile points
    "classical-doublings-004": "1.2 4x4 + 2.1 20 + 2.4 2 = 38 x 2^4 (5.2 1 + 5.3 1 + 6.4.2 2) "
                               "= 608",
    "classical-doublings-005": "1.4 2x8 + 1.2 2x4 + 1.9 2 + 2.1 20 + 2.3 2 + 2.4 2 = 50 "
                               "x 2^3 (5.2 1 + 6.4.2 2) = 400",
    # south pung: own wind and prevailing wind, one doubling each (README choice)
    "classical-doublings-006": "1.3 4 + 1.1 2 + 1.2 2x4 + 1.9 2 + 2.1 20 + 2.3 2 + 2.4 2 = 40 "
                               "x 2^3 (5.2 1 + 6.2 1 + 6.3 1) = 320",
    "classical-doublings-007": "1.3 2x4 + 1.4 8 + 1.10 2 + 2.1 20 + 2.3 2 + 2.4 2 = 42 "
                               "x 2^3 (5.4 1 + 6.3 1 + 6.5.1 1) = 336",
    "classical-doublings-008": "1.3 2x4 + 1.4 8 + 1.10 2 + 1.11 2 + 2.1 20 + 2.3 2 + 2.4 2 = 44 "
                               "x 2^2 (5.4 1 + 6.5.1 1) = 176",
    "classical-doublings-009": "1.3 4 + 1.4 8 + 1.9 2 + 2.1 20 + 2.3 2 + 2.4 2 = 38 "
                               "x 2^3 (5.5 1 + 6.1 2x1) = 304",
    "classical-doublings-010": "1.3 2x4 + 1.9 2 + 2.1 20 = 30 x 2^3 (5.5 1 + 6.1 2x1) = 240",
    "classical-doublings-011": "1.3 2x4 + 1.4 2x8 + 1.9 2 + 2.1 20 + 2.3 2 + 2.4 2 = 50 "
                               "x 2^4 (5.2 1 + 6.2 1 + 6.3 1 + 6.5.1 1) = 800",
    # very clean (2) outranks clean (1): the groups do not combine
    "classical-doublings-012": "1.3 2x4 + 1.4 2x8 + 1.10 2 + 2.1 20 + 2.3 2 + 2.4 2 = 50 "
                               "x 2^4 (5.2 1 + 6.1 1 + 6.5.2 2) = 800",
    "classical-doublings-013": "1.3 3x4 + 1.4 8 + 1.9 2 + 2.1 20 = 42 "
                               "x 2^4 (5.2 1 + 6.1 1 + 6.5.2 2) = 672",
    "classical-doublings-014": "1.2 4 + 2.1 20 + 2.3 2 + 2.4 2 = 28 x 2^3 (6.5.3 3) = 224",
    "classical-doublings-015": "1.3 4 + 1.4 3x8 + 2.1 20 + 2.3 2 + 2.4 2 = 52 "
                               "x 2^8 (5.2 1 + 6.1 2x1 + 6.2 1 + 6.4.1 1 + 6.5.3 3) = 13312 "
                               "-> cap 1000",
    # --- classical-kongs
    # the loose tile comes from the dead wall: no self-draw points
    "classical-kongs-001": "1.5 8 + 1.9 2 + 2.1 20 = 30 x 2^1 (5.7.1 1) = 60",
    "classical-kongs-002": "1.8 32 + 1.10 2 + 1.11 2 + 2.1 20 = 56 "
                           "x 2^4 (5.7.1 1 + 5.8 2 + 6.1 1) = 896",
    "classical-kongs-003": "1.5 8 + 2.1 20 = 28 x 2^3 (5.7.2 3) = 224",
    # three concealed kongs (2) replace three concealed pungs (1)
    "classical-kongs-004": "1.8 2x32 + 1.6 16 + 1.10 2 + 1.11 2 + 2.1 20 = 104 "
                           "x 2^7 (5.7.2 3 + 5.8 2 + 6.4.3 2) = 13312 -> cap 1000",
    "classical-kongs-005": "1.5 8 + 1.6 16 + 1.9 2 + 2.1 20 = 46 x 2^2 (5.7.3 2) = 184",
    # kong on kong (2) replaces kong with blossom (1) in its group (README choice)
    "classical-kongs-006": "1.7 2x16 + 2.1 20 + 2.3 2 + 2.4 2 = 56 x 2^3 (5.7.3 2 + 6.1 1) = 448",
    "classical-kongs-007": "1.6 3x16 + 1.10 2 + 1.11 2 + 2.1 20 + 2.3 2 + 2.4 2 = 76 "
                           "x 2^2 (6.4.3 2) = 304",
    "classical-kongs-008": "1.5 4x8 + 2.1 20 + 2.3 2 + 2.4 2 = 56 x 2^4 (5.2 1 + 6.4.4 3) = 896",
    "classical-kongs-009": "1.5 8 + 1.6 16 + 1.7 16 + 1.8 32 + 1.9 2 + 2.1 20 + 2.3 2 + 2.4 2 "
                           "= 98 x 2^6 (5.2 1 + 6.2 1 + 6.3 1 + 6.4.4 3) = 6272 -> cap 1000",
    # c67 with c345 waited on c2, c5 and c8
    "classical-kongs-010": "1.1 2 + 1.10 2 + 2.1 20 + 2.2 2 = 26 x 2^1 (5.9.1 1) = 52",
    "classical-kongs-011": "1.4 8 + 1.10 2 + 1.11 2 + 2.1 20 + 2.2 2 = 34 "
                           "x 2^4 (5.8 2 + 5.9.1 1 + 6.5.1 1) = 544",
    "classical-kongs-012": "1.4 8 + 1.9 2 + 2.1 20 + 2.2 2 = 32 x 2^3 (5.9.2 3) = 256",
    "classical-kongs-013": "1.4 8 + 2.1 20 + 2.2 2 + 2.4 2 + 2.5 10 = 42 "
                           "x 2^4 (5.9.2 3 + 6.1 1) = 672",
    # --- classical-limits: every limit hand of seed 004
    "classical-limits-001": "3.1 2000 limit",
    "classical-limits-002": "3.2 1000 limit",
    "classical-limits-003": "3.3 2000 limit",
    "classical-limits-004": "3.4 2000 limit",
    "classical-limits-005": "3.5 2000 limit",
    "classical-limits-006": "3.6 2000 limit",
    "classical-limits-007": "3.7 2000 limit",
    "classical-limits-008": "3.8 1000 limit",
    "classical-limits-009": "4.1 2000 limit",
    "classical-limits-010": "4.1 2000 limit",  # the concealed snake is Nine Gates too
    "classical-limits-011": "4.2 2000 limit",
    "classical-limits-012": "4.3 1000 limit",
    "classical-limits-013": "4.4 1000 limit",
    "classical-limits-014": "4.5 1000 limit",
    "classical-limits-015": "4.6.1 250 limit",
    "classical-limits-016": "4.6.2 500 limit",
    "classical-limits-017": "4.6.3 1000 limit",
    "classical-limits-018": "4.6.4 1000 limit",
    "classical-limits-019": "4.6.5 2000 limit",
}

EXPECTED = {**EXPECTED_ZJ, **EXPECTED_CLASSICAL}


# ---------------------------------------------------------------------------- the arithmetic


@dataclass(frozen=True)
class Expectation:
    counted: dict[str, int]  # pattern id -> how many times it counts
    points: dict[str, int]  # pattern id -> the points it adds
    doubles: dict[str, int]  # pattern id -> the doublings it adds (classical)
    points_sum: int  # the points before doubling
    doublings: int
    total: int
    limit: str | None
    capped: bool
    winning: bool


def _terms(text: str) -> tuple[dict[str, int], dict[str, int]]:
    """'1.3 2x4 + 2.1 20' -> ({'1.3': 2, '2.1': 1}, {'1.3': 8, '2.1': 20})."""
    counted: dict[str, int] = {}
    amounts: dict[str, int] = {}
    for term in text.split(" + "):
        pid, value = term.split()
        n, _, each = value.rpartition("x")
        assert pid not in counted, f"{pid} written twice in {text!r}"
        counted[pid] = int(n) if n else 1
        amounts[pid] = counted[pid] * int(each)
    return counted, amounts


def read(text: str, cap: int) -> Expectation:
    """Turn one arithmetic line into what the engine must report (see the module doc)."""
    m = re.fullmatch(r"(\S+) (-?\d+) illegal", text)
    if m:
        value = int(m[2])
        return Expectation({m[1]: 1}, {m[1]: value}, {}, value, 0, value, None, False, False)
    m = re.fullmatch(r"(\S+) (\d+) limit", text)
    if m:
        value = int(m[2])
        return Expectation({m[1]: 1}, {m[1]: value}, {}, value, 0, value, m[1], False, True)
    m = re.fullmatch(
        r"(?P<points>.+?) = (?P<sum>\d+)"
        r"(?: x 2\^(?P<n>\d+)(?: \((?P<doubles>.+)\))? = (?P<product>\d+))?"
        r"(?: -> cap (?P<cap>\d+))?",
        text,
    )
    assert m, text
    counted, points = _terms(m["points"])
    # The arithmetic itself must add up before it is compared with anything.
    assert sum(points.values()) == int(m["sum"]), text
    doubles: dict[str, int] = {}
    raw = int(m["sum"])
    if m["product"] is not None:
        if m["doubles"] is not None:
            more, doubles = _terms(m["doubles"])
            assert not set(more) & set(counted), text
            counted.update(more)
        assert sum(doubles.values()) == int(m["n"]), text
        raw = int(m["sum"]) * 2 ** int(m["n"])
        assert raw == int(m["product"]), text
    capped = m["cap"] is not None
    if capped:
        assert int(m["cap"]) == cap < raw, text
    else:
        assert raw <= cap, text
    return Expectation(counted, points, doubles, int(m["sum"]), sum(doubles.values()),
                       cap if capped else raw, None, capped, True)


def _hands(ruleset: str) -> list[CuratedHand]:
    return [h for h in all_hands() if h.hand.ruleset == ruleset]


def _scored(ruleset: str) -> list[tuple[CuratedHand, Score]]:
    return [(h, score(h.hand)) for h in _hands(ruleset)]


# ---------------------------------------------------------------------------- the sets


@pytest.mark.parametrize(("ruleset", "prefix"), [(ZJ, "zj-"), (CLASSICAL, "classical-")])
def test_each_ruleset_has_several_sets_of_curated_hands(ruleset: str, prefix: str) -> None:
    sets = [s for s in builtin_sets() if s.ruleset == ruleset]
    assert len(sets) >= 3
    assert all(s.id.startswith(prefix) for s in sets)
    # Every set of the prefix is scored under that ruleset, hand by hand as well.
    assert [s.id for s in builtin_sets() if s.id.startswith(prefix)] == [s.id for s in sets]
    assert all(h.hand.ruleset == ruleset for s in sets for h in s)
    assert sum(len(s) for s in sets) >= 30
    # They come after the default ruleset's sets in listings.
    last_default = max(s.order for s in builtin_sets() if s.ruleset == "mj-score-eval")
    assert all(s.order > last_default for s in sets)


def test_every_hand_of_these_rulesets_has_a_worked_total() -> None:
    assert sorted(EXPECTED_ZJ) == sorted(h.id for h in _hands(ZJ))
    assert sorted(EXPECTED_CLASSICAL) == sorted(h.id for h in _hands(CLASSICAL))


@pytest.mark.parametrize("hand_id", sorted(EXPECTED))
def test_curated_hand_scores_as_worked_out(hand_id: str) -> None:
    hand = find_hand(hand_id).hand
    rules = load(hand.ruleset)
    want = read(EXPECTED[hand_id], rules.cap)
    result = score(hand)
    assert result.ruleset.id == rules.id
    got_counted = {h.pattern.id: h.count for h in result.counted}
    got_points = {h.pattern.id: h.points for h in result.counted if h.points}
    got_doubles = {h.pattern.id: h.doubles for h in result.counted if h.doubles}
    want_points = {pid: v for pid, v in want.points.items() if v}
    assert (got_counted, got_points, got_doubles) == (want.counted, want_points, want.doubles)
    assert result.total == want.total
    assert result.winning is want.winning
    assert result.capped is want.capped
    assert (result.limit.id if result.limit else None) == want.limit
    if rules.doubling:
        # Classical results carry the points before doubling and the doublings (R32).
        assert (result.best.points, result.best.doubles) == (want.points_sum, want.doublings)


def test_the_arithmetic_reader_checks_itself() -> None:
    ok = read("1.4 8 + 2.1 20 = 28 x 2^1 (6.1 1) = 56", 1000)
    assert (ok.points_sum, ok.doublings, ok.total, ok.counted) == (28, 1, 56,
                                                                    {"1.4": 1, "2.1": 1,
                                                                     "6.1": 1})
    capped = read("2.1 20 = 20 x 2^6 (6.4.4 3 + 6.1 3x1) = 1280 -> cap 1000", 1000)
    assert (capped.total, capped.capped, capped.doubles) == (1000, True,
                                                             {"6.4.4": 3, "6.1": 3})
    for wrong in ("2.1 20 = 21 x 2^0 = 21",             # the sum is wrong
                  "2.1 20 = 20 x 2^1 (5.1 1) = 30",     # the product is wrong
                  "2.1 20 = 20 x 2^2 (5.1 1) = 80",     # the doublings do not add up
                  "2.1 20 = 20 x 2^6 (6.4.4 3 + 6.1 3x1) = 1280",  # over the cap, not capped
                  "1.1 5 = 5 -> cap 320"):              # capped although under the cap
        with pytest.raises(AssertionError):
            read(wrong, 1000 if "x 2^" in wrong else 320)


# ---------------------------------------------------------------------------- coverage


def test_every_zung_jung_pattern_is_counted_in_two_hands() -> None:
    counted: Counter[str] = Counter()
    for _, result in _scored(ZJ):
        for hit in result.counted:
            counted[hit.pattern.id] += 1
    rules = load(ZJ)
    # All of them, the optional bonus-tile category 11, the chicken hand and the
    # illegal call included.
    missing = {p.id: counted[p.id] for p in rules.patterns if counted[p.id] < 2}
    assert missing == {}
    assert {p.id for p in rules.patterns if p.category == "11"} == {
        "11.1.1", "11.1.2", "11.2.1", "11.2.2"}


def test_every_classical_pattern_is_counted() -> None:
    counted: Counter[str] = Counter()
    limits: set[str] = set()
    for _, result in _scored(CLASSICAL):
        for hit in result.counted:
            counted[hit.pattern.id] += 1
        if result.limit is not None:
            limits.add(result.limit.id)
    rules = load(CLASSICAL)
    # Each limit hand of seed 004 (regular, irregular, every grade of Twins) is the
    # limit of at least one hand; every other pattern counts in at least two hands.
    assert limits == {p.id for p in rules.patterns if p.is_limit}
    assert {"4.6.1", "4.6.2", "4.6.3", "4.6.4", "4.6.5"} <= limits
    missing = {p.id: counted[p.id] for p in rules.patterns
               if counted[p.id] < (1 if p.is_limit else 2)}
    assert missing == {}


def test_classical_sets_show_the_cap_the_waits_and_the_groups() -> None:
    results = _scored(CLASSICAL)
    assert sum(1 for _, r in results if r.capped and r.total == 1000) >= 3
    # The groups that do not combine: the lower member is present but outranked.
    outranked = {(h.pattern.id, h.by.id) for _, r in results for h in r.not_counted
                 if h.why is Why.OUTRANKED and h.by is not None}
    for lower, higher in (("6.4.1", "6.4.3"), ("6.5.1", "6.5.2"), ("5.7.1", "5.7.3"),
                          ("5.7.1", "5.7.2"), ("5.9.1", "5.9.2"), ("4.6.1", "4.6.2")):
        assert (lower, higher) in outranked, (lower, higher)
    # Only possible tile and completing the pair add up on a single wait.
    both = [h.id for h, r in results
            if {"2.3", "2.4"} <= {x.pattern.id for x in r.counted}]
    assert len(both) >= 5


def test_every_hand_counts_the_pattern_it_is_about() -> None:
    for h, result in _scored(ZJ) + _scored(CLASSICAL):
        # The first focus id is what the hand teaches; the others may be absent on
        # purpose (a pattern the hand only seems to have).
        assert h.focus[0] in {x.pattern.id for x in result.counted}, h.id


# ---------------------------------------------------------------------------- the sources


@pytest.mark.parametrize(("text", "total", "hand_id"), [
    # the official Zung Jung rules, "Worked totals", in the trainer's notation.
    ("[b234] b567 k345 c66 c99 +c6", 1, "zj-basics-001"),
    ("b234 b567 k345 c456 c8 +c8", 15, "zj-basics-002"),
    ("b222 k444 c666 c888 ww +ww self", 160, "zj-triplets-001"),
])
def test_the_zung_jung_worked_totals_are_curated(text: str, total: int, hand_id: str) -> None:
    hand = parse(f"{text} ruleset:{ZJ}")
    assert find_hand(hand_id).hand == hand
    assert score(hand).total == total


def test_the_zung_jung_payoff_example_is_curated() -> None:
    # A 70-point hand won on a discard: the two innocent players pay 25 each and the
    # discarder pays 3 x 70 - 50 = 160, so the winner gains 210.
    result = score(find_hand("zj-basics-007").hand)
    assert result.total == 70 and not result.hand.self_drawn
    paid = payoff(result)
    assert paid is not None
    assert sorted((p.who, p.amount) for p in paid.payments) == [
        ("discarder", 160), ("other", 25), ("other", 25)]
    assert paid.winner_gets == 210
