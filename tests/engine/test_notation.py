"""The human notation: every token kind, every error with its 1-based column, and the
canonical format that parses back to the same hand."""

from __future__ import annotations

import pytest

from mj_trainer.engine import tiles
from mj_trainer.engine.hand import DEFAULT_RULESET, Hand, HandError, Incidental, Meld, MeldKind
from mj_trainer.engine.notation import NotationError, format_hand, format_tiles, parse

T = tiles.CODE_TO_TILE
BASE = "c123 c456 b234 b567 k5 +k5"
FORMS = "; tiles are written like c5 or 5c, we or E, dr or Rd, f1"


def _error(text: str) -> str:
    """The single notation error of `text`, as 'col N: message'."""
    with pytest.raises(NotationError) as info:
        parse(text)
    assert len(info.value.problems) == 1
    return str(info.value.problems[0])


# ---------------------------------------------------------------------------
# errors point at the column


def test_bad_rank_points_at_the_character() -> None:
    # "c4x5" starts at column 6; the x is its third character: column 8.
    assert _error("c123 c4x5") == "col 8: 'x' is not a tile rank"
    with pytest.raises(NotationError) as info:
        parse("c123 c4x5")
    assert str(info.value) == "col 8: 'x' is not a tile rank"
    assert info.value.problems[0].field == "col 8"


def test_notation_error_is_a_hand_error() -> None:
    # Callers can catch HandError for both kinds of bad input.
    assert issubclass(NotationError, HandError)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("c103 +c1", "col 3: '0' is not a tile rank"),
        ("c12a +c1", "col 4: 'a' is not a tile rank"),
        # Non-ASCII digits are not ranks (they used to crash the parser).
        ("c1\uff123 +c1", "col 3: '\uff12' is not a tile rank"),
        ("c\u00b2 +c1", "col 2: '\u00b2' is not a tile rank"),
        ("c123 f5 +c1", "col 7: '5' is not a flower number (1-4)"),
        ("c123 s19 +c1", "col 8: '9' is not a season number (1-4)"),
        ("c123 c +c1", "col 6: 'c' needs numbers after the suit letter, like c123"),
        ("c123 xyz +c1", "col 6: 'xyz' is not a tile, meld or keyword" + FORMS),
        ("c123 wx +c1", "col 6: 'wx' is not a tile, meld or keyword" + FORMS),
        ("c123 [xy] +c1", "col 7: 'xy' is not a tile" + FORMS),
    ],
)
def test_tile_errors(text: str, expected: str) -> None:
    assert _error(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("c123 [c456 +c1", "col 6: '[' is never closed with ']'"),
        ("c123 {c4444 +c1", "col 6: '{' is never closed with '}'"),
        ("c123] +c1", "col 5: ']' without an opening bracket"),
        ("c123 } +c1", "col 6: '}' without an opening bracket"),
        ("[c1 [c2]", "col 5: '[' inside a meld; close '[' with ']' first"),
        ("[c123} +c1", "col 6: '}' inside a meld; close '[' with ']' first"),
        ("c1 [] +c1", "col 4: an empty meld"),
        ("c1 {c123} +c1", "col 4: {c1 c2 c3} is not a kong; braces hold concealed kongs only"),
        ("c1 {c111} +c1", "col 4: {c1 c1 c1} is not a kong; braces hold concealed kongs only"),
        ("c1 [c124] +c1", "col 4: [c1 c2 c4] is not a chow, pung or kong"),
        ("c1 [c89 b1] +c1", "col 4: [c8 c9 b1] is not a chow, pung or kong"),
        ("c1 [we ws ww] +c1", "col 4: [we ws ww] is not a chow, pung or kong"),
        ("c1 [c11111] +c1", "col 4: [c1 c1 c1 c1 c1] is not a chow, pung or kong"),
        ("c1 [f111] +c1", "col 4: bonus tiles cannot be in a meld: [f1 f1 f1]"),
    ],
)
def test_bracket_errors(text: str, expected: str) -> None:
    assert _error(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("", "col 1: empty hand: write tiles like c123 b55 dr dr dr ... +c6"),
        ("   ", "col 1: empty hand: write tiles like c123 b55 dr dr dr ... +c6"),
        ("c123", "col 5: no winning tile: mark it with '+', like +c6"),
        ("c123 +c1 +c2", "col 10: a second winning tile (the first is at col 6)"),
        ("c123 +", "col 6: '+' must be followed by the winning tile, like +c6"),
        ("c123 +c12", "col 6: '+c12': '+' marks exactly one playing tile"),
        ("c123 +f1", "col 6: '+f1': '+' marks exactly one playing tile"),
        ("c123 +c1x", "col 9: 'x' is not a tile rank"),
        ("c123 +c1 self ron", "col 15: 'ron': how the hand was won is already given"),
        ("c123 +c1 seat:up", "col 15: 'up' is not a wind (east, south, west, north)"),
        ("c123 +c1 wind:", "col 15: '' is not a wind (east, south, west, north)"),
        ("c123 +c1 seat:s seat:w", "col 17: seat: given twice (first at col 10)"),
        ("c123 +c1 colour:red", "col 10: unknown setting 'colour' (seat:, wind:, ruleset:)"),
        ("c123 +c1 ruleset:", "col 10: ruleset: needs a name"),
        ("c123 +c1 final-draw final_draw", "col 21: 'final_draw' given twice"),
    ],
)
def test_structure_and_keyword_errors(text: str, expected: str) -> None:
    assert _error(text) == expected


