"""The calculator's hand model: edits, the problems it reports, and scoring."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from mj_trainer.engine import tiles
from mj_trainer.engine.hand import Incidental, MeldKind
from mj_trainer.engine.notation import format_hand, parse
from mj_trainer.tui.calculator_draft import Draft, Item, Scored, score_draft

T = tiles.CODE_TO_TILE


def _draft(text: str) -> Draft:
    return Draft.from_text(text)


def test_an_empty_draft_asks_for_tiles_and_a_winning_tile() -> None:
    d = Draft()
    assert d.problems() == ["0 of 14 tiles: add 14 more",
                            "no winning tile yet: press w on a tile, or type +c6"]
    assert d.hand() is None and d.text == ""


def test_adding_tiles_one_by_one_gives_the_hand() -> None:
    d = Draft()
    for code in ["c1", "c2", "c3", "c4", "c5", "c6", "b2", "b3", "b4", "b5", "b6", "b7", "k5"]:
        d = d.add_tile(T[code])
    assert d.problems() == ["13 of 14 tiles: add 1 more",
                            "no winning tile yet: press w on a tile, or type +c6"]
    d = d.add_winning(T["k5"]).toggle_self_drawn()
    assert d.problems() == []
    assert d.text == "c123456 b234567 k5 +k5 self"
    assert d.hand() == parse("c123 c456 b234 b567 k5 +k5 self")


def test_five_copies_and_too_many_tiles_are_reported() -> None:
    d = _draft("c11111")
    assert d.problems()[0] == "five copies of c1: there are four of each tile"
    assert d.copies_left(T["c1"]) == -1
    d = _draft("c123 c456 b234 b567 k5 k9 +k5")
    assert "15 tiles, 1 too many: a hand has 14" in d.problems()


def test_kongs_raise_the_tile_count() -> None:
    d = _draft("c123 c456 b234 k5 [b8888] +k5")
    assert d.target_count() == 15 and d.problems() == []
    d = _draft("c123 c456 b234 k5 {b8888}")
    assert d.problems()[0] == "14 of 15 tiles (14 plus one per kong, 1 here): add 1 more"


def test_context_problems_come_from_the_engine() -> None:
    d = _draft("c123 c456 b234 b567 k5 +k5 final-draw")
    assert d.problems() == ["incidentals: final_draw needs a self-drawn win"]
    assert d.toggle_self_drawn().problems() == []


def test_expose_makes_a_pung_or_a_chow_and_puts_it_back() -> None:
    d = _draft("c111 c456 b234 b567 k5 +k5")
    pung = d.expose(Item("tile", T["c1"]))
    assert isinstance(pung, Draft)
    assert pung.text == "c456 b234567 k5 [c111] +k5"
    chow = pung.expose(Item("tile", T["c5"]))
    assert isinstance(chow, Draft) and chow.parts.melds[-1].kind is MeldKind.CHOW
    assert chow.parts.melds[-1].tile == T["c4"]
    back = chow.expose(Item("meld", T["c4"], 1))
    assert isinstance(back, Draft) and sorted(back.parts.concealed) == sorted(
        pung.parts.concealed)
    assert isinstance(d.expose(Item("winning", T["k5"])), str)
    assert isinstance(_draft("dr c1 +c1").expose(Item("tile", T["dr"])), str)


def test_kongs_from_four_loose_tiles_and_turned_concealed() -> None:
    d = _draft("b8888 c123 c456 b234 k5 +k5")
    kong = d.make_kong(Item("tile", T["b8"]), exposed=True)
    assert isinstance(kong, Draft) and kong.text == "c123456 b234 k5 [b8888] +k5"
    hidden = kong.expose(Item("meld", T["b8"], 0))
    assert isinstance(hidden, Draft) and hidden.text == "c123456 b234 k5 {b8888} +k5"
    assert isinstance(d.make_kong(Item("tile", T["c1"]), exposed=False), str)


def test_meld_edits_refuse_impossible_sets() -> None:
    assert isinstance(Draft().add_meld(MeldKind.CHOW, T["c8"]), str)
    assert isinstance(Draft().add_meld(MeldKind.PUNG, T["f1"]), str)
    ok = Draft().add_meld(MeldKind.KONG, T["dr"], exposed=False)
    assert isinstance(ok, Draft) and ok.text == "{dr dr dr dr}"


def test_winds_bonus_incidentals_ruleset_and_removal() -> None:
    d = _draft("c123 c456 b234 b567 k5 +k5")
    d = d.next_seat().next_seat().next_prevailing().add_tile(T["f2"]).toggle_incidental(
        Incidental.FINAL_DISCARD).with_ruleset("zung-jung")
    assert d.text == ("c123456 b234567 k5 +k5 f2 seat:west wind:south final-discard "
                      "ruleset:zung-jung")
    assert d.add_tile(T["f2"]).parts.bonus == []  # a bonus tile toggles
    gone = d.remove(Item("winning", T["k5"]))
    assert gone.parts.winning is None and gone.parts.concealed.count(T["k5"]) == 1
    assert d.set_winning(T["c4"]).parts.winning == T["c4"]
    assert d.set_winning(T["dr"]) is d  # not in the hand: nothing changes


def test_items_list_loose_tiles_then_the_winning_tile_then_melds() -> None:
    d = _draft("c3 c1 c2 [dr dr dr] +c2")
    assert [(i.kind, tiles.code(i.tile)) for i in d.items()] == [
        ("tile", "c1"), ("tile", "c2"), ("tile", "c3"), ("winning", "c2"), ("meld", "dr")]


def test_score_of_the_issue_hand_and_every_ruleset() -> None:
    # 1.2 All Chows 5 + 1.3 Concealed Hand 5 + 1.4 Self Drawn 5 = 15 (seed 000).
    d = _draft("c123 c456 b234 b567 k5 +k5 self")
    hand = d.hand()
    assert hand is not None
    got = score_draft(hand)
    assert isinstance(got, Scored)
    assert got.result.total == 15
    assert {h.pattern.id for h in got.result.counted} == {"1.2", "1.3", "1.4"}
    assert {r.ruleset.id for r in got.compared} >= {"mj-score-eval", "zung-jung",
                                                     "classical"}
    assert isinstance(score_draft(d.with_ruleset("no-such-rules").hand_unchecked()), str)


@settings(max_examples=150, deadline=None)
@given(st.lists(st.sampled_from([*range(34), *range(34, 42)]), max_size=20),
       st.lists(st.sampled_from(list(range(0, 27))), max_size=3), st.booleans(),
       st.integers(0, 3), st.integers(0, 3), st.none() | st.sampled_from(list(range(34))))
def test_any_draft_reads_back_from_its_notation(
        added: list[int], chows: list[int], self_drawn: bool, seat: int, wind: int,
        winning: int | None) -> None:
    d = Draft()
    for t in added:
        d = d.add_tile(t)
    for t in chows:
        got = d.add_meld(MeldKind.CHOW, t)
        d = got if isinstance(got, Draft) else d
    if winning is not None:
        d = d.add_winning(winning)
    if self_drawn:
        d = d.toggle_self_drawn()
    for _ in range(seat):
        d = d.next_seat()
    for _ in range(wind):
        d = d.next_prevailing()
    again = Draft.from_text(d.text)
    assert again.text == d.text
    assert sorted(again.parts.concealed) == sorted(d.parts.concealed)
    assert again.parts.winning == d.parts.winning
    problems = d.problems()  # never raises, whatever the tiles
    hand = d.hand()
    assert (hand is None) == bool(problems)
    if hand is not None:
        assert parse(format_hand(hand)) == hand


def test_the_calculators_ruleset_applies_unless_the_line_names_one() -> None:
    assert Draft.from_text("c123 +c1", "zung-jung").parts.ruleset == "zung-jung"
    assert Draft.from_text("c123 +c1 RULES:classical", "zung-jung").parts.ruleset == (
        "classical")
    assert Draft.from_text("c123 +c1 # ruleset:classical", "zung-jung").parts.ruleset == (
        "zung-jung")
