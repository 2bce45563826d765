"""`mj-trainer generate`: lines of notation with totals, or a JSON list of hand
objects that `mj-trainer score --json` reads back; clean errors with exit 2."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from mj_trainer.cli.main import main
from mj_trainer.engine.jsonio import hand_from_json
from mj_trainer.engine.notation import parse
from mj_trainer.engine.scoring import score


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["generate", *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_text_output_is_one_hand_per_line_with_its_total(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, err = _run(capsys, "--count", "12", "--seed", "5")
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert len(lines) == 12
    for line in lines:
        text, total = line.rsplit(maxsplit=1)
        hand = parse(text)  # the notation reads back as a valid hand
        assert score(hand).total == int(total)


def test_json_output_is_a_list_of_contract_hand_objects(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, err = _run(capsys, "--count", "5", "--seed", "6", "--json")
    assert code == 0 and err == ""
    data = json.loads(out)
    assert isinstance(data, list) and len(data) == 5
    for obj in data:
        assert set(obj) >= {"concealed", "melds", "winning_tile", "self_drawn", "bonus",
                            "seat_wind", "prevailing_wind", "incidentals", "ruleset"}
        hand_from_json(obj)


def test_text_and_json_show_the_same_hands(capsys: pytest.CaptureFixture[str]) -> None:
    _, text_out, _ = _run(capsys, "--count", "6", "--seed", "7", "--target", "8.2")
    _, json_out, _ = _run(capsys, "--count", "6", "--seed", "7", "--target", "8.2", "--json")
    from_text = [parse(line.rsplit(maxsplit=1)[0]) for line in text_out.splitlines()]
    from_json = [hand_from_json(obj) for obj in json.loads(json_out)]
    assert from_text == from_json


def test_the_same_seed_prints_the_same_hands(capsys: pytest.CaptureFixture[str]) -> None:
    first = _run(capsys, "--count", "8", "--seed", "lesson-3", "--natural")[1]
    again = _run(capsys, "--count", "8", "--seed", "lesson-3", "--natural")[1]
    assert first == again


def test_options_reach_the_generator(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(
        capsys, "--target", "8.2.1", "--avoid", "1.3", "1.4", "--avoid", "13",
        "--difficulty", "medium", "--min-total", "10", "--max-total", "60",
        "--count", "10", "--seed", "8", "--json",
    )
    assert code == 0
    for obj in json.loads(out):
        result = score(hand_from_json(obj))
        counted = {h.pattern.id for h in result.counted}
        assert "8.2.1" in counted
        assert not counted & {"1.3", "1.4", "13.1", "13.1.1", "13.1.2", "13.1.3"}
        assert 10 <= result.total <= 60


def test_not_winning_hands(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(capsys, "--not-winning", "--count", "5", "--seed", "9", "--json")
    assert code == 0
    for obj in json.loads(out):
        result = score(hand_from_json(obj))
        assert not result.winning and result.total == -40  # R7, R14


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--target", "10.1", "--max-total", "50"], "400"),
        (["--target", "99.1"], "unknown target"),
        (["--count", "many"], "--count"),
        (["--count", "0"], "at least 1"),
        (["--min-total", "1.5"], "--min-total"),
        (["--difficulty", "brutal"], "unknown difficulty"),
        (["--ruleset", "no-such-rules"], "unknown ruleset"),
        (["--target", "1.7", "--difficulty", "easy", "--min-total", "0"], "-40"),
        (["--not-winning", "--target", "8.1.1"], "needs a winning hand"),
    ],
)
def test_errors_are_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], args: list[str], words: str
) -> None:
    code, out, err = _run(capsys, *args)
    assert code == 2
    assert out == ""
    assert len(err.strip().splitlines()) == 1
    assert words in err
    assert "Traceback" not in err


def _cli(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "mj_trainer", *args], input=stdin,
                          capture_output=True, text=True, check=False)


def test_generated_json_pipes_into_score() -> None:
    made = _cli("generate", "--count", "15", "--seed", "10", "--json")
    assert made.returncode == 0
    scored = _cli("score", "--json", stdin=made.stdout)
    assert scored.returncode == 0, scored.stderr
    results = json.loads(scored.stdout)
    assert len(results) == 15
    texts = _cli("generate", "--count", "15", "--seed", "10")
    totals = [int(line.rsplit(maxsplit=1)[1]) for line in texts.stdout.splitlines()]
    assert [r["total"] for r in results] == totals


def test_aimed_json_pipes_into_score_with_the_target_counted() -> None:
    made = _cli("generate", "--target", "7.1.6", "--count", "3", "--seed", "11", "--json")
    results = json.loads(_cli("score", "--json", stdin=made.stdout).stdout)
    for r in results:
        assert r["limit"] == "7.1.6" and r["total"] == 400  # Big Mountain, a limit (R12)


def test_impossible_request_from_the_command_line() -> None:
    run = _cli("generate", "--target", "10.1", "--max-total", "50")
    assert run.returncode == 2
    assert run.stdout == ""
    assert run.stderr.count("\n") == 1 and "Traceback" not in run.stderr
