"""`mj-trainer score HAND --compare`: one hand under every built-in ruleset side by side,
as a table or, with --json, a list of result objects (one per ruleset)."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest

from mj_trainer.cli.main import main
from mj_trainer.engine.notation import parse
from mj_trainer.engine.ruleset import builtin_names, load
from mj_trainer.engine.scoring import score

# All Chows + Concealed Hand: 10 in the default and early rulesets; All Sequences +
# Concealed 10 in Zung Jung; classical 20 + only tile 2 + pair 2 = 24 x 2 (all chows) = 48.
BASE = "c123 c456 b234 b567 k5 +k5"
EXPECTED = {"classical": 48, "mj-score-eval": 10, "mj-score-eval-early": 10, "zung-jung": 10}


def _run(capsys: pytest.CaptureFixture[str], argv: list[str]) -> tuple[int, str, str]:
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def test_builtin_rulesets_are_the_four_of_the_issue() -> None:
    assert builtin_names() == sorted(EXPECTED)


def test_compare_json_lists_one_result_per_ruleset(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = _run(capsys, ["score", BASE, "--compare", "--json"])
    assert code == 0 and err == ""
    results = json.loads(out)
    assert [r["ruleset"] for r in results] == sorted(EXPECTED)
    assert {r["ruleset"]: r["total"] for r in results} == EXPECTED
    classical = next(r for r in results if r["ruleset"] == "classical")
    assert (classical["points"], classical["doubles"]) == (24, 1)


def test_compare_matches_scoring_each_ruleset(capsys: pytest.CaptureFixture[str]) -> None:
    text = "dr dr dr c234 c567 b99 k45 +k6 seat:south self"
    code, out, _ = _run(capsys, ["score", text, "--compare", "--json"])
    assert code == 0
    for result in json.loads(out):
        assert result["total"] == score(parse(text), load(result["ruleset"])).total


def test_compare_table_shows_every_ruleset(capsys: pytest.CaptureFixture[str],
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "140")
    code, out, err = _run(capsys, ["score", BASE, "--compare"])
    assert code == 0 and err == ""
    for name, total in EXPECTED.items():
        row = next(line for line in out.splitlines() if line.strip().startswith(name + " "))
        assert f" {total} " in row
    assert "24 points × 2^1" in out  # the classical formula
    assert "All Sequences" in out and "All Chows" in out


def test_a_limit_and_a_cap_are_shown(capsys: pytest.CaptureFixture[str],
                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "160")
    # Thirteen orphans: a classical limit; 160 in the additive rulesets.
    code, out, _ = _run(capsys, ["score", "c19 b19 k19 we ws ww wn dr dg dw +dw", "--compare"])
    assert code == 0
    assert "limit: Thirteen Unique Wonders 2000 stands alone" in out
    assert "11.1 Thirteen Orphans 160" in out
    # 46 points and 7 doublings (see the classical tests), capped at 1000.
    code, out, _ = _run(capsys, ["score", "dr dr dr dg [we we we] [ws ws ws] [wn wn wn] +dg",
                                 "--compare"])
    assert code == 0 and "46 points × 2^7 = 5888, capped at 1000" in out


def test_an_ignored_incidental_is_shown(capsys: pytest.CaptureFixture[str]) -> None:
    # The classical ruleset has no last-discard bonus and no flowers.
    code, out, _ = _run(capsys, ["score", BASE + " final-discard f1", "--compare", "--json"])
    assert code == 0
    by_name = {r["ruleset"]: r for r in json.loads(out)}
    assert by_name["classical"]["ignored"] == ["final_discard", "bonus tiles f1"]
    assert "ignored" not in by_name["mj-score-eval"]
    # Zung Jung scores the flower (category 11) and the last discard.
    assert "ignored" not in by_name["zung-jung"]


def test_ignored_in_the_table(capsys: pytest.CaptureFixture[str],
                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "160")
    code, out, _ = _run(capsys, ["score", BASE + " final-discard", "--compare"])
    assert code == 0 and "ignores: final discard" in out


def test_kong_on_kong_is_classical_only(capsys: pytest.CaptureFixture[str]) -> None:
    text = "c12 dr dr c555 [k6666] [b7777] +c3 self kong-on-kong"
    code, out, _ = _run(capsys, ["score", text, "--compare", "--json"])
    assert code == 0
    by_name = {r["ruleset"]: r for r in json.loads(out)}
    assert "ignored" not in by_name["classical"]
    assert by_name["mj-score-eval"]["ignored"] == ["kong_on_kong"]


def test_illegal_in_one_ruleset_winning_in_another(capsys: pytest.CaptureFixture[str]) -> None:
    # Peking Garden: a classical limit of 1000, an Illegal Call elsewhere (R7).
    code, out, _ = _run(capsys, ["score", "c1234567 we ws ww wn dr dg +dw", "--compare",
                                 "--json"])
    assert code == 0
    by_name = {r["ruleset"]: (r["winning"], r["total"]) for r in json.loads(out)}
    assert by_name == {"classical": (True, 1000), "mj-score-eval": (False, -40),
                       "mj-score-eval-early": (False, -30), "zung-jung": (False, -30)}


def test_compare_includes_a_house_rules_file(capsys: pytest.CaptureFixture[str],
                                             tmp_path: Path) -> None:
    house = tmp_path / "house.toml"
    house.write_text('[ruleset]\nid = "club"\nextends = "mj-score-eval"\n\n'
                     '[patterns."1.2"]\nvalue = 8\n', encoding="utf-8")
    code, out, _ = _run(capsys, ["score", BASE, "--compare", "--json", "--ruleset", str(house)])
    assert code == 0
    by_name = {r["ruleset"]: r["total"] for r in json.loads(out)}
    assert by_name == {**EXPECTED, "club": 13}  # All Chows 8 + Concealed 5


def test_compare_with_a_builtin_ruleset_adds_nothing(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(capsys, ["score", BASE, "--compare", "--json", "--ruleset", "zung-jung"])
    assert code == 0 and len(json.loads(out)) == len(EXPECTED)


def test_compare_ignores_the_hands_own_ruleset(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(capsys, ["score", BASE + " ruleset:zung-jung", "--compare", "--json"])
    assert code == 0 and {r["ruleset"]: r["total"] for r in json.loads(out)} == EXPECTED


def test_compare_a_json_list(capsys: pytest.CaptureFixture[str],
                             monkeypatch: pytest.MonkeyPatch) -> None:
    obj = {"concealed": ["c1", "c2", "c3", "c4", "c5", "c6", "b2", "b3", "b4", "b5", "b6", "b7",
                         "k5", "k5"], "winning_tile": "k5"}
    monkeypatch.setattr(sys, "stdin", io.StringIO(json.dumps([obj, obj])))
    code, out, _ = _run(capsys, ["score", "--json", "--compare"])
    assert code == 0
    data = json.loads(out)
    assert len(data) == 2 and all(len(per) == len(EXPECTED) for per in data)


def test_compare_bad_hand_is_one_error(capsys: pytest.CaptureFixture[str]) -> None:
    # Validation does not depend on the ruleset: one problem, reported once.
    code, out, err = _run(capsys, ["score", "c11111 c456 b234 b567 +k5", "--compare", "--json"])
    assert code == 2 and out == ""
    assert err.splitlines() == ["hand 0: concealed: 15 tiles; expected 14 (a hand has 14 "
                                "tiles plus one for each kong)", "hand 0: concealed: five "
                                "copies of c1"]


def test_compare_bad_house_rules_file(capsys: pytest.CaptureFixture[str],
                                      tmp_path: Path) -> None:
    house = tmp_path / "house.toml"
    house.write_text('[ruleset]\nid = "club"\nextends = "mj-score-eval"\n\n'
                     '[patterns."5.9"]\nvalue = 3\n', encoding="utf-8")
    code, out, err = _run(capsys, ["score", BASE, "--compare", "--ruleset", str(house)])
    assert code == 2 and out == ""
    assert err.startswith("ruleset: house.toml line 5: unknown pattern id 5.9")