def test_hand_errors_after_a_clean_parse_are_hand_errors() -> None:
    # Well-formed notation, impossible hand: a HandError that is not a NotationError.
    with pytest.raises(HandError) as info:
        parse("c11111 c56 b234 b567 +k5")
    assert not isinstance(info.value, NotationError)
    assert str(info.value) == "concealed: five copies of c1"


def test_check_false_skips_validation() -> None:
    h = parse("c11111 +k5", check=False)
    assert h.concealed.count(T["c1"]) == 5


# ---------------------------------------------------------------------------
# tokens and keywords


def test_suit_runs_honors_and_winning_tile() -> None:
    h = parse("c123 c456 b234 b567 k5 +k5")
    assert h.winning_tile == T["k5"]
    assert h.concealed.count(T["k5"]) == 2  # the +tile is added to the concealed tiles
    assert len(h.concealed) == 14
    assert h.concealed == tuple(sorted(h.concealed))
    assert h.melds == () and h.bonus == ()
    assert not h.self_drawn
    assert h.seat_wind == h.prevailing_wind == tiles.EAST
    assert h.incidentals == frozenset()
    assert h.ruleset == DEFAULT_RULESET


def test_honors_one_token_each_and_any_case() -> None:
    h = parse("WE we we DR dr dr dg dg dg Ww ww ww C5 +c5")
    assert h.concealed.count(T["we"]) == 3
    assert h.concealed.count(T["dr"]) == 3
    assert h.concealed.count(T["ww"]) == 3


@pytest.mark.parametrize("word", ["self", "self-drawn", "selfdrawn", "tsumo", "SELF"])
def test_self_drawn_words(word: str) -> None:
    assert parse(f"{BASE} {word}").self_drawn


@pytest.mark.parametrize("word", ["discard", "ron"])
def test_discard_words(word: str) -> None:
    assert not parse(f"{BASE} {word}").self_drawn


@pytest.mark.parametrize(
    ("text", "seat", "prevailing"),
    [
        ("seat:south", "ws", "we"),
        ("seat:s", "ws", "we"),
        ("wind:west", "we", "ww"),
        ("prevailing:n", "we", "wn"),
        ("seat:North wind:e", "wn", "we"),
        ("SEAT:W WIND:S", "ww", "ws"),
    ],
)
def test_wind_settings(text: str, seat: str, prevailing: str) -> None:
    h = parse(f"{BASE} {text}")
    assert h.seat_wind == T[seat]
    assert h.prevailing_wind == T[prevailing]


def test_ruleset_keeps_its_spelling() -> None:
    assert parse(f"{BASE} ruleset:zung-jung").ruleset == "zung-jung"
    assert parse(f"{BASE} rules:My/House.toml").ruleset == "My/House.toml"


