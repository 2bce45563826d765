"""R6/R27: input that is not a hand is rejected with a HandError naming the field.

Hands are built three ways: directly as `Hand` objects (to reach states notation cannot
express), from notation and from contract JSON.  Each problem must carry the field it
concerns and a message that says what is wrong.
"""

from __future__ import annotations

from typing import Any

import pytest

from mj_trainer.engine import tiles
from mj_trainer.engine.hand import Hand, HandError, Incidental, Meld, MeldKind, checked, validate
from mj_trainer.engine.jsonio import HandJSONError, hand_from_json
from mj_trainer.engine.notation import parse
from mj_trainer.engine.scoring import score

T = tiles.CODE_TO_TILE


def _tiles(text: str) -> tuple[int, ...]:
    out: list[int] = []
    for token in text.split():
        if token[0] in "cbkfs" and token not in ("dr", "dg", "dw"):
            out.extend(T[token[0] + d] for d in token[1:])
        else:
            out.append(T[token])
    return tuple(sorted(out))


# A valid base: c123 c456 b234 b567 k55, won on k5.
BASE = "c123 c456 b234 b567 k5 +k5"


def _problems(text: str) -> list[tuple[str, str]]:
    with pytest.raises(HandError) as info:
        parse(text)
    return [(p.field, p.message) for p in info.value.problems]


def _one(text: str, field: str, *words: str) -> None:
    """Parsing `text` fails with exactly one problem on `field` mentioning `words`."""
    problems = _problems(text)
    assert len(problems) == 1, problems
    got_field, message = problems[0]
    assert got_field == field, problems
    for w in words:
        assert w in message, (w, message)


def test_valid_base_is_fine() -> None:
    assert validate(parse(BASE)) == []


# ---------------------------------------------------------------------------
# tile counts


def test_too_few_tiles() -> None:
    # 13 tiles with no melds: expected 14.
    _one("c123 c456 b234 b567 +k5", "concealed", "13 tiles", "expected 14")


def test_too_many_tiles() -> None:
    _one("c123 c456 b234 b567 k55 +k5", "concealed", "15 tiles", "expected 14")


def test_wrong_count_beside_melds() -> None:
    # One exposed chow: 11 concealed expected, 14 given.
    _one("[c123] c456 b234 b567 k5 c9 c9 +k5", "concealed", "14 tiles", "1 meld",
         "expected 11")


def test_kong_adds_a_tile_not_three() -> None:
    # A kong is one meld: 11 concealed tiles, not 10.
    _one("[c1111] c456 b234 b567 +k5", "concealed", "10 tiles", "expected 11")


def test_five_melds() -> None:
    h = Hand(
        concealed=(T["k5"],),
        winning_tile=T["k5"],
        melds=tuple(Meld(MeldKind.PUNG, T[c]) for c in ("c1", "c2", "c3", "c4", "c5")),
    )
    problems = validate(h)
    assert any(p.field == "melds" and "5 melds" in p.message for p in problems), problems


def test_five_copies_in_concealed() -> None:
    _one("c11111 c56 b234 b567 +k5", "concealed", "five copies of c1")


def test_five_copies_across_a_meld() -> None:
    # A c1 kong plus a c123 chow among the concealed tiles: five c1.
    _one("[c1111] c123 b234 b567 k5 +k5", "concealed", "five copies of c1")


def test_five_copies_across_two_melds() -> None:
    # [c111] and [c123] exposed plus one c1 concealed: five c1 in all.
    _one("[c111] [c123] c1 c99 b234 k5 +k5", "concealed", "five copies of c1")


def test_eight_copies_are_named() -> None:
    problems = _problems("[c1111] {c1111} c456 b234 k5 +k5")
    assert ("concealed", "eight copies of c1") in problems


def test_problems_are_all_reported_at_once() -> None:
    # Wrong count (17 tiles) and five copies together.
    problems = _problems("c11111 c456 b234 b567 k55 +k5")
    fields = [f for f, _ in problems]
    assert fields.count("concealed") == 2
    assert any("five copies of c1" in m for _, m in problems)
    assert any("17 tiles" in m for _, m in problems)
    with pytest.raises(HandError) as info:
        parse("c11111 c456 b234 b567 k55 +k5")
    text = str(info.value)
    assert "concealed: five copies of c1" in text and "; " in text


# ---------------------------------------------------------------------------
# the winning tile and bonus tiles


