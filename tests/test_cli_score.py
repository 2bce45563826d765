"""`mj-trainer score`: the human table, the JSON machine interface (docs/contract.md), and
how bad input is reported (exit 2, nothing on stdout, one stderr line per problem)."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from mj_trainer.cli.main import main

BASE = "c123 c456 b234 b567 k5 +k5"  # 1.2 5 + 1.3 5 = 10

# The same hand as a contract object.
BASE_OBJ: dict[str, Any] = {
    "concealed": ["c1", "c2", "c3", "c4", "c5", "c6", "b2", "b3", "b4", "b5", "b6", "b7",
                  "k5", "k5"],
    "winning_tile": "k5",
}
# Drawn from the wall: 1.2 5 + 1.3 5 + 1.4 5 = 15
SELF_OBJ: dict[str, Any] = {**BASE_OBJ, "self_drawn": True}
# Not a win (k5 k6): Illegal Call -40 (R7, R14)
ILLEGAL_OBJ: dict[str, Any] = {**BASE_OBJ, "concealed": [*BASE_OBJ["concealed"][:-1], "k6"],
                               "winning_tile": "k6"}
# Five c1: not a hand (R6)
FIVE_OBJ: dict[str, Any] = {
    "concealed": ["c1"] * 5 + ["c5", "c6", "b2", "b3", "b4", "b5", "b6", "b7", "k5"],
    "winning_tile": "k5",
}


def _run(capsys: pytest.CaptureFixture[str], argv: list[str]) -> tuple[int, str, str]:
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def _stdin(monkeypatch: pytest.MonkeyPatch, text: str) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(text))


def _assert_input_error(code: int, out: str, err: str, lines: list[str]) -> None:
    assert code == 2
    assert out == ""
    assert err.splitlines() == lines
    assert "Traceback" not in err


# ---------------------------------------------------------------------------
# the human table


def test_notation_prints_a_table(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = _run(capsys, ["score", BASE])
    assert code == 0
    assert err == ""
    assert "All Chows" in out and "Concealed Hand" in out
    assert "Total 10" in out


def test_table_names_the_cap_and_the_limit(capsys: pytest.CaptureFixture[str]) -> None:
    # 465 capped at 320; Big Four Winds 400 replaces the sum (R12).
    code, out, _ = _run(capsys, ["score", "dr dr dr dg dg dg dw dw dw c111 c9 +c9 self"])
    assert code == 0
    assert "Total 320" in out and "capped at 320" in out and "465" in out
    code, out, _ = _run(capsys, ["score", "we we we ws ws ws ww ww ww wn wn wn dr +dr"])
    assert code == 0
    assert "Total 400" in out and "Big Four Winds" in out and "replaces the sum" in out


def test_table_for_an_illegal_call(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(capsys, ["score", "c123 c456 b234 b567 k5 +k6"])
    assert code == 0
    assert "Illegal Call" in out and "-40" in out


def test_table_bad_notation_shows_the_column(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = _run(capsys, ["score", "c123 c4x5"])
    _assert_input_error(code, out, err, [
        "col 8: 'x' is not a tile rank",
        "  c123 c4x5",
        "         ^",
    ])


def test_notation_lines_on_stdin(capsys: pytest.CaptureFixture[str],
                                 monkeypatch: pytest.MonkeyPatch) -> None:
    _stdin(monkeypatch, f"# two hands\n{BASE}\n\n{BASE} self\n")
    code, out, err = _run(capsys, ["score"])
    assert code == 0 and err == ""
    assert "Total 10" in out and "Total 15" in out


def test_all_arrangements_in_the_table(capsys: pytest.CaptureFixture[str]) -> None:
    # c11122333 b789 k55 +c2: the chow reading 130 is chosen, the pung reading 110 shown.
    code, out, _ = _run(capsys, ["score", "c11122333 b789 k55 +c2", "--all-arrangements"])
    assert code == 0
    assert "Total 130" in out and "110" in out


def test_json_on_stdin_without_the_flag_prints_tables(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    _stdin(monkeypatch, json.dumps([BASE_OBJ, SELF_OBJ]))
    code, out, err = _run(capsys, ["score"])
    assert code == 0 and err == ""
    assert "Total 10" in out and "Total 15" in out


def test_bad_notation_line_on_stdin(capsys: pytest.CaptureFixture[str],
                                    monkeypatch: pytest.MonkeyPatch) -> None:
    _stdin(monkeypatch, f"{BASE}\nc123 c4x5\n")
    code, out, err = _run(capsys, ["score"])
    _assert_input_error(code, out, err, [
        "line 2: col 8: 'x' is not a tile rank",
        "  c123 c4x5",
        "         ^",
    ])


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_no_hand_and_a_terminal_on_stdin(capsys: pytest.CaptureFixture[str],
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", _Terminal(""))
    code, out, err = _run(capsys, ["score", "--json"])
    _assert_input_error(code, out, err,
                        ["input: give a hand, --input FILE, or pipe hands to stdin"])


# ---------------------------------------------------------------------------
# JSON out


def test_json_from_notation(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = _run(capsys, ["score", BASE, "--json"])
    assert code == 0 and err == ""
    result = json.loads(out)
    assert isinstance(result, dict)
    assert result["winning"] is True and result["total"] == 10
    assert [p["id"] for p in result["patterns"]] == ["1.2", "1.3"]
    assert out.endswith("\n") and out.count("\n") == 1


def test_json_one_object_on_stdin(capsys: pytest.CaptureFixture[str],
                                  monkeypatch: pytest.MonkeyPatch) -> None:
    _stdin(monkeypatch, json.dumps(SELF_OBJ))
    code, out, err = _run(capsys, ["score", "--json"])
    assert code == 0 and err == ""
    result = json.loads(out)
    assert isinstance(result, dict)
    assert result["total"] == 15
    assert {"winning", "total", "ruleset", "limit", "capped", "patterns",
            "arrangement"} <= set(result)


def test_json_list_on_stdin_matches_the_input(capsys: pytest.CaptureFixture[str],
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    # Totals in input order: 10, -40 (illegal call is still a scored hand), 15.
    _stdin(monkeypatch, json.dumps([BASE_OBJ, ILLEGAL_OBJ, SELF_OBJ]))
    code, out, err = _run(capsys, ["score", "--json"])
    assert code == 0 and err == ""
    results = json.loads(out)
    assert isinstance(results, list)
    assert [r["total"] for r in results] == [10, -40, 15]
    assert [r["winning"] for r in results] == [True, False, True]
    assert results[1]["arrangement"] is None


def test_json_list_of_one_stays_a_list(capsys: pytest.CaptureFixture[str],
                                       monkeypatch: pytest.MonkeyPatch) -> None:
    _stdin(monkeypatch, json.dumps([BASE_OBJ]))
    code, out, _ = _run(capsys, ["score", "--json"])
    assert code == 0
    assert [r["total"] for r in json.loads(out)] == [10]


def test_json_input_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    one = tmp_path / "one.json"
    one.write_text(json.dumps(BASE_OBJ), encoding="utf-8")
    code, out, _ = _run(capsys, ["score", "--json", "--input", str(one)])
    assert code == 0 and json.loads(out)["total"] == 10
    many = tmp_path / "many.json"
    many.write_text(json.dumps([SELF_OBJ, BASE_OBJ]), encoding="utf-8")
    code, out, _ = _run(capsys, ["score", "--json", "--input", str(many)])
    assert code == 0 and [r["total"] for r in json.loads(out)] == [15, 10]


def test_json_ruleset_option_overrides(capsys: pytest.CaptureFixture[str],
                                       tmp_path: Path) -> None:
    house = tmp_path / "house.toml"
    house.write_text('[ruleset]\nid = "house"\nextends = "mj-score-eval"\n\n'
                     '[patterns."1.2"]\nvalue = 7\n', encoding="utf-8")
    code, out, _ = _run(capsys, ["score", BASE, "--json", "--ruleset", str(house)])
    assert code == 0
    result = json.loads(out)
    assert result["ruleset"] == "house"
    assert result["total"] == 12  # 1.2 now 7 + 1.3 5


def test_json_all_arrangements(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(capsys, ["score", "c11122333 b789 k55 +c2", "--json",
                                 "--all-arrangements"])
    assert code == 0
    result = json.loads(out)
    assert result["total"] == 130
    assert [a["total"] for a in result["alternatives"]] == [110]


# ---------------------------------------------------------------------------
# bad input: exit 2, stdout empty, one stderr line per problem


def test_bad_hand_in_a_list_fails_the_whole_call(capsys: pytest.CaptureFixture[str],
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    _stdin(monkeypatch, json.dumps([BASE_OBJ, SELF_OBJ, ILLEGAL_OBJ, FIVE_OBJ]))
    code, out, err = _run(capsys, ["score", "--json"])
    _assert_input_error(code, out, err, ["hand 3: concealed: five copies of c1"])


def test_every_problem_of_every_hand_is_listed(capsys: pytest.CaptureFixture[str],
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    bad_seat = {**BASE_OBJ, "seat_wind": "up", "self_drawn": "no"}
    no_win = {k: v for k, v in BASE_OBJ.items() if k != "winning_tile"}
    _stdin(monkeypatch, json.dumps([bad_seat, BASE_OBJ, no_win]))
    code, out, err = _run(capsys, ["score", "--json"])
    _assert_input_error(code, out, err, [
        "hand 0: self_drawn: expected true or false, got the string 'no'",
        "hand 0: seat_wind: expected east, south, west or north, got the string 'up'",
        "hand 2: winning_tile: missing",
    ])


def test_single_bad_object_is_hand_0(capsys: pytest.CaptureFixture[str],
                                     monkeypatch: pytest.MonkeyPatch) -> None:
    _stdin(monkeypatch, json.dumps({**BASE_OBJ, "incidentals": ["final_discard"],
                                    "self_drawn": True}))
    code, out, err = _run(capsys, ["score", "--json"])
    assert code == 2 and out == ""
    (line,) = err.splitlines()
    assert line.startswith("hand 0: incidentals: final_discard")


def test_bad_notation_with_json_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = _run(capsys, ["score", "c123 c4x5", "--json"])
    _assert_input_error(code, out, err, ["hand 0: col 8: 'x' is not a tile rank"])
    code, out, err = _run(capsys, ["score", "c11111 c56 b234 b567 +k5", "--json"])
    _assert_input_error(code, out, err, ["hand 0: concealed: five copies of c1"])


@pytest.mark.parametrize("text", ["{", "[1, 2", "", "c123 +c1", "{'a': 1}", "nul"])
def test_bad_json(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
                  text: str) -> None:
    _stdin(monkeypatch, text)
    code, out, err = _run(capsys, ["score", "--json"])
    assert code == 2 and out == ""
    (line,) = err.splitlines()
    assert line.startswith("input: not valid JSON: ")


def test_unknown_ruleset_in_a_hand(capsys: pytest.CaptureFixture[str],
                                   monkeypatch: pytest.MonkeyPatch) -> None:
    _stdin(monkeypatch, json.dumps([BASE_OBJ, {**BASE_OBJ, "ruleset": "no-such-rules"}]))
    code, out, err = _run(capsys, ["score", "--json"])
    assert code == 2 and out == ""
    (line,) = err.splitlines()
    assert line.startswith("hand 1: ruleset: unknown ruleset 'no-such-rules'")


def test_unknown_ruleset_option(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = _run(capsys, ["score", BASE, "--json", "--ruleset", "nope"])
    assert code == 2 and out == ""
    (line,) = err.splitlines()
    assert line.startswith("hand 0: ruleset: unknown ruleset 'nope'")


def test_missing_input_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    missing = tmp_path / "nothing.json"
    code, out, err = _run(capsys, ["score", "--json", "--input", str(missing)])
    _assert_input_error(code, out, err, [f"input: no such file: {missing}"])


def test_hand_and_input_file_together(capsys: pytest.CaptureFixture[str],
                                      tmp_path: Path) -> None:
    code, out, err = _run(capsys, ["score", BASE, "--input", str(tmp_path / "x.json")])
    _assert_input_error(code, out, err,
                        ["input: give either a hand or --input FILE, not both"])


@pytest.mark.parametrize(
    "payload",
    [
        "[[]]",
        "[null]",
        '{"concealed": {"a": 1}, "winning_tile": []}',
        '{"concealed": ["c1"], "winning_tile": "c1", "melds": [{"type": ["pung"]}]}',
        '{"concealed": ["c1"], "winning_tile": "c1", "incidentals": [{"x": 1}]}',
        '{"concealed": ["c1"], "winning_tile": "c1", "seat_wind": ["east"]}',
        '{"concealed": ["c1"], "winning_tile": "c1", "ruleset": "../../etc/passwd"}',
        '{"concealed": ["c1"], "winning_tile": "c1", "ruleset": "/nonexistent/x.toml"}',
        '{"concealed": ["c1"] , "winning_tile": "c1", "melds": [{"type": "chow", '
        '"tile": "dr"}]}',
        '{"concealed": ["c1", "c2"], "winning_tile": "c1", "bonus": [1.5e300]}',
    ],
)
def test_never_a_traceback(capsys: pytest.CaptureFixture[str],
                           monkeypatch: pytest.MonkeyPatch, payload: str) -> None:
    _stdin(monkeypatch, payload)
    code, out, err = _run(capsys, ["score", "--json"])
    assert code == 2 and out == ""
    assert err and "Traceback" not in err
    assert all(line.startswith(("hand 0: ", "input: ")) for line in err.splitlines())


# ---------------------------------------------------------------------------
# a real process: no terminal, no config, no files written


def _command() -> list[str]:
    script = Path(sys.executable).parent / "mj-trainer"
    return [str(script)] if script.exists() else [sys.executable, "-m", "mj_trainer"]


def test_real_process(tmp_path: Path) -> None:
    env = {**os.environ, "HOME": str(tmp_path), "XDG_DATA_HOME": str(tmp_path / "data"),
           "XDG_CONFIG_HOME": str(tmp_path / "config")}
    ok = subprocess.run(
        [*_command(), "score", "--json"],
        input=json.dumps([BASE_OBJ, SELF_OBJ]),
        capture_output=True, text=True, cwd=tmp_path, env=env, timeout=60, check=False,
    )
    assert ok.returncode == 0, ok.stderr
    assert ok.stderr == ""
    assert [r["total"] for r in json.loads(ok.stdout)] == [10, 15]

    bad = subprocess.run(
        [*_command(), "score", "--json"],
        input=json.dumps([BASE_OBJ, BASE_OBJ, BASE_OBJ, FIVE_OBJ]),
        capture_output=True, text=True, cwd=tmp_path, env=env, timeout=60, check=False,
    )
    assert bad.returncode == 2
    assert bad.stdout == ""
    assert bad.stderr.splitlines() == ["hand 3: concealed: five copies of c1"]

    module = subprocess.run(
        [sys.executable, "-m", "mj_trainer", "score", BASE, "--json"],
        capture_output=True, text=True, cwd=Path(__file__).resolve().parents[1], env=env,
        timeout=60, check=False,
    )
    assert module.returncode == 0 and json.loads(module.stdout)["total"] == 10
    assert list(tmp_path.iterdir()) == []  # nothing written (docs/contract.md)


def test_malformed_ruleset_file_is_an_input_error(capsys: pytest.CaptureFixture[str],
                                                  tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text('[ruleset]\nid = "bad"\nextends = "mj-score-eval"\n\n'
                   '[patterns."1.2"]\nnot_for = 5\n', encoding="utf-8")
    code, out, err = _run(capsys, ["score", BASE, "--json", "--ruleset", str(bad)])
    assert code == 2 and out == ""
    (line,) = err.splitlines()
    assert line.startswith("hand 0: ruleset: ")


def test_notation_errors_use_the_notation_words(capsys: pytest.CaptureFixture[str]) -> None:
    # The case that broke: `final_discard` (the JSON name) for a hand typed as final-discard.
    for extra in ([], ["--json"]):
        code = main(["score", "c123 c456 b234 b567 k5 +k5 final-discard self", *extra])
        err = capsys.readouterr().err
        assert code == 2 and "final-discard is a win on another player's tile" in err
        assert "final_discard" not in err


def test_human_messages_count_hands_from_one(tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    # The case that broke: the first hand of a file was "hand 0" in a message for people.
    good = {"concealed": ["c1", "c2", "c3", "c4", "c5", "c6", "b2", "b3", "b4", "b5", "b6",
                          "b7", "k5", "k5"], "winning_tile": "k5"}
    bad = {"concealed": ["c1"], "winning_tile": "c1"}
    path = tmp_path / "hands.json"
    path.write_text(json.dumps([bad, good, bad]), encoding="utf-8")
    assert main(["score", "--input", str(path)]) == 2
    lines = capsys.readouterr().err.splitlines()
    assert [line.split(":")[0] for line in lines] == ["hand 1", "hand 3"]
    assert main(["score", "--json", "--input", str(path)]) == 2  # the contract counts from 0
    lines = capsys.readouterr().err.splitlines()
    assert [line.split(":")[0] for line in lines] == ["hand 0", "hand 2"]


def test_score_accepts_a_shared_line(capsys: pytest.CaptureFixture[str]) -> None:
    """A line copied with the share key scores exactly like its notation."""
    from mj_trainer.engine.notation import parse
    from mj_trainer.engine.share import share_text

    plain = "c123 c456 b234 b567 k5 +k5 self"
    assert main(["score", plain, "--json"]) == 0
    expected = capsys.readouterr().out
    line = share_text(parse(plain), "mj-score-eval", "set:trivial/trivial-003")
    assert main(["score", line, "--json"]) == 0
    assert capsys.readouterr().out == expected
