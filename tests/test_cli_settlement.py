"""`mj-trainer score` under the classical ruleset: the winner's payments, and with the
losers' hands (`--loser`, or `"losers"` in a JSON hand object) the settlement between
all four players (R32)."""

from __future__ import annotations

import io
import json
import sys
from typing import Any

import pytest

from mj_trainer.cli.main import main

# South wins 28 points x 2 (dragon pung) = 56.
WINNER = "dr dr dr c234 c567 b99 k45 +k6 seat:south"
# East 48, West ready for thirteen orphans 1000, North ready for twins 125 (see
# tests/engine/test_ruleset_classical_settlement.py for the arithmetic).
LOSERS = ["c111 b23 k77899 [we we we] seat:east",
          "c19 b19 k19 ws ww wn dr dg dw dw seat:west",
          "c55 c66 c77 b44 b88 k22 k3 seat:north"]
LOSER_ARGS = [arg for text in LOSERS for arg in ("--loser", text)]


def _run(capsys: pytest.CaptureFixture[str], argv: list[str]) -> tuple[int, str, str]:
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def _json(capsys: pytest.CaptureFixture[str], argv: list[str]) -> Any:
    code, out, err = _run(capsys, argv)
    assert code == 0, err
    return json.loads(out)


def _tiles(text: str) -> list[str]:
    out: list[str] = []
    for tok in text.split():
        if tok[0] in "cbk":
            out.extend(f"{tok[0]}{d}" for d in tok[1:])
        else:
            out.append(tok)
    return out


# --- the winner's payments alone --------------------------------------------------------

def test_classical_json_result(capsys: pytest.CaptureFixture[str]) -> None:
    result = _json(capsys, ["score", WINNER, "--ruleset", "classical", "--json"])
    assert (result["total"], result["points"], result["doubles"]) == (56, 28, 1)
    assert {p["id"]: (p["points"], p["doubles"]) for p in result["patterns"]} == {
        "2.1": (20, 0), "1.4": (8, 0), "6.1": (0, 1)}
    # East pays double.
    assert result["payoff"] == {"scheme": "classical", "winner_gets": 224, "payments": [
        {"who": "east", "amount": 112}, {"who": "west", "amount": 56},
        {"who": "north", "amount": 56}]}
    assert "settlement" not in result


def test_east_winner_is_paid_double_by_all(capsys: pytest.CaptureFixture[str]) -> None:
    # 48 (all chows 24 x 2): 96 from each.
    result = _json(capsys, ["score", "c123 c456 b234 b567 k5 +k5", "--ruleset", "classical",
                            "--json"])
    assert result["payoff"]["payments"] == [{"who": w, "amount": 96}
                                            for w in ("south", "west", "north")]
    assert result["payoff"]["winner_gets"] == 288


def test_classical_table_shows_points_doublings_and_payments(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "140")
    code, out, err = _run(capsys, ["score", WINNER, "--ruleset", "classical"])
    assert code == 0 and err == ""
    assert "Total 56 = 28 points × 2^1" in out
    assert "doublings" in out
    assert "East pays 112, West pays 56, North pays 56: the winner gets 224" in out


def test_a_classical_limit_line(capsys: pytest.CaptureFixture[str],
                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "140")
    code, out, _ = _run(capsys, ["score", "c11 c55 b22 b88 k33 k99 dr +dr", "--ruleset",
                                 "classical"])
    assert code == 0 and "Total 250: limit: Twins 250 stands alone" in out


# --- the whole settlement ---------------------------------------------------------------

