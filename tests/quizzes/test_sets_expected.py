"""Every curated hand scored against a total worked out by hand from the rules.

The set files never store answers; this table does, so that a change in the engine
that alters any curated hand's score fails here and is looked at.  Each entry is the
arithmetic itself, written from the guide (seed 000) and quizzes/rulings.md:

    "1.2 5 + 1.3 5 = 10"          the patterns that count, with value (or NxVALUE for
                                  per-set and per-tile patterns), and the sum
    "... = 465 -> cap 320"        the sum is over the cap, the total is 320 (R12)
    "7.1.5 320 limit"             a limit hand standing alone (R12)
    "1.7 -40 illegal"             not a winning hand: the penalty alone (R7, R14)

A comment after an entry names the ruling it hinges on or the losing reading (R1).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import pytest

from mj_trainer.engine.hand import DEFAULT_RULESET
from mj_trainer.engine.scoring import score
from mj_trainer.quizzes.sets import all_hands, find_hand

EXPECTED: dict[str, str] = {
    # --- trivial
    "trivial-001": "1.1 1 = 1",
    "trivial-002": "1.2 5 = 5",
    "trivial-003": "1.3 5 = 5",
    "trivial-004": "1.4 5 = 5",
    "trivial-005": "1.5 5 = 5",
    "trivial-006": "1.6 10 + 8.1.1 5 = 15",
    "trivial-007": "1.1 1 = 1",
    "trivial-008": "1.2 5 + 1.3 5 + 1.4 5 + 1.5 5 = 20",
    "trivial-009": "1.3 5 + 1.4 5 + 1.6 10 + 8.1.1 5 = 25",
    "trivial-010": "1.7 -40 illegal",
    "trivial-011": "1.7 -40 illegal",
    # --- pungs-kongs
    "pungs-kongs-001": "2.1 30 + 8.1.1 5 = 35",
    "pungs-kongs-002": "2.2.1 5 = 5",
    "pungs-kongs-003": "2.2.2 30 + 1.3 5 + 1.4 5 + 1.5 5 = 45",
    "pungs-kongs-004": "2.2.1 5 + 1.3 5 + 1.5 5 = 15",  # R3: k777 completed by the discard
    "pungs-kongs-005": "2.2.3 125 + 2.1 30 + 8.2.1 10 + 1.3 5 = 170",
    "pungs-kongs-006": "2.3.1 5 = 5",
    "pungs-kongs-007": "2.3.2 20 = 20",
    "pungs-kongs-008": "2.3.3 120 + 1.4 5 = 125",
    "pungs-kongs-009": "2.3.4 480 limit",
    "pungs-kongs-010": "2.2.3 125 + 2.1 30 + 2.3.2 20 + 8.2.1 10 + 1.3 5 + 1.4 5 = 195",
    # --- identical
    "identical-001": "3.1.1 10 = 10",
    "identical-002": "3.1.1 10 + 1.2 5 + 1.3 5 + 1.4 5 = 25",
    "identical-003": "1.2 5 + 1.3 5 = 10",
    "identical-004": "3.1.2 60 + 1.2 5 + 1.3 5 = 70",
    "identical-005": "3.1.3 120 = 120",
    "identical-006": "3.1.2 60 + 6.1.2 80 + 1.2 5 + 1.3 5 = 150",  # pairs: 30 + 80 + 5
    "identical-007": "3.1.3 120 + 6.1.1 40 + 7.2.1 40 + 8.1.1 5 = 205",
    "identical-008": "3.1.4 480 limit",
    # --- similar
    "similar-001": "4.1 35 + 1.2 5 = 40",
    "similar-002": "1.2 5 + 1.3 5 = 10",
    "similar-003": "4.1 35 + 1.2 5 + 1.3 5 + 1.4 5 = 50",
    "similar-004": "4.2.1 30 + 1.5 5 = 35",
    "similar-005": "4.1 35 + 3.1.1 10 + 1.2 5 + 1.3 5 = 55",
    "similar-006": "4.2.2 120 = 120",
    "similar-007": "4.2.1 30 + 2.2.2 30 + 7.2.1 40 + 8.2.1 10 = 110",
    "similar-008": "4.2.2 120 + 2.2.3 125 + 2.1 30 + 1.3 5 = 280",
    # --- consecutive
    "consecutive-001": "5.1.1 30 = 30",
    "consecutive-002": "5.1.1 30 + 1.3 5 + 1.4 5 = 40",
    "consecutive-003": "5.1.2 40 + 7.1.1 5 + 1.2 5 = 50",
    "consecutive-004": "5.1.4 100 + 1.2 5 = 105",
    "consecutive-005": "5.2.1 100 + 2.2.1 5 = 105",
    "consecutive-006": "5.1.2 40 + 6.1.2 80 + 7.1.1 5 + 1.3 5 = 130",
    "consecutive-007": "5.1.3 50 + 6.1.2 80 + 1.2 5 + 1.3 5 = 140",
    "consecutive-008": "5.1.4 100 + 6.1.2 80 + 7.1.1 5 + 1.2 5 + 1.3 5 = 195",
    "consecutive-009": "5.2.2 200 + 2.1 30 + 2.2.1 5 + 1.5 5 = 240",
    "consecutive-010": "5.2.3 400 limit",
    # --- suits
    "suits-001": "6.1.1 40 = 40",
    "suits-002": "6.1.1 40 + 8.1.1 2x5 = 50",
    "suits-003": "6.1.1 40 + 8.1.1 5 + 8.2.1 10 = 55",
    "suits-004": "6.1.2 80 = 80",
    "suits-005": "9.1.1 30 + 6.1.1 40 + 1.3 5 = 75",
    "suits-006": "9.1.1 30 + 6.1.2 80 + 1.3 5 + 1.4 5 = 120",
    "suits-007": "6.2 480 limit",
    "suits-008": "6.2 480 limit",
    "suits-009": "6.1.2 80 + 7.1.2 15 = 95",  # R17: k111 was claimed
    # --- terminals
    "terminals-001": "7.1.1 5 = 5",
    "terminals-002": "7.1.2 15 = 15",
    "terminals-003": "7.1.1 2x5 + 7.2.1 40 + 1.2 5 + 1.3 5 = 60",
    "terminals-004": "7.2.1 40 + 8.2.1 10 = 50",
    "terminals-005": "7.2.2 50 = 50",
    "terminals-006": "7.1.3 180 + 7.1.1 5 + 7.1.2 15 + 2.2.1 5 + 1.3 5 = 210",
    "terminals-007": "7.1.3 180 + 7.1.1 5 + 7.1.2 15 + 6.1.1 40 + 7.2.1 40 = 280",
    "terminals-008": "7.1.5 320 limit",
    "terminals-009": "7.1.5 320 limit",
    "terminals-010": "7.1.6 400 limit",
    "terminals-011": "7.1.6 400 limit",
    "terminals-012": "7.2.3 100 + 2.1 30 + 1.6 10 + 8.2.1 10 + 8.1.1 5 + 2.2.1 5 = 160",
    "terminals-013": "7.2.3 100 + 9.1.1 30 + 1.6 10 + 1.3 5 = 145",
    "terminals-014": "7.2.4 400 limit",
    "terminals-015": "7.2.4 400 limit",
    # --- honors
    "honors-001": "8.1.1 5 = 5",
    "honors-002": "8.2.1 10 = 10",
    "honors-003": "1.6 10 + 8.2.1 10 + 8.1.1 5 = 25",  # R23: seat and prevailing wind pay nothing
    "honors-004": "8.1.2 30 + 8.1.1 2x5 = 40",
    "honors-005": "8.2.2 40 + 8.2.1 2x10 = 60",
    "honors-006": "8.1.3 120 + 8.1.1 3x5 = 135",
    "honors-007": "8.2.3 130 + 8.2.1 3x10 = 160",
    "honors-008": "8.1.4 320 limit",
    "honors-009": "8.1.5 400 limit",
    "honors-010": "8.3.1 320 limit",
    "honors-011": "8.3.1 320 limit",
    "honors-012": "8.3.2 480 limit",
    # --- seven-pairs
    "seven-pairs-001": "9.1.1 30 + 1.3 5 = 35",
    "seven-pairs-002": "9.1.1 30 + 1.3 5 + 1.4 5 + 1.5 5 = 45",
    "seven-pairs-003": "9.1.1 30 + 1.3 5 + 1.5 5 = 40",
    "seven-pairs-004": "9.1.1 30 + 1.6 10 + 1.3 5 = 45",
    "seven-pairs-005": "9.1.2 320 limit",
    "seven-pairs-006": "9.1.3 400 limit",
    "seven-pairs-007": "9.1.4 400 limit",
    "seven-pairs-008": "9.1.5 400 limit",
    "seven-pairs-009": "3.1.2 60 + 6.1.2 80 + 1.2 5 + 1.3 5 = 150",  # R24; pairs: 30+80+5
    # --- colors
    "colors-001": "10.1 400 limit",
    "colors-002": "10.1 400 limit",
    "colors-003": "6.1.1 40 + 2.2.2 30 + 8.2.1 10 = 80",
    "colors-004": "10.1 400 limit",
    "colors-005": "10.2 480 limit",
    "colors-006": "10.2 480 limit",
    "colors-007": "6.1.1 40 + 2.1 30 + 2.2.2 30 + 7.1.2 15 = 115",
    "colors-008": "10.2 480 limit",
    # --- irregular
    "irregular-001": "11.1 160 = 160",
    "irregular-002": "11.1 160 + 1.4 5 = 165",
    "irregular-003": "1.7 -40 illegal",
    "irregular-004": "11.1 160 + 13.1 2x2 = 164",
    "irregular-005": "11.1 160 + 12.3 10 = 170",
    "irregular-006": "11.1 160 + 12.1.1 10 + 1.4 5 = 175",
    "irregular-007": "11.1 160 + 12.4.2 155 = 315",
    "irregular-008": "11.1 160 + 12.4.1 155 + 1.4 5 = 320",
    # --- incidentals
    "incidentals-001": "12.1.2 10 = 10",
    "incidentals-002": "12.1.1 10 + 1.4 5 = 15",
    "incidentals-003": "12.1.2 10 + 1.3 5 = 15",
    "incidentals-004": "12.2.1 10 + 2.3.1 5 + 1.4 5 = 20",
    "incidentals-005": "12.2.2 10 + 1.4 5 + 13.1 2 = 17",
    "incidentals-006": "12.3 10 + 1.2 5 + 1.3 5 = 20",
    "incidentals-007": "12.3 10 + 1.2 5 = 15",
    "incidentals-008": "12.1.1 10 + 12.2.1 10 + 2.3.1 5 + 2.2.1 5 + 1.3 5 + 1.4 5 = 40",
    "incidentals-009": "12.1.1 10 + 12.2.2 10 + 1.4 5 + 13.1 2 = 27",
    "incidentals-010": "12.4.1 155 + 1.3 5 + 1.4 5 = 165",
    "incidentals-011": "12.4.2 155 + 1.3 5 = 160",
    "incidentals-012": "2.3.1 5 + 2.2.1 5 + 1.3 5 + 1.4 5 = 20",  # no blessing after a kong
    # --- bonus
    "bonus-001": "1.1 1 + 13.1 2 = 3",  # R13
    "bonus-002": "1.1 1 + 13.1 2x2 = 5",
    "bonus-003": "1.1 1 + 13.1.1 12 + 13.1 4x2 = 21",
    "bonus-004": "1.2 5 + 1.3 5 + 1.4 5 + 1.5 5 + 13.1.2 12 + 13.1 4x2 = 40",
    "bonus-005": "8.2.1 10 + 13.1.1 12 + 13.1 5x2 = 32",
    "bonus-006": "4.1 35 + 1.6 10 + 8.1.1 5 + 13.1.2 12 + 13.1 4x2 = 70",
    "bonus-007": "1.1 1 + 13.1.3 64 + 13.1 8x2 = 81",  # R11: 13.1.3 replaces 13.1.1/13.1.2
    "bonus-008": "3.1.1 10 + 1.2 5 + 1.3 5 + 1.4 5 + 13.1.3 64 + 13.1 8x2 = 105",
    "bonus-009": "10.2 480 limit",
    # --- families
    "families-001": "2.3.2 20 = 20",
    "families-002": "2.2.2 30 + 1.3 5 = 35",
    "families-003": "3.1.2 60 + 1.2 5 = 65",
    "families-004": "5.1.2 40 + 6.1.1 40 + 8.2.1 10 + 7.1.1 5 = 95",
    "families-005": "5.1.4 100 + 1.2 5 = 105",
    "families-006": "2.2.2 30 + 2.3.2 20 + 1.3 5 + 1.4 5 = 60",
    "families-007": "3.1.3 120 + 6.1.2 80 + 1.2 5 = 205",
    "families-008": "7.2.3 100 + 2.1 30 + 7.1.2 15 + 8.2.1 10 + 8.1.1 5 + 2.2.1 5 = 165",
    "families-009": "2.2.3 125 + 2.1 30 + 1.3 5 + 1.4 5 + 1.5 5 = 170",
    "families-010": "5.2.2 200 + 2.1 30 + 2.2.2 30 = 260",
    # --- stacking
    "stacking-001": "8.1.1 2x5 = 10",
    "stacking-002": "8.2.1 2x10 = 20",
    "stacking-003": "8.2.2 40 + 8.2.1 2x10 = 60",
    "stacking-004": "3.1.2 60 + 7.1.1 2x5 + 1.2 5 + 1.3 5 = 80",
    "stacking-005": "6.1.2 80 + 5.1.2 40 + 3.1.1 10 + 7.1.1 5 + 1.2 5 = 140",
    "stacking-006": "7.1.2 2x15 + 2.1 30 = 60",
    "stacking-007": "6.1.1 40 + 8.1.2 30 + 8.1.1 2x5 + 8.2.1 10 = 90",
    "stacking-008": "8.2.3 130 + 8.2.1 3x10 + 7.2.1 40 = 200",
    "stacking-009": "8.1.3 120 + 8.1.1 3x5 + 6.1.1 40 + 2.1 30 + 8.2.1 10 = 215",
    "stacking-010": "1.1 1 + 13.1.1 12 + 13.1 6x2 = 25",
    "stacking-011": "7.1.3 180 + 7.1.1 5 + 7.1.2 15 + 6.1.2 80 + 2.2.1 5 + 1.3 5 = 290",
    "stacking-012": "8.1.5 400 limit",
    # --- cap-limits
    "cap-limits-001": (
        "8.2.3 130 + 8.2.1 3x10 + 2.2.2 30 + 6.1.1 40 + 1.3 5 + 1.4 5"
        " + 13.1.3 64 + 13.1 8x2 = 320"
    ),
    "cap-limits-002": (
        "8.2.3 130 + 8.2.1 3x10 + 2.2.2 30 + 6.1.1 40 + 1.3 5 + 1.4 5"
        " + 13.1.3 64 + 13.1 8x2 + 12.1.1 10 = 330 -> cap 320"
    ),
    "cap-limits-003": (
        "8.2.3 130 + 8.2.1 3x10 + 2.2.3 125 + 2.1 30 + 7.2.3 100 + 6.1.1 40"
        " + 1.3 5 + 1.4 5 = 465 -> cap 320"
    ),
    "cap-limits-004": (
        "5.2.2 200 + 2.2.3 125 + 6.1.2 80 + 2.1 30 + 1.3 5 + 1.4 5 + 1.5 5 = 450 -> cap 320"
    ),
    "cap-limits-005": (
        "12.4.1 155 + 2.2.3 125 + 6.1.1 40 + 2.1 30 + 8.1.1 5 + 1.3 5 + 1.4 5 = 365 -> cap 320"
    ),
    "cap-limits-006": (
        "12.4.2 155 + 2.2.3 125 + 2.1 30 + 7.1.2 2x15 + 1.3 5 = 345 -> cap 320"
    ),
    "cap-limits-007": "10.1 400 limit",
    "cap-limits-008": "8.1.5 400 limit",
    "cap-limits-009": "8.1.4 320 limit",  # tie with 8.3.1 at 320: the lower id is named
    "cap-limits-010": "2.3.4 480 limit",
    "cap-limits-011": "9.1.2 320 limit",
    "cap-limits-012": "5.2.3 400 limit",
    # --- arrangements
    "arrangements-001": "2.2.1 5 + 1.3 5 = 10",  # R2: the c5 goes in the chow
    "arrangements-002": "5.2.1 100 + 2.2.2 30 + 1.3 5 = 135",  # chows: 120 + 5 + 5 = 130
    "arrangements-003": "3.1.3 120 + 7.2.2 50 + 1.2 5 + 1.3 5 = 180",  # pungs: 100 + 30 + 5
    "arrangements-004": "6.1.2 80 + 5.1.2 40 + 3.1.1 10 + 7.1.1 5 + 1.2 5 + 1.3 5 = 145",
    "arrangements-005": "2.2.3 125 + 5.2.1 100 + 2.1 30 + 1.3 5 + 1.5 5 = 265",
    "arrangements-006": "5.2.1 100 + 2.2.2 30 + 2.1 30 + 1.3 5 + 1.5 5 = 170",  # R3
    "arrangements-007": "7.1.5 320 limit",
    "arrangements-008": "3.1.4 480 limit",  # R19
    # --- pairs-or-sets
    "pairs-or-sets-001": "9.1.1 30 + 1.3 5 = 35",
    "pairs-or-sets-002": "9.1.1 30 + 1.3 5 = 35",
    "pairs-or-sets-003": "3.1.2 60 + 1.2 5 + 1.3 5 = 70",
    "pairs-or-sets-004": "3.1.2 60 + 6.1.1 40 + 7.2.1 40 + 7.1.1 2x5 + 1.2 5 + 1.3 5 = 160",
    "pairs-or-sets-005": "7.2.3 100 + 9.1.1 30 + 1.3 5 = 135",
    "pairs-or-sets-006": "9.1.2 320 limit",
    "pairs-or-sets-007": "10.1 400 limit",
    # --- concealed
    "concealed-001": "1.3 5 = 5",
    "concealed-002": "1.3 5 + 1.4 5 = 10",
    "concealed-003": "1.4 5 = 5",
    "concealed-004": "1.3 5 + 2.3.1 5 = 10",
    "concealed-005": "2.2.1 5 + 1.3 5 = 10",  # R3
    "concealed-006": "2.2.2 30 + 1.3 5 + 1.4 5 = 40",
    "concealed-007": "2.2.2 30 + 8.1.1 5 = 35",
    "concealed-008": "2.2.2 30 + 2.3.2 20 + 1.3 5 = 55",
    "concealed-009": "2.3.2 20 + 2.2.1 5 = 25",
    "concealed-010": "2.1 30 + 2.2.2 30 + 8.2.1 10 + 1.3 5 = 75",  # R3
    "concealed-011": "2.2.3 125 + 2.1 30 + 8.2.1 10 + 1.3 5 + 1.4 5 = 175",
    "concealed-012": "9.1.1 30 + 1.3 5 = 35",
    "concealed-013": "11.1 160 = 160",  # R16
    # --- is-it-a-win
    "is-it-a-win-001": "1.2 5 + 1.3 5 = 10",
    "is-it-a-win-002": "1.7 -40 illegal",
    "is-it-a-win-003": "9.1.1 30 + 1.3 5 = 35",
    "is-it-a-win-004": "1.7 -40 illegal",
    "is-it-a-win-005": "1.7 -40 illegal",
    "is-it-a-win-006": "11.1 160 = 160",
    "is-it-a-win-007": "1.7 -40 illegal",
    "is-it-a-win-008": "1.7 -40 illegal",  # R5: a declared kong is not two pairs
    "is-it-a-win-009": "2.3.1 5 + 2.2.1 5 + 1.3 5 = 15",
    "is-it-a-win-010": "5.1.2 40 + 6.1.1 40 + 7.1.1 5 + 1.3 5 = 90",
    "is-it-a-win-011": "1.7 -40 illegal",
    "is-it-a-win-012": "1.7 -40 illegal",
    "is-it-a-win-013": "1.7 -40 illegal",  # R7: the penalty alone, bonus tiles ignored
    "is-it-a-win-014": "9.1.1 30 + 1.6 10 + 1.3 5 = 45",
    "is-it-a-win-015": "5.2.1 100 + 2.2.2 30 + 1.3 5 = 135",  # chows: 120 + 5 + 5
    # --- guide
    "guide-001": "1.2 5 + 1.3 5 = 10",
    "guide-002": "1.6 10 + 8.1.1 5 + 2.2.1 5 + 1.3 5 = 25",
    "guide-003": "2.1 30 + 2.3.1 5 + 8.1.1 5 = 40",
    "guide-004": "2.3.1 5 + 1.5 5 = 10",
    "guide-005": "2.3.2 20 + 1.5 5 = 25",
    "guide-006": "2.3.3 120 + 1.5 5 = 125",
    "guide-007": "2.3.4 480 limit",
    "guide-008": "3.1.1 10 + 1.2 5 + 1.3 5 = 20",
    "guide-009": "3.1.2 60 + 6.1.1 40 + 1.2 5 + 1.3 5 = 110",
    "guide-010": "3.1.3 120 = 120",
    "guide-011": "3.1.4 480 limit",
    "guide-012": "4.1 35 + 1.2 5 + 1.3 5 = 45",
    "guide-013": "4.2.1 30 + 8.2.1 10 = 40",
    "guide-014": "4.2.2 120 + 2.2.1 5 + 1.5 5 = 130",
    "guide-015": "5.1.1 30 + 1.2 5 + 1.3 5 = 40",
    "guide-016": "5.1.1 30 = 30",
    "guide-017": "5.1.2 40 + 7.1.1 5 + 1.3 5 = 50",
    "guide-018": "5.1.3 50 + 6.1.1 40 + 1.2 5 + 1.3 5 = 100",
    "guide-019": "5.1.3 50 + 1.2 5 = 55",
    "guide-020": "5.1.4 100 + 1.2 5 + 1.3 5 + 1.4 5 = 115",
    "guide-021": "5.1.4 100 + 6.1.1 40 + 7.1.1 5 + 1.2 5 = 150",
    "guide-022": "5.2.1 100 + 2.2.1 5 = 105",
    "guide-023": "5.2.2 200 + 2.1 30 + 1.5 5 = 235",
    "guide-024": "5.2.3 400 limit",
    "guide-025": "6.1.1 40 + 8.2.1 10 + 8.1.1 5 + 2.2.1 5 = 60",
    "guide-026": "6.1.1 40 + 9.1.1 30 + 1.3 5 = 75",
    "guide-027": "6.1.2 80 + 1.3 5 = 85",
    "guide-028": "6.1.2 80 + 9.1.1 30 + 1.3 5 = 115",
    "guide-029": "6.2 480 limit",
    "guide-030": "6.1.2 80 + 7.1.2 15 + 2.2.1 5 + 1.3 5 + 1.4 5 = 110",  # R17
    "guide-031": "7.1.1 5 + 1.2 5 + 1.3 5 = 15",
    "guide-032": "7.1.2 15 = 15",
    "guide-033": "7.1.3 180 + 7.1.1 5 + 7.1.2 15 = 200",  # R21
    "guide-034": "7.1.5 320 limit",
    "guide-035": "7.1.5 320 limit",
    "guide-036": "7.1.6 400 limit",
    "guide-037": "7.1.6 400 limit",
    "guide-038": "7.2.1 40 + 8.2.1 10 + 2.2.1 5 + 1.3 5 = 60",
    "guide-039": "7.2.2 50 + 2.2.1 5 + 1.3 5 = 60",
    "guide-040": "2.2.3 125 + 7.2.3 100 + 2.1 30 + 1.6 10 + 8.2.1 10 + 8.1.1 5 + 1.3 5 = 285",
    "guide-041": "7.2.3 100 + 9.1.1 30 + 1.6 10 + 1.3 5 = 145",
    "guide-042": "7.2.4 400 limit",
    "guide-043": "8.1.2 30 + 8.1.1 2x5 + 2.2.1 5 + 1.3 5 = 50",
    "guide-044": "8.1.3 120 + 6.1.1 40 + 8.1.1 3x5 + 2.2.1 5 = 180",
    "guide-045": "8.1.4 320 limit",
    "guide-046": "8.1.5 400 limit",
    "guide-047": "8.2.2 40 + 8.2.1 2x10 + 2.2.1 5 + 1.3 5 = 70",
    "guide-048": "8.2.3 130 + 8.2.1 3x10 + 2.2.1 5 = 165",
    "guide-049": "8.3.1 320 limit",
    "guide-050": "8.3.2 480 limit",
    "guide-051": "9.1.1 30 + 1.3 5 = 35",
    "guide-052": "9.1.2 320 limit",
    "guide-053": "9.1.3 400 limit",
    "guide-054": "9.1.4 400 limit",
    "guide-055": "9.1.5 400 limit",
    "guide-056": "10.1 400 limit",
    "guide-057": "10.2 480 limit",
    "guide-058": "11.1 160 = 160",
    "guide-059": "11.1 160 = 160",
    "guide-060": "1.2 5 + 1.3 5 + 13.1.1 12 + 13.1 4x2 = 30",
    "guide-061": "2.1 30 + 2.3.1 5 + 8.1.1 5 + 13.1.2 12 + 13.1 4x2 = 60",
    "guide-062": "1.2 5 + 1.3 5 + 13.1.3 64 + 13.1 8x2 = 90",
}


@dataclass(frozen=True)
class Expectation:
    counted: dict[str, int]  # pattern id -> count
    points: dict[str, int]  # pattern id -> points it adds
    total: int
    limit: str | None
    capped: bool
    winning: bool


def read(text: str) -> Expectation:
    """Turn one arithmetic line into what the engine must report."""
    m = re.fullmatch(r"(\S+) (-\d+) illegal", text)
    if m:
        return Expectation({m[1]: 1}, {m[1]: int(m[2])}, int(m[2]), None, False, False)
    m = re.fullmatch(r"(\S+) (\d+) limit", text)
    if m:
        return Expectation({m[1]: 1}, {m[1]: int(m[2])}, int(m[2]), m[1], False, True)
    m = re.fullmatch(r"(.+) = (\d+)(?: -> cap (\d+))?", text)
    assert m, text
    counted: dict[str, int] = {}
    points: dict[str, int] = {}
    for term in m[1].split(" + "):
        pid, value = term.split()
        n, _, each = value.rpartition("x")
        counted[pid] = int(n) if n else 1
        points[pid] = counted[pid] * int(each)
    # The arithmetic itself must be right before it is compared with anything.
    assert sum(points.values()) == int(m[2]), text
    capped = m[3] is not None
    return Expectation(counted, points, int(m[3]) if capped else int(m[2]), None, capped, True)


def test_every_curated_hand_has_a_worked_total() -> None:
    # The zung-jung and classical sets have theirs in test_sets_rulesets.py.
    default = [h.id for h in all_hands() if h.hand.ruleset == DEFAULT_RULESET]
    assert sorted(EXPECTED) == sorted(default)


@pytest.mark.parametrize("hand_id", sorted(EXPECTED))
def test_curated_hand_scores_as_worked_out(hand_id: str) -> None:
    want = read(EXPECTED[hand_id])
    result = score(find_hand(hand_id).hand)
    got_counted = {h.pattern.id: h.count for h in result.counted}
    got_points = {h.pattern.id: h.points for h in result.counted}
    assert (got_counted, got_points) == (want.counted, want.points)
    assert result.total == want.total
    assert result.winning is want.winning
    assert result.capped is want.capped
    assert (result.limit.id if result.limit else None) == want.limit
