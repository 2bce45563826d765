"""`score --json` on many hands: streamed, in order, on several processes, with the
contract's all-or-nothing rule for a list, and `--jsonl` with an error line in place
of each bad line."""

from __future__ import annotations

import io
import json
import subprocess
import sys
import threading
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from mj_trainer.cli import score_batch
from mj_trainer.cli.generate import TEXT_BLOCK
from mj_trainer.cli.main import main
from mj_trainer.cli.score_batch import BATCH, Spool
from mj_trainer.engine.generator import generate
from mj_trainer.engine.jsonio import JSONObject, hand_from_json, hand_to_json, score_to_json
from mj_trainer.engine.scoring import score

N = 2 * BATCH + 50  # three batches: the pool is used, and the last batch is short
FIVE_C1: JSONObject = {
    "concealed": ["c1"] * 5 + ["c5", "c6", "b2", "b3", "b4", "b5", "b6", "b7", "k5"],
    "winning_tile": "k5",
}


@cache
def _objects() -> tuple[JSONObject, ...]:
    hands = generate(N // 2, seed=11) + generate(N - N // 2, seed=12, mode="natural")
    return tuple(hand_to_json(h) for h in hands)


def _objs() -> list[JSONObject]:
    return list(_objects())


def _expected(objs: list[JSONObject]) -> list[str]:
    return [json.dumps(score_to_json(score(hand_from_json(o))), ensure_ascii=False)
            for o in objs]


def _command() -> list[str]:
    script = Path(sys.executable).parent / "mj-trainer"
    return [str(script)] if script.exists() else [sys.executable, "-m", "mj_trainer"]


def _process(args: list[str], stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*_command(), *args], input=stdin, capture_output=True, text=True,
                          timeout=300, check=False,
                          stdin=subprocess.DEVNULL if stdin is None else None)


def _run(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, argv: list[str],
         stdin: str) -> tuple[int, str, str]:
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


# ---------------------------------------------------------------------------
# a JSON list