def test_winning_tile_not_in_hand() -> None:
    h = Hand(concealed=_tiles("c123 c456 b234 b567 k55"), winning_tile=T["c9"])
    problems = validate(h)
    assert [(p.field, p.message) for p in problems] == [
        ("winning_tile", "c9 is not among the concealed tiles")
    ]
    with pytest.raises(HandError, match="winning_tile: c9 is not among the concealed"):
        checked(h)
    with pytest.raises(HandError):
        score(h)


def test_bonus_tile_among_concealed() -> None:
    h = Hand(concealed=_tiles("c123 c456 b234 b567 k5 f1"), winning_tile=T["k5"])
    problems = [(p.field, p.message) for p in validate(h)]
    assert problems == [("concealed", "f1 is a bonus tile; list it under bonus")]


def test_bonus_tile_as_winning_tile() -> None:
    h = Hand(concealed=_tiles("c123 c456 b234 b567 k5 f2"), winning_tile=T["f2"])
    fields = {p.field for p in validate(h)}
    assert fields == {"concealed", "winning_tile"}
    assert any("f2 is a bonus tile" in p.message for p in validate(h) if
               p.field == "winning_tile")


def test_playing_tile_listed_as_bonus() -> None:
    h = Hand(concealed=_tiles("c123 c456 b234 b567 k55"), winning_tile=T["k5"],
             bonus=(T["dr"],))
    assert [(p.field, p.message) for p in validate(h)] == [
        ("bonus", "dr is not a flower or season")
    ]


def test_duplicate_bonus_tile() -> None:
    _one(BASE + " f1 f1", "bonus", "f1 appears 2 times")
    _one(BASE + " s33", "bonus", "s3 appears 2 times")


def test_bonus_tile_meld() -> None:
    h = Hand(concealed=_tiles("c456 b234 b567 k55"), winning_tile=T["k5"],
             melds=(Meld(MeldKind.PUNG, T["f1"]),))
    problems = [(p.field, p.message) for p in validate(h)]
    assert problems == [("melds[0]", "a pung cannot be made of bonus tiles")]


# ---------------------------------------------------------------------------
# impossible melds


@pytest.mark.parametrize("start", ["c8", "c9", "b8", "k9", "we", "dr"])
def test_chow_cannot_start_at_8_9_or_an_honor(start: str) -> None:
    h = Hand(concealed=_tiles("c456 b234 b567 k55"), winning_tile=T["k5"],
             melds=(Meld(MeldKind.CHOW, T[start]),))
    (problem,) = validate(h)
    assert problem.field == "melds[0]"
    assert f"a chow starting at {start} is impossible" in problem.message


@pytest.mark.parametrize("kind", [MeldKind.CHOW, MeldKind.PUNG])
def test_only_kongs_can_be_concealed(kind: MeldKind) -> None:
    h = Hand(concealed=_tiles("c456 b234 b567 k55"), winning_tile=T["k5"],
             melds=(Meld(kind, T["c1"], exposed=False),))
    (problem,) = validate(h)
    assert problem.field == "melds[0]"
    assert problem.message == f"only a kong can be declared concealed, not a {kind.value}"


def test_meld_index_is_named() -> None:
    h = Hand(concealed=_tiles("b567 k55"), winning_tile=T["k5"],
             melds=(Meld(MeldKind.CHOW, T["c1"]), Meld(MeldKind.CHOW, T["c4"]),
                    Meld(MeldKind.CHOW, T["b8"])))
    (problem,) = validate(h)
    assert problem.field == "melds[2]"


def _json(**changes: Any) -> dict[str, Any]:
    obj: dict[str, Any] = {
        "concealed": ["c4", "c5", "c6", "b2", "b3", "b4", "b5", "b6", "b7", "k5", "k5"],
        "melds": [{"type": "chow", "tile": "c1", "exposed": True}],
        "winning_tile": "k5",
    }
    obj.update(changes)
    return obj


def test_json_concealed_chow_and_pung() -> None:
    for kind in ("chow", "pung"):
        with pytest.raises(HandJSONError) as info:
            hand_from_json(_json(melds=[{"type": kind, "tile": "c1", "exposed": False}]))
        (problem,) = info.value.problems
        assert problem.field == "melds[0]"
        assert f"not a {kind}" in problem.message


