"""The share line: notation with its ruleset and origin, read back to the same hand."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mj_trainer.engine.hand import Hand
from mj_trainer.engine.notation import NotationError, format_parts, parse, read
from mj_trainer.engine.share import (
    curated_origin,
    generated_origin,
    parse_shared,
    share_text,
    unquote,
)
from tests.engine.test_properties import winning_hands

ORIGINS = st.one_of(
    st.just(""),
    st.builds(curated_origin, st.from_regex(r"[a-z][a-z-]{0,12}", fullmatch=True),
              st.from_regex(r"[a-z]+-[0-9]{3}", fullmatch=True)),
    st.builds(generated_origin, st.integers(0, 2**31), st.none() | st.integers(1, 30)),
    st.text(max_size=20),
)


@settings(max_examples=200, deadline=None)
@given(winning_hands, ORIGINS, st.sampled_from(
    [None, "mj-score-eval", "zung-jung", "classical", "mj-score-eval-early"]))
def test_share_line_reads_back_to_the_same_hand(hand: Hand, origin: str,
                                                ruleset: str | None) -> None:
    text = share_text(hand, ruleset, origin)
    shared = parse_shared(text)
    expected_rules = ruleset or hand.ruleset
    assert shared.hand.ruleset == expected_rules
    assert shared.hand == parse(text) == replace(hand, ruleset=expected_rules)
    assert " ruleset:" in text.split("#")[0]  # the ruleset is always named
    assert shared.origin == " ".join(origin.replace("#", " ").split())


def test_share_line_of_a_curated_hand() -> None:
    hand = parse("c123 c456 b234 b567 k5 +k5 self")
    text = share_text(hand, None, curated_origin("trivial", "trivial-003"))
    assert text == ("c123456 b234567 k5 +k5 self ruleset:mj-score-eval "
                    "# set:trivial/trivial-003")
    assert parse_shared(f"  '{text}' ").hand == hand  # quotes left by a shell or chat


def test_a_note_is_ignored_by_the_parser_and_errors_keep_their_column() -> None:
    assert parse("c123 c456 b234 b567 k5 +k5 # seed:4 [ not notation") == parse(
        "c123 c456 b234 b567 k5 +k5")
    with pytest.raises(NotationError) as err:
        parse("c123 c4x5 # note")
    assert str(err.value) == "col 8: 'x' is not a tile rank"
    with pytest.raises(NotationError, match="no winning tile"):
        parse("c123 # +c5")


def test_read_takes_unfinished_hands() -> None:
    parts = read("c123 [dr dr dr] self seat:w f1")
    assert parts.winning is None and len(parts.concealed) == 3 and len(parts.melds) == 1
    assert format_parts(parts) == "c123 [dr dr dr] self f1 seat:west"
    assert read("").concealed == []


def test_unquote() -> None:
    assert unquote(' "c123 +c1" ') == "c123 +c1"
    assert unquote("`'c1'`") == "c1"
    assert unquote('"c1') == '"c1'