def test_a_list_is_written_as_json_dumps_writes_it_in_order(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    objs = _objs()
    code, out, err = _run(capsys, monkeypatch, ["score", "--json", "--jobs", "1"],
                          json.dumps(objs))
    assert (code, err) == (0, "")
    assert out == "[" + ", ".join(_expected(objs)) + "]\n"
    results = json.loads(out)
    assert [r["hand"] for r in results] == [score_to_json(score(hand_from_json(o)))["hand"]
                                            for o in objs]


def test_every_job_count_gives_the_same_bytes(tmp_path: Path) -> None:
    objs = _objs()
    path = tmp_path / "hands.json"
    path.write_text(json.dumps(objs), encoding="utf-8")
    one = _process(["score", "--json", "--jobs", "1", "--input", str(path)])
    assert one.returncode == 0 and one.stderr == ""
    assert one.stdout == "[" + ", ".join(_expected(objs)) + "]\n"
    for jobs in ("2", "3"):
        many = _process(["score", "--json", "--jobs", jobs, "--input", str(path)])
        assert (many.returncode, many.stderr) == (0, "")
        assert many.stdout == one.stdout
    piped = _process(["score", "--json", "--jobs", "2"], json.dumps(objs))
    assert piped.stdout == one.stdout


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_bad_hands_deep_in_a_list_fail_the_whole_call(jobs: str) -> None:
    objs = _objs()
    objs[BATCH + 33] = FIVE_C1
    objs[N - 2] = {**FIVE_C1, "seat_wind": "up"}
    got = _process(["score", "--json", "--jobs", jobs], json.dumps(objs))
    assert got.returncode == 2
    assert got.stdout == ""
    assert got.stderr.splitlines() == [
        f"hand {BATCH + 33}: concealed: five copies of c1",
        f"hand {N - 2}: seat_wind: expected east, south, west or north, got the string 'up'",
    ]


def test_text_that_looks_like_the_gap_between_hands_inside_a_hand(tmp_path: Path) -> None:
    # The reader cuts a list where one hand object ends and the next begins; the same
    # characters in a string (a field the contract ignores) must not cut a hand.
    objs: list[Any] = _objs()
    for i in range(0, N, 7):
        objs[i] = {**objs[i], "note": ["}, {", "]}, {[", "\\", '"}, {"', "{[}, {"][i % 5]}
    path = tmp_path / "hands.json"
    path.write_text(json.dumps(objs, separators=(",\n", ": ")), encoding="utf-8")
    expected = "[" + ", ".join(_expected(objs)) + "]\n"
    for jobs in ("1", "2"):
        got = _process(["score", "--json", "--jobs", jobs, "--input", str(path)])
        assert (got.returncode, got.stderr) == (0, "")
        assert got.stdout == expected


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_syntax_error_deep_in_a_list_is_placed_as_json_loads_places_it(jobs: str) -> None:
    text = json.dumps(_objs(), indent=1)
    at = text.index('"winning_tile"', len(text) * 2 // 3)
    text = text[:at] + text[at + 1:]  # a name without its opening quote
    with pytest.raises(json.JSONDecodeError) as err:
        json.loads(text)
    got = _process(["score", "--json", "--jobs", jobs], text)
    assert (got.returncode, got.stdout) == (2, "")
    assert got.stderr.splitlines() == [
        f"input: not valid JSON: {err.value.msg} (line {err.value.lineno}, "
        f"column {err.value.colno})"]


def test_a_syntax_error_stands_alone(capsys: pytest.CaptureFixture[str],
                                     monkeypatch: pytest.MonkeyPatch) -> None:
    text = json.dumps([FIVE_C1, *_objs()[:5]])[:-1] + " x]"
    code, out, err = _run(capsys, monkeypatch, ["score", "--json"], text)
    assert (code, out) == (2, "")
    assert err.splitlines() == [
        f"input: not valid JSON: Expecting ',' delimiter (line 1, column {len(text) - 1})"]


def test_results_beyond_the_memory_bound_go_through_a_temp_file(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(score_batch, "SPOOL_MEMORY", 1000)
    objs = _objs()[:20]
    code, out, _ = _run(capsys, monkeypatch, ["score", "--json"], json.dumps(objs))
    assert code == 0
    assert out == "[" + ", ".join(_expected(objs)) + "]\n"


def test_spool_keeps_text_in_order_across_the_spill() -> None:
    spool = Spool(memory=10)
    parts = ["[", "abc", ", ", "défg" * 5, "]\n"]
    for part in parts[:2]:
        spool.write(part)
    assert not spool.spilled
    for part in parts[2:]:
        spool.write(part)
    assert spool.spilled
    out = io.StringIO()
    spool.copy_to(out)
    spool.close()
    assert out.getvalue() == "".join(parts)


# ---------------------------------------------------------------------------
# JSON Lines


def _jsonl_input(objs: list[Any], bad: dict[int, str]) -> str:
    lines = [json.dumps(o) for o in objs]
    for index, text in bad.items():
        lines[index] = text
    return "\n".join(lines) + "\n"


def test_jsonl_puts_an_error_line_in_place_of_a_bad_line(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    objs = _objs()[:6]
    text = _jsonl_input(objs, {1: json.dumps(FIVE_C1), 3: "{oops", 4: ""})
    code, out, err = _run(capsys, monkeypatch, ["score", "--jsonl"], text)
    assert code == 2
    expected = _expected(objs)
    lines = out.splitlines()
    assert lines == [
        expected[0],
        json.dumps({"line": 2, "errors": ["concealed: five copies of c1"]}),
        expected[2],
        json.dumps({"line": 4, "errors": [
            "not valid JSON: Expecting property name enclosed in double quotes (column 2)"]}),
        expected[5],  # the blank line 5 has no output line
    ]
    assert err.splitlines() == [
        "line 2: concealed: five copies of c1",
        "line 4: not valid JSON: Expecting property name enclosed in double quotes (column 2)",
    ]


def test_jsonl_all_good_exits_0(capsys: pytest.CaptureFixture[str],
                                monkeypatch: pytest.MonkeyPatch) -> None:
    objs = _objs()[:4]
    code, out, err = _run(capsys, monkeypatch, ["score", "--jsonl"], _jsonl_input(objs, {}))
    assert (code, err) == (0, "")
    assert out.splitlines() == _expected(objs)


def test_jsonl_on_several_processes_gives_the_same_lines() -> None:
    objs = _objs()
    text = _jsonl_input(objs, {7: "[]", BATCH + 1: '{"concealed": ' + "[" * 3000 + "]" * 3000})
    one = _process(["score", "--jsonl", "--jobs", "1"], text)
    two = _process(["score", "--jsonl", "--jobs", "2"], text)
    assert one.returncode == two.returncode == 2
    assert one.stdout == two.stdout
    assert one.stderr == two.stderr
    lines = one.stdout.splitlines()
    assert len(lines) == N
    assert json.loads(lines[7]) == {"line": 8, "errors": [
        "a hand must be a JSON object, got a list"]}
    assert json.loads(lines[BATCH + 1])["line"] == BATCH + 2
    assert "nested too deeply" in json.loads(lines[BATCH + 1])["errors"][0]
    assert lines[8] == _expected([objs[8]])[0]


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_jsonl_answers_each_line_as_it_arrives(jobs: str) -> None:
    # A program that writes one hand and waits for its result: each answer must come
    # before the next line is written (a reply held back would hang this test, so a
    # watchdog kills the command after 60 s; the reads then end empty and fail).
    objs = _objs()[:3]
    lines = [json.dumps(objs[0]), "{oops", json.dumps(objs[2])]
    expected = [_expected([objs[0]])[0],
                json.dumps({"line": 2, "errors": [
                    "not valid JSON: Expecting property name enclosed in double quotes "
                    "(column 2)"]}),
                _expected([objs[2]])[0]]
    proc = subprocess.Popen([*_command(), "score", "--jsonl", "--jobs", jobs],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    watchdog = threading.Timer(60, proc.kill)
    watchdog.start()
    try:
        assert proc.stdin is not None and proc.stdout is not None
        for line, answer in zip(lines, expected, strict=True):
            proc.stdin.write(line + "\r\n")  # any line ending a text file may have
            proc.stdin.flush()
            assert proc.stdout.readline() == answer + "\n"
        proc.stdin.close()
        assert proc.wait(timeout=60) == 2
        assert proc.stdout.read() == ""
    finally:
        watchdog.cancel()
        proc.kill()
        proc.wait()
        for stream in (proc.stdin, proc.stdout, proc.stderr):
            if stream is not None:
                stream.close()


def test_jsonl_refuses_a_hand_in_notation(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["score", "c123 c456 b234 b567 k5 +k5", "--jsonl"])
    out, err = capsys.readouterr()
    assert (code, out) == (2, "")
    assert err.startswith("--jsonl: ")


# ---------------------------------------------------------------------------
# hostile input: exit 2 and a message, never a traceback or a hang


@pytest.mark.parametrize(("text", "message"), [
    ("[" * 5000 + "]" * 5000, "hand 0: nested too deeply"),
    ('[{}, {"concealed": ' + "[" * 2000 + "]" * 2000 + "}]", "hand 1: nested too deeply"),
    ('{"a": ' * 3000 + "1" + "}" * 3000, "hand 0: nested too deeply"),
    ('[{"concealed": ' + "9" * 5000 + ', "winning_tile": "c1"}]',
     "hand 0: holds a number too long"),
    ("[\x00]", "input: a NUL character at line 1, column 2"),
])
@pytest.mark.parametrize("mode", ["--json", "--jsonl"])
def test_hostile_json_is_an_input_error(capsys: pytest.CaptureFixture[str],
                                        monkeypatch: pytest.MonkeyPatch, text: str,
                                        message: str, mode: str) -> None:
    code, out, err = _run(capsys, monkeypatch, ["score", mode], text)
    assert code == 2
    assert "Traceback" not in err
    if mode == "--json":
        assert out == ""
        assert err.splitlines()[-1].startswith(message)
    elif message.startswith("input:"):
        assert err.splitlines() == [
            f"input: a NUL character at line 1, column {text.index(chr(0)) + 1}: "
            "this is not a text file"]
    else:
        (line,) = out.splitlines()
        assert json.loads(line)["line"] == 1
        assert err.startswith("line 1: ")


@pytest.mark.parametrize("args", [["score", "--json", "--input", "/dev/zero"],
                                  ["score", "--input", "/dev/zero"],
                                  ["score", "--jsonl", "--input", "/dev/zero"]])
def test_dev_zero_is_refused_at_once(args: list[str]) -> None:
    got = _process(args)
    assert got.returncode == 2 and got.stdout == ""
    assert got.stderr.splitlines() == [
        "input: a NUL character at line 1, column 1: this is not a text file"]


def test_a_notation_line_too_long(capsys: pytest.CaptureFixture[str],
                                  monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, err = _run(capsys, monkeypatch, ["score"], "c123 " * 5000 + "\n")
    assert (code, out) == (2, "")
    assert err.splitlines() == ["line 1: longer than 10,000 characters: not a hand"]


@pytest.mark.parametrize("bad", ["0", "-2", "x", "1000"])
def test_jobs_must_be_a_sensible_number(capsys: pytest.CaptureFixture[str], bad: str) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["score", "--json", "--jobs", bad])
    assert exit_.value.code == 2
    assert "--jobs" in capsys.readouterr().err


# ---------------------------------------------------------------------------
# generate streams its hands


def test_generate_streams_exactly_the_list_it_used_to_build(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["generate", "--count", "7", "--seed", "5", "--json"]) == 0
    out = capsys.readouterr().out
    assert out == json.dumps([hand_to_json(h) for h in generate(7, seed=5)],
                             ensure_ascii=False) + "\n"


def test_generate_text_is_aligned_per_block(capsys: pytest.CaptureFixture[str],
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("mj_trainer.cli.generate.TEXT_BLOCK", 3)
    assert TEXT_BLOCK >= 100  # the real block: any usual count is aligned as a whole
    assert main(["generate", "--count", "7", "--seed", "5"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 7
    for block in (lines[0:3], lines[3:6], lines[6:]):
        assert len({len(line) for line in block}) == 1
