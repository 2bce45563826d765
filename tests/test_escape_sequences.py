"""Text from set files and rulesets reaches the terminal as text, never as control codes.

The case that broke: a set file whose name held ``\\u001b]0;pwned\\u0007`` changed the
terminal window's title when listed with `mj-trainer sets --file`.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from mj_trainer.engine.plain_text import plain, plain_text
from mj_trainer.engine.ruleset import clear_cache, load
from mj_trainer.quizzes.sets import load_set_file

TITLE = "\\u001b]0;pwned\\u0007"
CLEAR = "\\u001b[2J\\u009b31m"

SET_FILE = f'''[set]
id = "evil"
name = "Evil {TITLE}set"
description = "clears {CLEAR}the screen"

[[hands]]
id = "evil-1"
title = "Four {TITLE}chows"
hand = "c123 c456 b234 b567 k5 +k5"
note = "a note {CLEAR}"
'''

RULES = f'''[ruleset]
id = "evil-club"
name = "Club {TITLE}"
extends = "mj-score-eval"

[patterns."1.2"]
name = "All {CLEAR}Chows"
'''


def _no_controls(text: str) -> None:
    assert "\x1b" not in text and "\x07" not in text and "\x9b" not in text


def test_set_file_text_is_plain(tmp_path: Path) -> None:
    path = tmp_path / "evil.toml"
    path.write_text(SET_FILE, encoding="utf-8")
    hand_set = load_set_file(path)
    assert hand_set.name == "Evil ]0;pwnedset"
    _no_controls(hand_set.description)
    _no_controls(hand_set.hands[0].title + hand_set.hands[0].note)


def test_sets_file_command_prints_no_escape_sequences(tmp_path: Path) -> None:
    path = tmp_path / "evil.toml"
    path.write_text(SET_FILE, encoding="utf-8")
    out = subprocess.run([sys.executable, "-m", "mj_trainer", "sets", "--file", str(path)],
                         capture_output=True, check=True, timeout=60,
                         env={"TERM": "dumb", "NO_COLOR": "1", "PATH": "/usr/bin:/bin"})
    text = out.stdout.decode()
    assert "pwned" in text  # the text is shown...
    _no_controls(text)  # ...but never as a control sequence


def test_ruleset_text_is_plain(tmp_path: Path) -> None:
    path = tmp_path / "evil.toml"
    path.write_text(RULES, encoding="utf-8")
    clear_cache()
    rules = load(str(path))
    _no_controls(rules.name)
    _no_controls(rules.by_id()["1.2"].name)
    out = subprocess.run([sys.executable, "-m", "mj_trainer", "score",
                          "c123 c456 b234 b567 k5 +k5", "--ruleset", str(path)],
                         capture_output=True, check=True, timeout=60,
                         env={"TERM": "dumb", "NO_COLOR": "1", "PATH": "/usr/bin:/bin"})
    _no_controls(out.stdout.decode())


@given(st.recursive(st.text(), lambda inner: st.lists(inner, max_size=3)
                    | st.dictionaries(st.text(max_size=5), inner, max_size=3), max_leaves=8))
def test_plain_leaves_no_control_character(value: object) -> None:
    def walk(v: object) -> None:
        if isinstance(v, str):
            assert all(c in "\t\n" or not (ord(c) < 32 or 127 <= ord(c) < 160) for c in v)
        elif isinstance(v, dict):
            for k, x in v.items():
                walk(k)
                walk(x)
        elif isinstance(v, list):
            for x in v:
                walk(x)

    walk(plain(value))
    assert plain_text("a\tb\nc") == "a\tb\nc"