def test_json_chow_starting_at_eight() -> None:
    with pytest.raises(HandJSONError) as info:
        hand_from_json(_json(melds=[{"type": "chow", "tile": "c8"}]))
    assert str(info.value).startswith("melds[0]: a chow starting at c8 is impossible")


# ---------------------------------------------------------------------------
# contradictory context (R6, R26, R27)


@pytest.mark.parametrize(
    ("extra", "words"),
    [
        ("self final-discard", ["final_discard", "not a self-drawn one"]),
        ("self robbing-kong", ["robbing_kong", "not a self-drawn one"]),
        ("self seat:south blessing-of-earth", ["blessing_of_earth", "not a self-drawn"]),
        ("final-draw", ["final_draw needs a self-drawn win"]),
        ("win-on-bonus f1", ["win_on_bonus needs a self-drawn win"]),
        ("self seat:south blessing-of-heaven", ["blessing_of_heaven is only for the East"]),
        ("blessing-of-earth", ["blessing_of_earth is only for a seat other than East"]),
        ("self win-on-kong", ["win_on_kong needs a declared kong"]),
        ("self win-on-bonus", ["win_on_bonus needs a bonus tile"]),
        ("final-discard robbing-kong", ["robbing_kong and final_discard cannot both"]),
        ("self final-draw blessing-of-heaven", ["cannot both happen"]),
    ],
)
def test_contradictory_context(extra: str, words: list[str]) -> None:
    # Robbing a kong needs a winning tile held once (tested below), so those cases
    # use a hand won on a lone k5 in the k345 chow.
    base = "c123 c456 b234 b55 k34 +k5" if "robbing" in extra else BASE
    problems = _problems(f"{base} {extra}")
    assert problems, extra
    assert all(field == "incidentals" for field, _ in problems), problems
    joined = " | ".join(m for _, m in problems)
    for w in words:
        assert w in joined, (w, joined)


def test_robbing_a_kong_of_a_tile_held_twice() -> None:
    # The robbed tile's three brothers were in the kong, so the hand holds one only.
    _one("c123 c456 b234 b567 k5 +k5 robbing-kong", "incidentals", "robbing_kong",
         "only one")


def test_robbing_a_kong_of_a_single_tile_is_fine() -> None:
    assert validate(parse("c123 c456 b234 b55 k34 +k5 robbing-kong")) == []


def test_win_on_kong_with_a_kong_is_fine() -> None:
    assert validate(parse("[c9999] c123 b456 k789 k5 +k5 self win-on-kong")) == []


def test_blessing_with_exposed_melds() -> None:
    problems = _problems("[c123] c456 b234 b567 k5 +k5 self blessing-of-heaven")
    assert any(f == "incidentals" and "exposed melds" in m for f, m in problems)


def test_blessing_of_earth_with_a_kong() -> None:
    problems = _problems("{c9999} c123 b456 k789 k5 +k5 seat:west blessing-of-earth")
    assert any(f == "incidentals" and "kong" in m for f, m in problems)


def test_kong_on_kong_needs_two_kongs() -> None:
    h = Hand(
        concealed=_tiles("c123 b456 k789 k55"),
        winning_tile=T["k5"],
        melds=(Meld(MeldKind.KONG, T["c9"]),),
        self_drawn=True,
        incidentals=frozenset({Incidental.KONG_ON_KONG, Incidental.WIN_ON_KONG}),
    )
    problems = validate(h)
    assert [p.field for p in problems] == ["incidentals"]
    assert "kong_on_kong needs two declared kongs" in problems[0].message


def test_bad_seat_wind_value() -> None:
    h = Hand(concealed=_tiles("c123 c456 b234 b567 k55"), winning_tile=T["k5"],
             seat_wind=T["dr"])
    assert [(p.field, p.message) for p in validate(h)] == [
        ("seat_wind", "must be east, south, west or north")
    ]


def test_score_refuses_invalid_hands() -> None:
    h = Hand(concealed=_tiles("c123 c456 b234 b567 k55"), winning_tile=T["k5"],
             self_drawn=True, incidentals=frozenset({Incidental.FINAL_DISCARD}))
    with pytest.raises(HandError) as info:
        score(h)
    assert info.value.problems[0].field == "incidentals"


def test_json_problems_name_the_field() -> None:
    with pytest.raises(HandJSONError) as info:
        hand_from_json(_json(self_drawn=True, incidentals=["final_discard"]))
    assert str(info.value).startswith("incidentals: final_discard")
