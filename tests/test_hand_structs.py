"""The struct decoder of the batch scorer never reads a hand differently from jsonio.

`plain_hand` and `plain_hands` may decline any text (None: the caller goes the long
way), but a hand they return must be exactly the hand `hand_from_json` makes of the
same text, and they must decline every text that `json` and `hand_from_json` refuse.
"""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from mj_trainer.cli.hand_structs import plain_hand, plain_hands
from mj_trainer.engine.hand import Hand
from mj_trainer.engine.jsonio import HandJSONError, hand_from_json, hand_to_json
from tests.engine.test_properties import regular_hands, seven_pairs_hands

# Values a field may hold instead of the right one: near misses and wrong types.
odd_values = st.one_of(
    st.sampled_from(["C1", " c1", "c10", "", "East", "EAST", "dr ", "f1", "s4", "chow",
                     "final_draw", "final-draw", "nonsense", "classical", "b5"]),
    st.none(), st.booleans(), st.integers(-3, 50), st.floats(allow_nan=False),
    st.just(10**5000 - 1), st.lists(st.sampled_from(["c1", "dr", "we", 7]), max_size=3),
    st.dictionaries(st.sampled_from(["type", "tile", "exposed"]),
                    st.sampled_from(["pung", "c1", True, 3]), max_size=3),
)
fields = st.sampled_from(["concealed", "melds", "winning_tile", "self_drawn", "bonus",
                          "seat_wind", "prevailing_wind", "incidentals", "ruleset",
                          "losers", "note", "extra"])


@st.composite
def hand_objects(draw: st.DrawFn) -> dict[str, Any]:
    """Contract hand objects, most of them valid, some with a field changed or added."""
    hand: Hand = draw(st.one_of(regular_hands(), seven_pairs_hands()))
    obj: dict[str, Any] = hand_to_json(hand)
    for key in draw(st.lists(fields, max_size=2)):
        if draw(st.booleans()):
            obj[key] = draw(odd_values)
        else:
            obj.pop(key, None)
    return obj


def _expected(obj: Any) -> Hand | None:
    try:
        return hand_from_json(obj)
    except HandJSONError:
        return None


def _text(obj: Any) -> str | None:
    try:
        return json.dumps(obj)
    except ValueError:  # a number json itself will not write
        return None


@settings(max_examples=400, deadline=None)
@given(hand_objects(), st.sampled_from([None, "zung-jung"]))
def test_a_plain_hand_is_the_hand_jsonio_reads(obj: dict[str, Any], ruleset: str | None) -> None:
    text = _text(obj)
    if text is None:
        return
    got = plain_hand(text, ruleset)
    if got is None:
        return  # declined: the long way decides
    expected = _expected(json.loads(text))
    assert expected is not None, "accepted a hand jsonio refuses"
    if ruleset is not None:
        expected = Hand(**{**{f: getattr(expected, f) for f in Hand.__slots__},
                           "ruleset": ruleset})
    assert got == expected
    assert type(got.concealed) is tuple and type(got.melds) is tuple


@settings(max_examples=200, deadline=None)
@given(st.lists(hand_objects(), min_size=1, max_size=5))
def test_a_list_is_plain_only_when_every_hand_is(objs: list[dict[str, Any]]) -> None:
    text = _text(objs)
    if text is None:
        return
    got = plain_hands(text)
    expected = [_expected(o) for o in json.loads(text)]
    if got is not None:
        assert got == expected


def test_text_json_refuses_is_declined() -> None:
    valid = json.dumps(hand_to_json(hand_from_json({
        "concealed": ["c1", "c2", "c3", "c4", "c5", "c6", "b2", "b3", "b4", "b5", "b6", "b7",
                      "k5", "k5"], "winning_tile": "k5"})))
    assert plain_hand(valid) is not None
    too_long = valid[:-1] + ', "x": ' + "9" * 5000 + "}"
    nested = valid[:-1] + ', "x": ' + "[" * 5000 + "]" * 5000 + "}"
    for text in (too_long, nested, valid[:-1], valid + "x", valid.replace("false", "False"),
                 valid[:-1] + ', "x": NaN}'):
        assert plain_hand(text) is None, text[-40:]
    assert plain_hands(f"[{valid}, {too_long}]") is None
    assert plain_hands(f"[{valid}, {valid}]") is not None


@settings(max_examples=200, deadline=None)
@given(st.one_of(regular_hands(), seven_pairs_hands()))
def test_every_hand_as_the_contract_writes_it_is_plain(hand: Hand) -> None:
    # hand_to_json writes every field in its plain form: nothing goes the long way.
    text = json.dumps(hand_to_json(hand))
    assert plain_hand(text) == hand
    assert plain_hands(f"[{text}, {text}]") == [hand, hand]