@pytest.mark.parametrize("item", list(Incidental))
def test_every_incidental_keyword(item: Incidental) -> None:
    # Both spellings; the hand is given whatever context makes the incidental legal.
    context = {
        Incidental.FINAL_DRAW: "self",
        Incidental.FINAL_DISCARD: "",
        Incidental.WIN_ON_KONG: "self",
        Incidental.WIN_ON_BONUS: "self f2",
        Incidental.ROBBING_KONG: "",
        Incidental.BLESSING_OF_HEAVEN: "self",
        Incidental.BLESSING_OF_EARTH: "seat:north",
        Incidental.KONG_ON_KONG: "self win-on-kong",
    }[item]
    base = {
        Incidental.WIN_ON_KONG: "[c9999] c123 b456 k789 k5 +k5",
        Incidental.KONG_ON_KONG: "[c9999] [b9999] c123 k789 k5 +k5",
        Incidental.ROBBING_KONG: "c123 c456 b234 b55 k34 +k5",
    }.get(item, BASE)
    for spelling in (item.value, item.value.replace("_", "-")):
        h = parse(f"{base} {context} {spelling}")
        assert item in h.incidentals


def test_bonus_tiles() -> None:
    h = parse(f"{BASE} f1 s3 f24")
    assert h.bonus == (T["f1"], T["f2"], T["f4"], T["s3"])


def test_melds() -> None:
    h = parse("[c321] [dr dr dr] [b9999] {k1 k1 k1 k1} we +we")
    assert h.melds == (
        Meld(MeldKind.CHOW, T["c1"]),
        Meld(MeldKind.PUNG, T["dr"]),
        Meld(MeldKind.KONG, T["b9"]),
        Meld(MeldKind.KONG, T["k1"], exposed=False),
    )
    assert h.concealed == (T["we"], T["we"])


def test_brackets_need_no_spaces() -> None:
    a = parse("[c123][b456] { k1111 } b78 we we +b9")
    b = parse("[c123] [b456] {k1111} b78 we we +b9")
    assert a == b
    assert len(a.melds) == 3


def test_tokens_may_be_in_any_order() -> None:
    a = parse("self +k5 f1 k5 b567 seat:west [c123] c456 b234")
    b = parse("[c123] c456 b234 b567 k5 +k5 self f1 seat:west")
    assert a == b


# ---------------------------------------------------------------------------
# the canonical format


def test_format_tiles_runs_per_suit_then_honors() -> None:
    got = format_tiles([T["dr"], T["c3"], T["b5"], T["c1"], T["we"], T["k9"], T["b5"]])
    assert got == "c13 b55 k9 we dr"


def test_canonical_format() -> None:
    text = "dr c321 b5 dr [we we we] dr b5 c45 +c6 s3 f1 self wind:west seat:south final-draw"
    h = parse(text)
    canon = "c12345 b55 dr dr dr [we we we] +c6 self f1 s3 seat:south wind:west final-draw"
    assert format_hand(h) == canon
    assert parse(canon) == h
    assert format_hand(parse(canon)) == canon


def test_canonical_format_of_kongs_chows_and_ruleset() -> None:
    h = parse("{k8888} [c123] [dw dw dw dw] b999 b1 +b1 self win-on-kong ruleset:zung-jung")
    canon = "b1999 {k8888} [c123] [dw dw dw dw] +b1 self win-on-kong ruleset:zung-jung"
    assert format_hand(h) == canon
    assert parse(canon) == h


def test_canonical_format_omits_defaults() -> None:
    h = parse(BASE + " discard seat:east wind:east ruleset:mj-score-eval")
    assert format_hand(h) == "c123456 b234567 k5 +k5"


def test_format_of_an_only_winning_tile() -> None:
    # Four kongs leave just the winning tile's pair: one concealed tile listed.
    h = parse("[c1111] [c2222] [c3333] {c4444} c5 +c5")
    assert format_hand(h) == "c5 [c1111] [c2222] [c3333] {c4444} +c5"
    assert parse(format_hand(h)) == h


def test_format_hand_of_a_hand_built_by_hand() -> None:
    h = Hand(concealed=tuple(sorted([T["dr"]] * 2 + [T["c1"], T["c2"], T["c3"]] * 4)),
             winning_tile=T["dr"], incidentals=frozenset({Incidental.FINAL_DISCARD}))
    assert format_hand(h) == "c111122223333 dr +dr final-discard"