def test_settlement_json(capsys: pytest.CaptureFixture[str]) -> None:
    result = _json(capsys, ["score", WINNER, "--ruleset", "classical", "--json", *LOSER_ARGS])
    s = result["settlement"]
    assert [(p["seat"], p["role"], p["total"]) for p in s["players"]] == [
        ("east", "loser", 48), ("south", "winner", 56), ("west", "loser", 1000),
        ("north", "loser", 125)]
    assert {(p["from"], p["to"]): p["amount"] for p in s["payments"]} == {
        ("east", "south"): 112, ("west", "south"): 56, ("north", "south"): 56,
        ("east", "west"): 1904, ("east", "north"): 154, ("north", "west"): 875}
    assert s["net"] == {"east": -2170, "south": 224, "west": 2723, "north": -777}
    assert sum(s["net"].values()) == 0
    west = s["players"][2]
    assert west["ready"]["name"] == "Thirteen Unique Wonders" and west["ready"]["half"] == 1000
    assert west["ready"]["waits"] == ["we"] and west["ready"]["used"]


def test_settlement_table(capsys: pytest.CaptureFixture[str],
                          monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "200")
    code, out, err = _run(capsys, ["score", WINNER, "--ruleset", "classical", *LOSER_ARGS])
    assert code == 0 and err == ""
    assert "Settlement (East pays and receives double)" in out
    assert "[we we we]" in out  # the east loser's exposed pung, not taken for markup
    for balance in ("-2170", "+224", "+2723", "-777"):
        assert balance in out
    assert "ready for Thirteen Unique Wonders (2000): half is 1000" in out


def test_losers_in_a_json_hand_object(capsys: pytest.CaptureFixture[str],
                                      monkeypatch: pytest.MonkeyPatch) -> None:
    obj = {
        "concealed": _tiles("dr dr dr c234 c567 b99 k45 k6"),
        "winning_tile": "k6", "seat_wind": "south", "ruleset": "classical",
        "losers": [
            {"concealed": _tiles("c111 b23 k77899"), "seat_wind": "east",
             "melds": [{"type": "pung", "tile": "we"}]},
            {"concealed": _tiles("c19 b19 k19 ws ww wn dr dg dw dw"), "seat_wind": "west"},
            {"concealed": _tiles("c55 c66 c77 b44 b88 k22 k3"), "seat_wind": "north"},
        ],
    }
    monkeypatch.setattr(sys, "stdin", io.StringIO(json.dumps(obj)))
    result = _json(capsys, ["score", "--json"])
    assert result["settlement"]["net"] == {"east": -2170, "south": 224, "west": 2723,
                                           "north": -777}


def test_east_winning_settlement(capsys: pytest.CaptureFixture[str]) -> None:
    # East 48, South 16, West 28, North 125 (see the engine tests).
    result = _json(capsys, ["score", "c123 c456 b234 b567 k5 +k5", "--ruleset", "classical",
                            "--json",
                            "--loser", "dr dr dr b99 c789 k11 k239 seat:south",
                            "--loser", "c11 b777 k888 dg dg [ww ww ww] seat:west",
                            "--loser", "c22 c99 b33 b88 k44 k66 wn seat:north"])
    assert result["settlement"]["net"] == {"east": 288, "south": -217, "west": -181,
                                           "north": 110}


def test_no_settlement_for_an_illegal_call(capsys: pytest.CaptureFixture[str]) -> None:
    result = _json(capsys, ["score", "c2345 b2345 k2345 wn +dg seat:south", "--ruleset",
                            "classical", "--json", *LOSER_ARGS])
    assert not result["winning"] and "settlement" not in result and "payoff" not in result


# --- mistakes -------------------------------------------------------------------------------

def _error(capsys: pytest.CaptureFixture[str], argv: list[str]) -> list[str]:
    code, out, err = _run(capsys, argv)
    assert code == 2 and out == "" and "Traceback" not in err
    return err.splitlines()


def test_losers_need_the_classical_ruleset(capsys: pytest.CaptureFixture[str]) -> None:
    assert _error(capsys, ["score", WINNER, "--json", *LOSER_ARGS]) == [
        "hand 0: losers: the mj-score-eval ruleset does not settle between losers; use "
        "--ruleset classical"]


