"""The notation reads tiles as the app draws them (issue 22: `5c` on screen is `c5`).

A learner copies what is on screen: the text style's labels (`5c`, `E`, `Rd`, `F1`),
the Chinese faces (`5萬`, `東`, `花1`) and Unicode's mahjong glyphs (`🀋`). Every face
of every style reads back as its tile, a hand written in any mix of forms is the hand
its canonical notation gives, and a tile written wrongly is told how to write it.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mj_trainer.engine import tiles
from mj_trainer.engine.hand import Hand, HandError, validate
from mj_trainer.engine.notation import NotationError, Parts, format_hand, format_parts, parse, read
from mj_trainer.engine.tile_faces import TileStyle, faces, glyph, label
from tests.engine.test_properties import winning_hands

SETTINGS = settings(max_examples=250, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])
T = tiles.CODE_TO_TILE
FORMS = "tiles are written like c5 or 5c, we or E, dr or Rd, f1"


def _tiles_of(text: str) -> list[int]:
    parts = read(text)
    return [*parts.concealed, *parts.bonus]


@pytest.mark.parametrize("style", list(TileStyle))
def test_every_face_of_every_style_reads_as_its_tile(style: TileStyle) -> None:
    table = faces(style)
    assert len(table) == tiles.NUM_TILES  # no two tiles share a face
    for face, tile in table.items():
        assert face == glyph(tile, style).strip()
        assert _tiles_of(face) == [tile], (style, face)


def test_text_labels_in_any_case() -> None:
    # The parser reads every token case-blind, so the labels do too.
    for tile in range(tiles.NUM_TILES):
        face = label(tile).strip()
        assert _tiles_of(face.lower()) == [tile]
        assert _tiles_of(face.upper()) == [tile]


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        # The issue's own example: 5c on screen is c5.
        ("5c 6c 7c b234 b567 k55 k99 +k9", "c567 b234567 k5599 +k9"),
        ("123c 456b 789k E E E Rd +Rd", "c123 b456 k789 we we we dr +dr"),
        ("S S N N W W Gd Gd Wd Wd 1c 1c 9k +9k", "c11 k9 ws ws ww ww wn wn dg dg dw dw +k9"),
        # Melds, the winning tile and bonus tiles written as labels; seasons are S1-S4,
        # the south wind S alone.
        ("c123 [E E E] {5b 5b 5b 5b} k789 S +S F1 S2 self",
         "c123 k789 ws [we we we] {b5555} +ws self f1 s2"),
        ("[555c] [Rd Rd Rd] c123 b99 N N +N", "c123 b99 wn wn [c555] [dr dr dr] +wn"),
        # Chinese faces, alone or several to a token, and rank runs before the suit.
        ("1萬2萬3萬 456筒 789條 東東東 中 +中 花1 季4",
         "c456 b789 k123 we we we dr +dr f1 s4"),
        # Unicode glyphs; the red dragon may carry the emoji selector.
        ("🀇🀈🀉 🀐🀑🀒 🀙🀚🀛 🀀🀀🀀 🀄\ufe0f +🀄", "c123 b123 k123 we we we dr +dr"),
    ],
)
def test_hands_written_as_shown(text: str, canonical: str) -> None:
    assert format_hand(parse(text)) == canonical


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("c123 5 +c1",
         "col 7: '5': the suit comes after the rank: 5c coins, 5b bamboo, 5k characters "
         "(or c5, b5, k5)"),
        ("c123 5x +c1",
         "col 7: '5x': the suit comes after the rank: 5c coins, 5b bamboo, 5k characters "
         "(or c5, b5, k5)"),
        # Another game's suit letter (5s for bamboo) is told ours.
        ("c123 45s +c1",
         "col 8: '45s': the suit comes after the rank: 45c coins, 45b bamboo, "
         "45k characters (or c45, b45, k45)"),
        ("c123 5c6 +c1", "col 8: '5c6': the suit letter goes after the ranks (56c) or "
         "before them (c56)"),
        ("c123 50c +c1", "col 7: '0' is not a tile rank"),
        ("c123 R +c1", f"col 6: 'R' is not a tile, meld or keyword; {FORMS}"),
        ("c123 +R", f"col 7: 'R' is not a tile; {FORMS}"),
        ("c123 5中 +c1", "col 7: '5中': the suit comes after the rank: 5筒 coins, 5條 bamboo, "
         "5萬 characters (or c5, b5, k5)"),
        ("c123 東x +c1", f"col 7: 'x' is not a tile; {FORMS}"),
        ("c123 [E E S] +c1", "col 6: [we we ws] is not a chow, pung or kong"),
    ],
)
def test_a_tile_written_wrongly_is_told_how_to_write_it(text: str, expected: str) -> None:
    with pytest.raises(NotationError) as info:
        parse(text)
    assert [str(p) for p in info.value.problems] == [expected]


def test_the_canonical_form_is_what_the_notation_writes() -> None:
    # Display forms are read, never written: a hand typed as shown comes back as codes.
    hand = parse("5c 6c 7c 123b 456k E E E Rd +Rd")
    assert "5c" not in format_hand(hand) and "c567" in format_hand(hand)


# ---------------------------------------------------------------------------
# properties


@st.composite
def _face(draw: st.DrawFn, tile: int) -> str:
    """One tile in a form a learner might type: its code, or its face in any style
    (the text style's labels in any case)."""
    form = draw(st.sampled_from(["code", *TileStyle]))
    if form == "code":
        return tiles.code(tile)
    face = glyph(tile, form).strip()
    if form is TileStyle.TEXT:
        face = draw(st.sampled_from([face, face.lower(), face.upper()]))
    return face


@st.composite
def _shown(draw: st.DrawFn, hand: Hand) -> str:
    """`hand` written with its tiles as shown, its tokens in any order (the melds keep
    theirs: the notation keeps the order it reads them in); the loose tiles of one suit
    sometimes as one run with the suit last (`123c`)."""
    rest = list(hand.concealed)
    rest.remove(hand.winning_tile)
    tokens: list[str] = []
    if draw(st.booleans()):
        for suit in "cbk":
            ranks = "".join(tiles.code(t)[1] for t in sorted(rest) if tiles.code(t)[0] == suit
                            and t < 27)
            if ranks:
                tokens.append(ranks + draw(st.sampled_from([suit, suit.upper()])))
        rest = [t for t in rest if t >= 27]
    tokens.extend(draw(_face(t)) for t in rest)
    tokens.append("+" + draw(_face(hand.winning_tile)))
    tokens.extend(draw(_face(t)) for t in hand.bonus)
    tail = format_parts(Parts([], [], [], None, hand.self_drawn, hand.seat_wind,
                              hand.prevailing_wind, hand.incidentals, hand.ruleset))
    tokens.extend(tail.split())
    tokens = draw(st.permutations(tokens))
    places = sorted(draw(st.lists(st.integers(0, len(tokens)), min_size=len(hand.melds),
                                  max_size=len(hand.melds))))
    for meld, at in reversed(list(zip(hand.melds, places, strict=True))):
        inner = " ".join(draw(_face(t)) for t in meld.tiles)
        tokens.insert(at, f"[{inner}]" if meld.exposed else f"{{{inner}}}")
    return " ".join(tokens)


@st.composite
def _hand_and_text(draw: st.DrawFn) -> tuple[Hand, str]:
    hand = draw(winning_hands)
    return hand, draw(_shown(hand))


@SETTINGS
@given(_hand_and_text())
def test_a_hand_written_as_shown_is_the_same_hand(case: tuple[Hand, str]) -> None:
    hand, text = case
    assert parse(text) == hand, text


@SETTINGS
@given(_hand_and_text(), st.data())
def test_a_mutated_shown_hand_parses_or_says_why(case: tuple[Hand, str],
                                                 data: st.DataObject) -> None:
    """A damaged display-form line gives a valid hand or the notation's own error."""
    text = case[1]
    for _ in range(data.draw(st.integers(1, 3))):
        pos = data.draw(st.integers(0, len(text)))
        ch = data.draw(st.sampled_from(list("cbkESWNRdGdW59+[]{} 萬東中🀄\ufe0f花x0")))
        text = data.draw(st.sampled_from([text[:pos] + ch + text[pos:],
                                          text[:pos] + text[pos + 1:],
                                          text[:pos] + ch + text[pos + 1:]]))
    try:
        hand = parse(text)
    except HandError as err:  # NotationError is a HandError
        assert str(err)
        return
    assert validate(hand) == []
