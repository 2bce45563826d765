"""House-rules files that are broken on purpose or by accident: clear errors, never a crash.

The cases that broke: `a.toml` -> `sub/b.toml` -> `../a.toml` recursed until Python gave
up (score, generate, app start-up and the settings field all crashed); a 5,000-digit
pattern id crashed the loader; classical `doubles` of 20,000 gave a traceback, 10^12
hung and -1 gave totals like 6.5; a file was read again for every hand scored.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from mj_trainer.cli.main import main
from mj_trainer.engine import ruleset as ruleset_module
from mj_trainer.engine.ruleset import clear_cache, load
from mj_trainer.engine.ruleset_model import RulesetError


def _write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def _load_error(path: Path) -> str:
    clear_cache()
    with pytest.raises(RulesetError) as info:
        load(str(path))
    return str(info.value)


def test_an_extends_loop_across_folders_is_found(tmp_path: Path) -> None:
    a = _write(tmp_path / "a.toml", '[ruleset]\nid = "a"\nextends = "sub/b.toml"\n')
    _write(tmp_path / "sub" / "b.toml", '[ruleset]\nid = "b"\nextends = "../a.toml"\n')
    message = _load_error(a)
    assert "goes round in a circle" in message and "a.toml -> b.toml -> a.toml" in message


def test_a_file_extending_itself_through_a_link_is_found(tmp_path: Path) -> None:
    a = _write(tmp_path / "a.toml", '[ruleset]\nid = "a"\nextends = "link.toml"\n')
    (tmp_path / "link.toml").symlink_to(a)
    assert "circle" in _load_error(a)


def test_a_very_long_chain_is_refused(tmp_path: Path) -> None:
    for i in range(40):
        _write(tmp_path / f"r{i}.toml",
               f'[ruleset]\nid = "r{i}"\nextends = "r{i + 1}.toml"\n')
    _write(tmp_path / "r40.toml", '[ruleset]\nid = "r40"\nextends = "mj-score-eval"\n')
    assert "longer than" in _load_error(tmp_path / "r0.toml")


@pytest.mark.parametrize(("body", "words"), [
    ('cap = 99999999999999999999999\n', "cap must be at most 1,000,000"),
    ('limit = -5\n', "limit must be from 1 to 1,000,000"),
    ('[patterns."1.2"]\nvalue = 99999999999999999999\n', "out of range"),
    ('[patterns."1.' + "9" * 5000 + '"]\nname = "x"\nvalue = 1\ndetector = "all_chows"\n',
     "an id is up to three numbers"),
    ("cap = " + "9" * 5000 + "\n", "too large to read"),
    ("x = " + "[" * 3000 + "]" * 3000 + "\n", "nested too deeply"),
])
def test_huge_values_and_ids_are_clear_errors(tmp_path: Path, body: str, words: str) -> None:
    head = '[ruleset]\nid = "h"\nextends = "mj-score-eval"\n'
    if body.startswith("[patterns"):
        text = head + body
    elif body.startswith("x ="):
        text = body + head
    else:
        text = head + body
    message = _load_error(_write(tmp_path / "h.toml", text))
    assert words in message and len(message) < 400


@pytest.mark.parametrize("value", ["20000", "1000000000000", "-1"])
def test_classical_doubles_are_bounded_integers(tmp_path: Path, value: str) -> None:
    path = _write(tmp_path / "d.toml", '[ruleset]\nid = "d"\nextends = "classical"\n'
                  f'[patterns."5.1"]\nvalue = {value}\n')
    message = _load_error(path)
    assert "doublings go from 0 to 10" in message


def test_a_broken_ruleset_is_read_once_per_call(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    broken = _write(tmp_path / "broken.toml", '[ruleset]\nid = "b"\nextends = "nope.toml"\n')
    hands = _write(tmp_path / "hands.txt", "c123 c456 b234 b567 k5 +k5\n" * 50)
    reads: list[Path] = []
    real = ruleset_module._read

    def counting(path: Path) -> dict[str, object]:
        reads.append(path)
        return real(path)

    monkeypatch.setattr(ruleset_module, "_read", counting)
    clear_cache()
    assert main(["score", "--input", str(hands), "--ruleset", str(broken)]) == 2
    assert len(reads) == 1
    assert capsys.readouterr().err.count("no such ruleset file") == 50
