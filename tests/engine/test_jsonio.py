"""Contract JSON (docs/contract.md): hand objects in, result objects out."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from mj_trainer.engine import tiles
from mj_trainer.engine.hand import DEFAULT_RULESET, Incidental, Meld, MeldKind
from mj_trainer.engine.jsonio import HandJSONError, hand_from_json, hand_to_json, score_to_json
from mj_trainer.engine.notation import parse
from mj_trainer.engine.scoring import score

T = tiles.CODE_TO_TILE

# c123 c456 b234 b567 k55 won on k5, every tile concealed.
CONCEALED = ["c1", "c2", "c3", "c4", "c5", "c6", "b2", "b3", "b4", "b5", "b6", "b7", "k5", "k5"]


def _obj(**changes: Any) -> dict[str, Any]:
    obj: dict[str, Any] = {"concealed": list(CONCEALED), "winning_tile": "k5"}
    obj.update(changes)
    return obj


def _problems(obj: object) -> list[tuple[str, str]]:
    with pytest.raises(HandJSONError) as info:
        hand_from_json(obj)
    return [(p.field, p.message) for p in info.value.problems]


# ---------------------------------------------------------------------------
# reading hand objects


def test_defaults() -> None:
    h = hand_from_json(_obj())
    assert h.melds == ()
    assert h.self_drawn is False
    assert h.bonus == ()
    assert h.seat_wind == tiles.EAST and h.prevailing_wind == tiles.EAST
    assert h.incidentals == frozenset()
    assert h.ruleset == DEFAULT_RULESET == "mj-score-eval"
    assert h == parse("c123456 b234567 k5 +k5")


def test_every_field_given() -> None:
    obj = {
        "concealed": ["c1", "c2", "c3", "b5", "b5", "b5", "k7", "k8", "k9", "dr", "dr"],
        "melds": [{"type": "pung", "tile": "we", "exposed": True}],
        "winning_tile": "k9",
        "self_drawn": True,
        "bonus": ["s3", "f1"],
        "seat_wind": "south",
        "prevailing_wind": "west",
        "incidentals": ["final_draw"],
        "ruleset": "mj-score-eval",
    }
    h = hand_from_json(obj)
    assert h == parse("c123 b555 k78 dr dr [we we we] +k9 self f1 s3 seat:south wind:west "
                      "final-draw")


def test_contract_example_shape_is_read_field_by_field() -> None:
    # The contract's illustration lists 11 concealed tiles beside two melds; every field
    # is understood, and the only complaint is the tile count (8 expected, R6).
    obj = {
        "concealed": ["c1", "c2", "c3", "b5", "b5", "b5", "k7", "k8", "k9", "dr", "dr"],
        "melds": [{"type": "pung", "tile": "we", "exposed": True},
                  {"type": "kong", "tile": "c9", "exposed": False}],
        "winning_tile": "k9",
        "self_drawn": False,
        "bonus": ["f1", "s3"],
        "seat_wind": "east",
        "prevailing_wind": "east",
        "incidentals": ["final_discard"],
        "ruleset": "mj-score-eval",
    }
    (problem,) = _problems(obj)
    assert problem[0] == "concealed"
    assert "11 tiles beside 2 meld(s); expected 8" in problem[1]


def test_melds_exposed_defaults_to_true() -> None:
    obj = _obj(concealed=CONCEALED[3:], melds=[{"type": "chow", "tile": "c1"}])
    h = hand_from_json(obj)
    assert h.melds == (Meld(MeldKind.CHOW, T["c1"], exposed=True),)


def test_promoted_kong_is_an_exposed_kong() -> None:
    # The contract has no separate promoted kind: an exposed kong is written the same.
    obj = _obj(concealed=["c1", "c2", "c3", "b4", "b5", "b6", "k7", "k8", "k9", "k5", "k5"],
               melds=[{"type": "kong", "tile": "c9", "exposed": True}])
    h = hand_from_json(obj)
    assert h == parse("[c9999] c123 b456 k789 k5 +k5")
    concealed_kong = hand_from_json({**obj, "melds": [{"type": "kong", "tile": "c9",
                                                        "exposed": False}]})
    assert concealed_kong == parse("{c9999} c123 b456 k789 k5 +k5")


def test_unknown_fields_are_ignored() -> None:
    obj = _obj(comment="from a club game", id=17, melds=[], extra={"x": [1, 2]})
    assert hand_from_json(obj) == hand_from_json(_obj())
    with_meld = _obj(concealed=CONCEALED[3:],
                     melds=[{"type": "chow", "tile": "c1", "exposed": True, "note": "x"}])
    assert hand_from_json(with_meld).melds == (Meld(MeldKind.CHOW, T["c1"]),)


def test_tile_codes_are_case_insensitive() -> None:
    obj = _obj(concealed=[c.upper() for c in CONCEALED], winning_tile="K5")
    assert hand_from_json(obj) == hand_from_json(_obj())


def test_kong_on_kong_is_a_known_incidental() -> None:
    # Listed by the contract for the classical ruleset; it needs two kongs (R6).
    problems = _problems(_obj(self_drawn=True, incidentals=["kong_on_kong"]))
    assert problems and all(f == "incidentals" for f, _ in problems)


@pytest.mark.parametrize(
    ("changes", "field", "message"),
    [
        ({"concealed": "c123"}, "concealed",
         "expected a list of tile codes, got the string 'c123'"),
        ({"concealed": None}, "concealed", "expected a list of tile codes, got null"),
        ({"melds": {"type": "pung"}}, "melds", "expected a list, got an object"),
        ({"melds": ["pung"]}, "melds[0]", "expected an object, got the string 'pung'"),
        ({"melds": [{"type": "set", "tile": "c1"}]}, "melds[0].type",
         "expected chow, pung or kong, got the string 'set'"),
        ({"melds": [{"tile": "c1"}]}, "melds[0].type", "expected chow, pung or kong, got null"),
        ({"melds": [{"type": "pung", "tile": "x9"}]}, "melds[0].tile",
         "unknown tile code 'x9'"),
        ({"melds": [{"type": "pung"}]}, "melds[0].tile",
         "expected a tile code string, got null"),
        ({"melds": [{"type": "pung", "tile": "c1", "exposed": "yes"}]}, "melds[0].exposed",
         "expected true or false, got the string 'yes'"),
        ({"winning_tile": "z1"}, "winning_tile", "unknown tile code 'z1'"),
        ({"winning_tile": 5}, "winning_tile", "expected a tile code string, got a number"),
        ({"self_drawn": "true"}, "self_drawn", "expected true or false, got the string 'true'"),
        ({"self_drawn": 1}, "self_drawn", "expected true or false, got a number"),
        ({"bonus": "f1"}, "bonus", "expected a list of tile codes, got the string 'f1'"),
        ({"bonus": ["f9"]}, "bonus[0]", "unknown tile code 'f9'"),
        ({"seat_wind": "up"}, "seat_wind",
         "expected east, south, west or north, got the string 'up'"),
        ({"prevailing_wind": 2}, "prevailing_wind",
         "expected east, south, west or north, got a number"),
        ({"prevailing_wind": None}, "prevailing_wind",
         "expected east, south, west or north, got null"),
        ({"incidentals": "final_draw"}, "incidentals",
         "expected a list, got the string 'final_draw'"),
        ({"ruleset": 3}, "ruleset", "expected a ruleset name, got a number"),
        ({"ruleset": ""}, "ruleset", "expected a ruleset name, got the string ''"),
    ],
)
def test_field_errors(changes: dict[str, Any], field: str, message: str) -> None:
    assert _problems(_obj(**changes)) == [(field, message)]


def test_tile_list_item_errors_name_the_index() -> None:
    concealed: list[object] = list(CONCEALED)
    concealed[3] = 4
    concealed[5] = "q6"
    assert _problems(_obj(concealed=concealed)) == [
        ("concealed[3]", "expected a tile code string, got a number"),
        ("concealed[5]", "unknown tile code 'q6'"),
    ]


def test_missing_required_fields() -> None:
    assert _problems({}) == [
        ("concealed", "missing (a list of tile codes)"),
        ("winning_tile", "missing"),
    ]


def test_not_an_object() -> None:
    assert _problems([]) == [("", "a hand must be a JSON object, got a list")]
    assert _problems("c123") == [("", "a hand must be a JSON object, got the string 'c123'")]
    with pytest.raises(HandJSONError) as info:
        hand_from_json(7)
    assert str(info.value) == "a hand must be a JSON object, got a number"


def test_unknown_and_repeated_incidentals() -> None:
    problems = _problems(_obj(self_drawn=True,
                              incidentals=["final_draw", "lucky", "final_draw", 3]))
    fields = [f for f, _ in problems]
    assert fields == ["incidentals[1]", "incidentals[2]", "incidentals[3]"]
    assert problems[0][1].startswith("unknown incidental 'lucky' (known: final_draw,")
    assert problems[1][1] == "final_draw is listed twice"
    assert "a number" in problems[2][1]


def test_every_problem_is_reported_together() -> None:
    problems = _problems({"concealed": ["c1", "x"], "winning_tile": 1, "self_drawn": "no",
                          "seat_wind": "middle"})
    assert [f for f, _ in problems] == ["concealed[1]", "winning_tile", "self_drawn",
                                        "seat_wind"]


def test_hand_problems_keep_their_field() -> None:
    # Well-formed JSON, impossible hand (R6).
    concealed = ["c1"] * 5 + CONCEALED[5:]
    assert ("concealed", "five copies of c1") in _problems(_obj(concealed=concealed))
    assert _problems(_obj(winning_tile="c9")) == [
        ("winning_tile", "c9 is not among the concealed tiles")
    ]
    assert _problems(_obj(concealed=[*CONCEALED[:-1], "f1"])) == [
        ("concealed", "f1 is a bonus tile; list it under bonus")
    ]
    assert _problems(_obj(bonus=["c1"])) == [("bonus", "c1 is not a flower or season")]
    assert _problems(_obj(bonus=["f1", "f1"])) == [
        ("bonus", "f1 appears 2 times; there is one of each")
    ]


# ---------------------------------------------------------------------------
# writing hand objects


def test_hand_to_json_has_exactly_the_contract_fields() -> None:
    h = parse("{k8888} [we we we] c123 b55 k11 +b5 self f1 seat:north wind:south "
              "win-on-kong")
    obj = hand_to_json(h)
    assert obj == {
        "concealed": ["c1", "c2", "c3", "b5", "b5", "b5", "k1", "k1"],
        "melds": [{"type": "kong", "tile": "k8", "exposed": False},
                  {"type": "pung", "tile": "we", "exposed": True}],
        "winning_tile": "b5",
        "self_drawn": True,
        "bonus": ["f1"],
        "seat_wind": "north",
        "prevailing_wind": "south",
        "incidentals": ["win_on_kong"],
        "ruleset": "mj-score-eval",
    }
    assert hand_from_json(json.loads(json.dumps(obj))) == h


# ---------------------------------------------------------------------------
# result objects

CONTRACT_KEYS = {"winning", "total", "ruleset", "limit", "capped", "patterns", "arrangement"}
PATTERN_KEYS = {"id", "name", "family", "count", "points"}


def _result(text: str) -> dict[str, Any]:
    out = score_to_json(score(parse(text)))
    # It must survive a trip through real JSON text.
    again: dict[str, Any] = json.loads(json.dumps(out, ensure_ascii=False))
    assert again == out
    return out


def test_result_shape() -> None:
    # Three exposed wind pungs, b234, dr eyes:
    # 8.1.3 120 + 6.1.1 40 + 3 x 8.1.1 5 = 175, listed biggest first.
    out = _result("[we we we] [ws ws ws] [wn wn wn] b234 dr +dr")
    assert set(out) >= CONTRACT_KEYS
    assert out["winning"] is True
    assert out["total"] == 175
    assert out["ruleset"] == "mj-score-eval"
    assert out["limit"] is None
    assert out["capped"] is False
    assert out["patterns"] == [
        {"id": "8.1.3", "name": "Big Three Winds", "family": "8.1", "count": 1, "points": 120},
        {"id": "6.1.1", "name": "Mixed One-Suit", "family": "6.1", "count": 1, "points": 40},
        {"id": "8.1.1", "name": "Wind Pung", "family": "8.1", "count": 3, "points": 15},
    ]
    arrangement = out["arrangement"]
    assert arrangement[-1] == ["dr", "dr"]  # the eyes last
    assert sorted(arrangement) == sorted(
        [["we"] * 3, ["ws"] * 3, ["wn"] * 3, ["b2", "b3", "b4"], ["dr", "dr"]]
    )


def test_patterns_sum_to_the_total_before_the_cap() -> None:
    # Capped: 465 of counted patterns cut to 320 (see test_hard_cases).
    out = _result("dr dr dr dg dg dg dw dw dw c111 c9 +c9 self")
    assert out["capped"] is True and out["limit"] is None
    assert out["total"] == 320
    assert sum(p["points"] for p in out["patterns"]) == 465
    for p in out["patterns"]:
        assert set(p) == PATTERN_KEYS


def test_limit_result() -> None:
    # Big Four Winds 400 stands alone (R12).
    out = _result("we we we ws ws ws ww ww ww wn wn wn dr +dr")
    assert out["limit"] == "8.1.5"
    assert out["total"] == 400
    assert out["capped"] is False
    assert out["patterns"] == [
        {"id": "8.1.5", "name": "Big Four Winds", "family": "8.1", "count": 1, "points": 400}
    ]


def test_illegal_call_result() -> None:
    # R7/R14: winning false, the penalty alone, no arrangement.
    out = _result("c123 c456 b234 b567 k5 +k6")
    assert out["winning"] is False
    assert out["total"] == -40
    assert out["arrangement"] is None
    assert out["limit"] is None and out["capped"] is False
    assert out["patterns"] == [
        {"id": "1.7", "name": "Illegal Call", "family": "1.7", "count": 1, "points": -40}
    ]


def test_trace_extras() -> None:
    # Extra fields are allowed; the trace names the reason and the pattern responsible.
    out = _result("we we we ws ws ws ww ww ww wn wn wn dr +dr")
    skipped = {p["id"]: p for p in out["not_counted"]}
    assert skipped["8.3.1"]["reason"] == "limit" and skipped["8.3.1"]["by"] == "8.1.5"
    assert skipped["8.1.3"]["reason"] == "outranked" and skipped["8.1.3"]["by"] == "8.1.5"
    assert all(p["explanation"] for p in out["not_counted"])
    assert out["hand"] == "we we we ws ws ws ww ww ww wn wn wn dr +dr"


def test_other_ruleset_name_in_result(tmp_path: Path) -> None:
    # A house-rules file on top of the default: the result names its id.
    house = tmp_path / "house.toml"
    house.write_text('[ruleset]\nid = "house"\nextends = "mj-score-eval"\n', encoding="utf-8")
    h = hand_from_json(_obj(ruleset=str(house)))
    out = score_to_json(score(h))
    assert out["ruleset"] == "house"
    assert out["total"] == 10  # same values as the default: 1.2 5 + 1.3 5


def test_incidental_enum_round_trip() -> None:
    # Every incidental the contract lists is accepted by name.
    names = {i.value for i in Incidental}
    assert names == {"final_draw", "final_discard", "win_on_kong", "win_on_bonus",
                     "robbing_kong", "blessing_of_heaven", "blessing_of_earth", "kong_on_kong"}
