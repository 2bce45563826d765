"""Every parser, fed random and mutated input, fails only with the project's own error.

Notation, JSON hand objects, set files, house-rules files, the settings file and the
quiz protocol's client lines each get random text and damaged copies of a valid input
(a slice cut out, random text or tokens put in, a line repeated). The invariant: a valid
result, or the parser's own error type with a message that says something. Never an
IndexError, a KeyError, a RecursionError or a hang.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mj_trainer.engine.hand import HandError
from mj_trainer.engine.jsonio import HandJSONError, hand_from_json, hand_to_json
from mj_trainer.engine.notation import parse
from mj_trainer.engine.ruleset import clear_cache, load
from mj_trainer.engine.ruleset_model import RulesetError
from mj_trainer.quizzes.config import ConfigFile
from mj_trainer.quizzes.protocol import ProtocolRound
from mj_trainer.quizzes.questions import QuestionKind
from mj_trainer.quizzes.round import Round, RoundSettings
from mj_trainer.quizzes.sets import SetError, parse_set
from mj_trainer.quizzes.sources import ListSource
from tests.quizzes.conftest import qhand

FUZZ = settings(max_examples=150, deadline=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture])

VALID_HAND = "c123 c45 b55 dr dr dr [we we we] +c6 self f1 seat:south final-draw"
TOKENS = ["c123", "b55", "k9", "we", "dr", "[c123]", "[we we we]", "{k8888}", "+c6", "self",
          "f1", "s12", "seat:south", "wind:west", "final-draw", "final-discard",
          "win-on-kong", "robbing-kong", "ruleset:zung-jung", "[", "]", "{", "}", "+",
          "c0", "k10", "x", ":", "seat:", "c" + "1" * 40, "9" * 30]

VALID_SET = '''[set]
id = "fuzz"
name = "Fuzz"
description = "For the fuzz test."

[[hands]]
id = "fuzz-1"
title = "Four chows"
hand = "c123 c456 b234 b567 k5 +k5"
note = "All Chows and Concealed Hand."
'''

VALID_RULES = '''[ruleset]
id = "fuzz-club"
extends = "mj-score-eval"
cap = 300

[patterns."1.4"]
value = 2

[patterns."12.4.2"]
enabled = false
'''

VALID_CONFIG = '''# settings
ruleset = "zung-jung"
tile_style = "cjk"
round_length = 12
question_kinds = ["patterns", "total"]
difficulty = "hard"
theme = "nord"
'''

_noise = st.text(st.characters(codec="utf-8"), max_size=30)


@st.composite
def mutated(draw: st.DrawFn, text: str, pieces: list[str]) -> str:
    """`text` with a few random edits: cuts, insertions of noise or pieces, repeats."""
    for _ in range(draw(st.integers(1, 4))):
        at = draw(st.integers(0, len(text)))
        kind = draw(st.sampled_from(["cut", "noise", "piece", "repeat"]))
        if kind == "cut":
            end = draw(st.integers(at, min(len(text), at + 20)))
            text = text[:at] + text[end:]
        elif kind == "noise":
            text = text[:at] + draw(_noise) + text[at:]
        elif kind == "piece":
            text = text[:at] + draw(st.sampled_from(pieces)) + text[at:]
        else:
            lines = text.splitlines(keepends=True) or [""]
            i = draw(st.integers(0, len(lines) - 1))
            text = "".join(lines[: i + 1] + lines[i:])
    return text


def _says_something(err: Exception) -> None:
    assert str(err).strip(), f"{type(err).__name__} without a message"


# ---- notation

@FUZZ
@given(st.one_of(_noise, st.lists(st.sampled_from(TOKENS), max_size=12).map(" ".join),
                 mutated(VALID_HAND, TOKENS)))
def test_notation_raises_only_hand_errors(text: str) -> None:
    try:
        parse(text)
    except HandError as err:
        _says_something(err)


# ---- JSON hand objects

_json = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                 max_size=4),
    max_leaves=12,
)
_valid_obj = hand_to_json(parse(VALID_HAND))
_fields = [*list(_valid_obj), "melds", "losers", "tile", "type", "exposed"]


@st.composite
def mutated_hand_object(draw: st.DrawFn) -> dict[str, Any]:
    obj: dict[str, Any] = json.loads(json.dumps(_valid_obj))
    for _ in range(draw(st.integers(1, 3))):
        key = draw(st.sampled_from(_fields))
        if draw(st.booleans()):
            obj[key] = draw(_json)
        else:
            obj.pop(key, None)
    return obj


@FUZZ
@given(st.one_of(_json, mutated_hand_object()))
def test_json_hands_raise_only_hand_errors(obj: Any) -> None:
    try:
        hand_from_json(obj)
    except (HandJSONError, HandError) as err:
        _says_something(err)


# ---- set files

@FUZZ
@given(st.one_of(_noise, mutated(VALID_SET, ['"', "[[hands]]", "[set]", "= 1", "id = 5",
                                              'hand = "c1"', "\n", "focus = [[]]"])))
def test_set_files_raise_only_set_errors(text: str) -> None:
    try:
        parse_set(text, "fuzz.toml")
    except SetError as err:
        _says_something(err)


# ---- house rules

@FUZZ
@given(st.one_of(_noise, mutated(VALID_RULES, [
    '"', "[patterns.\"9.9\"]", 'extends = "fuzz.toml"', "value = -1", "value = 1e400",
    "cap = " + "9" * 50, 'kind = "doubles"', 'scheme = "doubling"', "enabled = 3",
    'detector = "nope"', "[ruleset]", "\n"])))
def test_house_rules_raise_only_ruleset_errors(tmp_path: Path, text: str) -> None:
    path = tmp_path / "fuzz.toml"
    path.write_bytes(text.encode("utf-8"))
    clear_cache()  # the same path is rewritten within one clock tick
    try:
        load(str(path))
    except RulesetError as err:
        _says_something(err)


# ---- the settings file

@FUZZ
@given(st.one_of(_noise, mutated(VALID_CONFIG, ['"', "[x]", "= [[[", "round_length = ",
                                                 "9" * 5000, "nan", "inf", "\n"])))
def test_the_settings_file_gives_settings_or_a_problem(tmp_path: Path, text: str) -> None:
    path = tmp_path / "config.toml"
    path.write_bytes(text.encode("utf-8"))
    cfg = ConfigFile.load(path)  # never raises
    if cfg.problem is not None:
        assert cfg.problem.strip()
        assert cfg.save(cfg.settings) is not None  # a problem file is never written
        assert path.read_bytes() == text.encode("utf-8")


# ---- the quiz protocol (client lines)

PROTOCOL_LINES = ['{"patterns": {"1.2": 1, "1.3": 1}, "total": 10}', '{"total": 10}',
                  '{"counts": true}', '{"win": false}', '{"skip": true}', '{"hint": true}',
                  '{"end": true}']
PROTOCOL_PIECES = ['"', "{", "}", "[", "]", ":", ",", "true", "null", "-1", "1e999", "1.5",
                   '"1.2"', '"9.9"', '"patterns"', '"total"', '"points"', '"doubles"',
                   '"skip"', "9" * 5000, "[" * 2000, "\u0000", "\ud800"]
REPLY_TYPES = {"question", "grade", "hint", "error", "summary"}


@FUZZ
@given(st.sampled_from(list(QuestionKind)),
       st.lists(st.one_of(_noise, st.sampled_from(PROTOCOL_LINES),
                          st.sampled_from(PROTOCOL_LINES).flatmap(
                              lambda line: mutated(line, PROTOCOL_PIECES))),
                min_size=1, max_size=6))
def test_protocol_lines_get_messages_never_exceptions(kind: QuestionKind,
                                                      lines: list[str]) -> None:
    """A round of two questions fed a run of damaged lines: every line gets well-formed
    messages (an error says what is wrong), and the round never breaks."""
    source = ListSource([qhand("c123 c456 b234 b567 k5 +k5"),
                         qhand("c111 c999 b999 dr dr dr k5 +k5", "t-2")])
    pr = ProtocolRound(Round(source, RoundSettings(kinds=(kind,), length=2, seed=1)))
    assert pr.start()[0]["type"] == "question"
    for line in lines:
        for reply in pr.handle(line):
            assert reply["type"] in REPLY_TYPES
            json.dumps(reply, allow_nan=False)  # every reply can go on the wire
            if reply["type"] == "error":
                assert isinstance(reply["message"], str) and reply["message"].strip()
    pr.close()
    assert pr.done
