"""config.toml as the learner wrote it: kept through saves, and hostile files reported."""

from __future__ import annotations

import math
import os
import tomllib
from pathlib import Path
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from mj_trainer.quizzes.config import KNOWN_KEYS, ConfigFile, Settings
from mj_trainer.tui.tile_text import TileStyle

HAND_WRITTEN = '''\
# My settings. Do not lose this comment.
theme = "nord"            # the dark one

round_length = 12
ruleset = "zung-jung"

[plugins.sound]           # a table this version does not know
volume = 3
'''


def test_a_theme_change_keeps_comments_order_and_unknown_tables(tmp_path: Path) -> None:
    # The case that broke: a theme change dropped comments and unknown tables.
    path = tmp_path / "config.toml"
    path.write_text(HAND_WRITTEN, encoding="utf-8")
    cfg = ConfigFile.load(path)
    assert cfg.problem is None
    assert cfg.save(cfg.settings.with_(theme="mj-jade")) is None
    text = path.read_text(encoding="utf-8")
    assert "# My settings. Do not lose this comment." in text
    assert 'theme = "mj-jade"' in text and "# the dark one" in text
    assert text.index("theme") < text.index("round_length") < text.index("ruleset =")
    data = tomllib.loads(text)
    assert data["plugins"] == {"sound": {"volume": 3}}
    assert data["round_length"] == 12 and data["ruleset"] == "zung-jung"
    assert ConfigFile.load(path).settings.theme == "mj-jade"


def test_a_fresh_file_has_every_setting_and_a_header(tmp_path: Path) -> None:
    path = tmp_path / "new" / "config.toml"
    assert ConfigFile.load(path).save(Settings(tile_style=TileStyle.CJK)) is None
    text = path.read_text(encoding="utf-8")
    assert text.startswith("# mj-trainer settings")
    assert list(tomllib.loads(text)) == list(KNOWN_KEYS)


def test_non_ascii_keys_inf_nan_and_control_characters_round_trip(tmp_path: Path) -> None:
    # The case that broke: such kept keys were written as invalid TOML, after which the
    # file could not be read and the app refused to save.
    path = tmp_path / "config.toml"
    path.write_text('"麻將" = "ok"\nbig = inf\nsmall = -inf\nodd = nan\n'
                    'bell = "a\\u0007b\\u001b[31m"\nround_length = 5\n', encoding="utf-8")
    cfg = ConfigFile.load(path)
    for length in (6, 7):
        assert cfg.save(cfg.settings.with_(round_length=length)) is None
        cfg = ConfigFile.load(path)
        assert cfg.problem is None and cfg.settings.round_length == length
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    assert data["麻將"] == "ok" and data["bell"] == "a\x07b\x1b[31m"
    assert data["big"] == math.inf and data["small"] == -math.inf and math.isnan(data["odd"])


_keys = st.text(st.characters(codec="utf-8"), min_size=1,
                max_size=8).filter(lambda k: k not in KNOWN_KEYS)
_values = st.one_of(
    st.integers(-(2**63), 2**63 - 1), st.floats(), st.booleans(),
    st.text(st.characters(codec="utf-8"), max_size=12),
    st.lists(st.integers(-5, 5), max_size=3),
)


def _same(a: Any, b: Any) -> bool:
    if isinstance(a, float) and math.isnan(a):
        return isinstance(b, float) and math.isnan(b)
    return bool(a == b)


@settings(max_examples=60, deadline=None)
@given(extra=st.dictionaries(_keys, _values, max_size=5), length=st.integers(1, 100))
def test_any_unknown_value_survives_a_save(tmp_path_factory: Any, extra: dict[str, Any],
                                           length: int) -> None:
    import tomlkit

    path = tmp_path_factory.mktemp("cfg") / "config.toml"
    path.write_text(tomlkit.dumps(extra), encoding="utf-8")
    cfg = ConfigFile.load(path)
    assert cfg.problem is None
    assert cfg.save(cfg.settings.with_(round_length=length)) is None
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    assert data["round_length"] == length
    assert set(extra) <= set(data)
    assert all(_same(value, data[key]) for key, value in extra.items())


def test_save_never_writes_through_a_symlink(tmp_path: Path) -> None:
    victim = tmp_path / "victim.toml"
    victim.write_text("round_length = 4\n", encoding="utf-8")
    path = tmp_path / "config.toml"
    path.symlink_to(victim)
    cfg = ConfigFile.load(path)
    assert cfg.problem is None and cfg.settings.round_length == 4
    message = cfg.save(Settings(round_length=3))
    assert message is not None and "symbolic link" in message
    assert victim.read_text(encoding="utf-8") == "round_length = 4\n" and path.is_symlink()


