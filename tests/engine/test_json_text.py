"""`score_json_text` writes exactly what `json.dumps(score_to_json(...))` writes.

The command line writes results through the quick path; the contract is the dict
path's, so the two are compared on many hands, under every built-in ruleset, twice
each (the second time from the texts kept per resolution).
"""

from __future__ import annotations

import json
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from mj_trainer.engine.hand import Hand
from mj_trainer.engine.jsonio import score_json_text, score_to_json
from mj_trainer.engine.ruleset import builtin_names
from mj_trainer.engine.scoring import score
from tests.engine.test_properties import orphans_hands, regular_hands, seven_pairs_hands
from tests.helpers import hand


def _same(h: Hand, all_arrangements: bool = False) -> None:
    result = score(h)
    expected = json.dumps(score_to_json(result, all_arrangements=all_arrangements),
                          ensure_ascii=False)
    for _ in range(2):
        assert score_json_text(result, all_arrangements=all_arrangements) == expected


@settings(max_examples=300, deadline=None)
@given(st.one_of(regular_hands(), seven_pairs_hands(), orphans_hands()),
       st.sampled_from(builtin_names()), st.booleans())
def test_quick_text_is_the_contract_text(h: Hand, ruleset: str, all_arrangements: bool) -> None:
    _same(replace(h, ruleset=ruleset), all_arrangements)


def test_quick_text_of_odd_results() -> None:
    # Not a win, a limit hand, a capped hand, ignored context, and a house-rules path.
    for text in ("c123 c456 b234 b567 k5 +k6",
                 "c1 c99 b19 k19 we ws ww wn dr dg +dw",
                 "c111 c222 c333 c444 c9 +c9 self",
                 "c123 c456 b234 b567 k5 +k5 f1 s3 final-discard ruleset:classical",
                 "c123 c456 b234 b567 k5 +k5 seat:south wind:west ruleset:zung-jung"):
        _same(hand(text))