def test_all_three_losers_are_needed(capsys: pytest.CaptureFixture[str]) -> None:
    assert _error(capsys, ["score", WINNER, "--ruleset", "classical", "--json",
                           *LOSER_ARGS[:4]]) == [
        "hand 0: losers: a settlement needs the hands of all three losers, got 2"]


def test_a_seat_taken_twice(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["--loser", LOSERS[0], "--loser", LOSERS[1],
            "--loser", LOSERS[2].replace("north", "south")]
    assert _error(capsys, ["score", WINNER, "--ruleset", "classical", "--json", *args]) == [
        "hand 0: losers[2].seat_wind: south is already the seat of the winner"]


def test_a_losers_notation_mistake_points_at_it(capsys: pytest.CaptureFixture[str]) -> None:
    lines = _error(capsys, ["score", WINNER, "--ruleset", "classical",
                            "--loser", "c111 x23 seat:east", *LOSER_ARGS[2:]])
    assert lines == ["--loser 1: col 6: 'x23' is not a tile, meld or keyword; "
                     "tiles are written like c5 or 5c, we or E, dr or Rd, f1",
                     "  c111 x23 seat:east", "       ^"]


def test_a_loser_with_a_winning_tile(capsys: pytest.CaptureFixture[str]) -> None:
    lines = _error(capsys, ["score", WINNER, "--ruleset", "classical", "--json",
                            "--loser", "c111 b23 k7789 +k9 seat:east", *LOSER_ARGS[2:]])
    assert lines == ["hand 0: losers[0]: col 16: a loser's hand has no winning tile: drop "
                     "the '+'"]


def test_a_loser_without_a_seat(capsys: pytest.CaptureFixture[str]) -> None:
    lines = _error(capsys, ["score", WINNER, "--ruleset", "classical", "--json",
                            "--loser", "c111 b23 k77899 [we we we]", *LOSER_ARGS[2:]])
    assert lines == ["hand 0: losers[0]: seat_wind: give the loser's seat, e.g. seat:south"]


def test_too_many_tiles_at_the_table(capsys: pytest.CaptureFixture[str]) -> None:
    lines = _error(capsys, ["score", WINNER, "--ruleset", "classical", "--json",
                            *LOSER_ARGS[:4], "--loser", "c55 c66 c77 b44 b88 dr dr k3 seat:north"])
    assert lines == ["hand 0: losers: the four hands hold six copies of dr; there are four"]


def test_json_loser_problems_name_the_field(capsys: pytest.CaptureFixture[str],
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    obj = {"concealed": _tiles("dr dr dr c234 c567 b99 k45 k6"), "winning_tile": "k6",
           "seat_wind": "south", "ruleset": "classical",
           "losers": [{"concealed": ["c1", "zz"], "seat_wind": "east"},
                      {"concealed": _tiles("c19 b19 k19"), "winning_tile": "c1"},
                      "nope"]}
    monkeypatch.setattr(sys, "stdin", io.StringIO(json.dumps(obj)))
    assert _error(capsys, ["score", "--json"]) == [
        "hand 0: losers[0].concealed[1]: unknown tile code 'zz'",
        "hand 0: losers[1].winning_tile: a loser's hand has none: he did not win",
        "hand 0: losers[1].seat_wind: missing: the loser's seat decides who pays double",
        "hand 0: losers[2]: expected a hand object, got the string 'nope'",
    ]


def test_losers_with_compare_or_several_hands(capsys: pytest.CaptureFixture[str],
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    assert _error(capsys, ["score", WINNER, "--compare", *LOSER_ARGS]) == [
        "--loser: settle one ruleset at a time; leave out --compare"]
    monkeypatch.setattr(sys, "stdin", io.StringIO(WINNER + "\n" + WINNER + "\n"))
    assert _error(capsys, ["score", "--ruleset", "classical", *LOSER_ARGS]) == [
        "--loser: give the losers of a single hand"]
