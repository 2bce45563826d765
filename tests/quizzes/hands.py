"""Hand-made hands for the quiz tests, each with its score worked out from the rules.

Every total below is derived by hand from seed 000 and quizzes/rulings.md, not copied from
the engine.
"""

from __future__ import annotations

# 1.2 All Chows 5 + 1.3 Concealed Hand 5 = 10 (c1 rules out All Simples; no honors,
# so no All Types).
CHOWS = "c123 c456 b234 b567 k5 +k5"
CHOWS_TOTAL = 10

# Won on the discarded c5 into the c345 chow, so all three wind pungs stay concealed (R3):
# 8.1.3 120 + 3 x 8.1.1 5 + 6.1.1 40 + 2.2.2 30 + 1.3 5 = 210; 2.2.1 is outranked by
# 2.2.2 (R10).
WINDS = "we we we ws ws ws ww ww ww c22 c34 +c5"
WINDS_TOTAL = 210
WINDS_COUNTED = {"8.1.3": 1, "8.1.1": 3, "6.1.1": 1, "2.2.2": 1, "1.3": 1}

# 11.1 Thirteen Orphans 160; Concealed Hand, All Types and Mixed Greater Terminals are
# present but never count for thirteen orphans (R16).
ORPHANS = "c19 b19 k19 we ws ww wn dr dg dw +c1"
ORPHANS_TOTAL = 160

# Seven pairs: 9.1.1 30 + 7.2.3 100 + 1.3 5 = 135 (no dragon, so no All Types).
PAIRS = "c11 c99 b11 b99 k11 k99 we +we"
PAIRS_TOTAL = 135

# Big Four Winds 8.1.5 400 is a limit hand and stands alone (R12).  The other patterns
# it silences: 4 x 8.1.1 5 + 2.1 30 + 2.2.3 125 + 6.1.1 40 + 1.3 5 = 220.  8.1.3 is
# outranked by 8.1.5 (R10).
BIG_FOUR = "we we we ws ws ws ww ww ww wn wn wn c5 +c5"
BIG_FOUR_TOTAL = 400
BIG_FOUR_SILENCED = 220

# 8.2.3 130 + 3 x 8.2.1 10 + 8.1.1 5 + 2.1 30 + 2.2.3 125 + 6.1.1 40 + 7.2.3 100
# + 1.3 5 = 465, capped at 320 (R12).  (7.2.1 is outranked by 7.2.3.)
CAPPED = "dr dr dr dg dg dg dw dw dw we we we c1 +c1"
CAPPED_SUM = 465
CAPPED_TOTAL = 320

# Two readings (R1):
#   pungs c111 c222 c333: 5.2.1 100 + 2.2.2 30 + 1.3 5 = 135  <- the best
#   chows c123 x3:        3.1.3 120 + 1.2 5 + 1.3 5 = 130
TWO_READINGS = "c111222333 b456 k9 +k9"
TWO_READINGS_TOTAL = 135
TWO_READINGS_OTHER = {"3.1.3": 1, "1.2": 1, "1.3": 1}
TWO_READINGS_OTHER_TOTAL = 130

# k5 and k6 make no pair: no winning arrangement, Illegal Call -40 (R7, R14).
NO_WIN = "c123 c456 b234 b567 k5 +k6"
NO_WIN_TOTAL = -40

# An exposed chow and nothing else to score: 1.1 Chicken Hand 1 (R13).
CHICKEN = "[c234] b456 k678 c99 b22 +b2"
CHICKEN_TOTAL = 1

# The exposed wind pung is the only pattern: 8.1.1 5.
EXPOSED_WIND = "c123 c456 b234 k5 [we we we] +k5"
EXPOSED_WIND_TOTAL = 5

# Self-drawn, four concealed pungs: used with a house ruleset in which 2.2.3 includes
# (replaces) 1.3 Concealed Hand.
FOUR_CONCEALED = "c222 b333 k444 dr dr dr c5 +c5 self"