def test_a_link_planted_at_the_old_temporary_name_is_ignored(tmp_path: Path) -> None:
    victim = tmp_path / "victim.txt"
    victim.write_text("keep me\n", encoding="utf-8")
    path = tmp_path / "config.toml"
    (tmp_path / "config.toml.tmp").symlink_to(victim)
    assert ConfigFile.load(path).save(Settings(round_length=3)) is None
    assert victim.read_text(encoding="utf-8") == "keep me\n"
    assert tomllib.loads(path.read_text(encoding="utf-8"))["round_length"] == 3
    assert not path.is_symlink()


def test_a_huge_integer_is_a_problem_not_a_crash(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    text = "round_length = " + "9" * 5000 + "\n"
    path.write_text(text, encoding="utf-8")
    cfg = ConfigFile.load(path)
    assert cfg.problem is not None and "too large" in cfg.problem
    path.write_text("round_length = " + "9" * 4000 + "\n", encoding="utf-8")
    cfg = ConfigFile.load(path)
    assert cfg.problem is not None and len(cfg.problem) < 300


def test_deeply_nested_arrays_are_a_problem_not_a_crash(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    path.write_text("x = " + "[" * 5000 + "]" * 5000 + "\n", encoding="utf-8")
    cfg = ConfigFile.load(path)
    assert cfg.problem is not None and "nested too deeply" in cfg.problem
    message = cfg.save(Settings())
    assert message is not None and message.startswith("not saved")


def test_a_fifo_in_place_of_the_file_is_a_problem_not_a_hang(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    os.mkfifo(path)
    cfg = ConfigFile.load(path)
    assert cfg.problem is not None and "not a regular file" in cfg.problem


def test_a_broken_extends_chain_in_the_settings_gives_a_notice(tmp_path: Path) -> None:
    # The case that broke: start-up crashed on a house-rules loop named in config.toml.
    import asyncio

    from mj_trainer.tui.app import make_app
    from mj_trainer.tui.screens.notice import NoticeScreen
    from tests.tui.test_app_kit import wait_for

    a = tmp_path / "a.toml"
    a.write_text('[ruleset]\nid = "a"\nextends = "sub/b.toml"\n', encoding="utf-8")
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "b.toml").write_text('[ruleset]\nid = "b"\nextends = "../a.toml"\n',
                                             encoding="utf-8")
    path = tmp_path / "config.toml"
    path.write_text(f'ruleset = "{a}"\n', encoding="utf-8")
    app = make_app(data_dir=tmp_path / "data", config_path=path)

    async def body() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, NoticeScreen))
            assert app.ruleset.id == "mj-score-eval" and app.is_running

    asyncio.run(body())


# --------------------------------------------------------------------------- retention


@given(st.floats(0.7, 0.99))
def test_a_retention_in_range_is_read_as_a_fraction_or_a_percent(value: float) -> None:
    from mj_trainer.quizzes.config import parse_retention

    as_fraction, problem = parse_retention(f"{value:.4f}")
    assert problem == "" and as_fraction is not None
    assert abs(as_fraction - value) < 1e-4
    as_percent, _ = parse_retention(f" {value * 100:.2f} % ")
    assert as_percent is not None and abs(as_percent - value) < 1e-4


@given(st.text(max_size=12))
def test_any_typed_retention_is_a_value_in_range_or_a_message(text: str) -> None:
    from mj_trainer.quizzes.config import MAX_RETENTION, MIN_RETENTION, parse_retention

    value, problem = parse_retention(text)
    if value is None:
        assert problem and "\n" not in problem
    else:
        assert problem == "" and MIN_RETENTION <= value <= MAX_RETENTION


def test_retention_messages_say_what_is_wrong() -> None:
    from mj_trainer.quizzes.config import parse_retention

    assert parse_retention("")[1] == "type the chance of recall, e.g. 0.9"
    assert parse_retention("0.5")[1] == "choose from 0.7 to 0.99 (70% to 99%)"
    assert parse_retention("100%")[1] == "choose from 0.7 to 0.99 (70% to 99%)"
    assert parse_retention("nan")[1] == "'nan' is not a number"
    assert parse_retention("zero")[1] == "'zero' is not a number"
    assert parse_retention("0,85") == (0.85, "")


def test_retention_and_easy_start_round_trip_and_bad_values_are_reported(
        tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    assert ConfigFile.load(path).save(Settings(desired_retention=0.85,
                                               easy_start=False)) is None
    again = ConfigFile.load(path)
    assert again.problem is None
    assert again.settings.desired_retention == 0.85 and again.settings.easy_start is False
    path.write_text('desired_retention = 2\neasy_start = "yes"\n', encoding="utf-8")
    broken = ConfigFile.load(path)
    assert broken.problem is not None
    assert "desired_retention: 2 is not a number from 0.7 to 0.99" in broken.problem
    assert "easy_start: 'yes' is not true or false" in broken.problem
    assert broken.settings == Settings()


def test_the_auto_level_is_medium_with_easy_start() -> None:
    assert Settings().auto_difficulty
    assert not Settings(easy_start=False).auto_difficulty
    assert not Settings(difficulty="hard").auto_difficulty
