"""The trainer's settings: a small TOML file in the user's config directory.

Where the file lives: the `--config` path, else ``$MJ_TRAINER_CONFIG``, else
``config.toml`` in the platform's user config directory for ``mj-trainer``.

The file is written by the settings screen, one ``key = value`` line per setting::

    ruleset = "mj-score-eval"
    tile_style = "text"
    round_length = 10
    question_kinds = ["patterns", "total"]
    difficulty = "medium"
    theme = "mj-jade"

A file that cannot be read, is not valid TOML, or holds a value this version does
not understand is *reported* (`ConfigFile.problem`) and never written over: the app
uses the defaults for this session and tells the learner where the file is and what
is wrong with it.  Keys this version does not know are kept when the file is saved,
so a newer mj-trainer's settings survive a round trip through an older one.

This module does not import Textual, so the command line can read the settings
without paying for the user interface.
"""

from __future__ import annotations

import json
import os
import tomllib
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Final

from mj_trainer.engine.ruleset import DEFAULT as DEFAULT_RULESET
from mj_trainer.quizzes.questions import QuestionKind
from mj_trainer.tui.tile_text import TileStyle

APP_NAME: Final = "mj-trainer"
ENV_VAR: Final = "MJ_TRAINER_CONFIG"
FILE_NAME: Final = "config.toml"

DIFFICULTIES: Final = ("easy", "medium", "hard", "mixed")
MIN_ROUND: Final = 1
MAX_ROUND: Final = 100
DEFAULT_THEME: Final = "mj-jade"


@dataclass(frozen=True, slots=True)
class Settings:
    """What the learner chose on the settings screen."""

    ruleset: str = DEFAULT_RULESET
    tile_style: TileStyle = TileStyle.TEXT
    round_length: int = 10
    kinds: tuple[QuestionKind, ...] = (QuestionKind.PATTERNS,)
    difficulty: str = "medium"
    theme: str = DEFAULT_THEME

    def with_(self, **changes: Any) -> Settings:
        """A copy with some settings changed."""
        return replace(self, **changes)

    def to_toml(self, extra: dict[str, Any] | None = None) -> str:
        """The settings as the text of a config file (`extra`: keys to keep as they were)."""
        values: dict[str, Any] = {
            "ruleset": self.ruleset,
            "tile_style": self.tile_style.value,
            "round_length": self.round_length,
            "question_kinds": [k.value for k in self.kinds],
            "difficulty": self.difficulty,
            "theme": self.theme,
        }
        lines = ["# mj-trainer settings, written by the settings screen (edit freely)."]
        lines.extend(f"{key} = {_toml_value(value)}" for key, value in values.items())
        for key, value in (extra or {}).items():
            if key not in values and _simple(value):
                lines.append(f"{_toml_key(key)} = {_toml_value(value)}")
        return "\n".join(lines) + "\n"


def _simple(value: Any) -> bool:
    if isinstance(value, (str, int, float, bool)):
        return True
    return isinstance(value, list) and all(isinstance(v, (str, int, float, bool)) for v in value)


def _toml_key(key: str) -> str:
    if key and all(c.isalnum() or c in "_-" for c in key):
        return key
    return json.dumps(key, ensure_ascii=False)


def _toml_value(value: Any) -> str:
    # JSON strings, numbers, booleans and arrays of them are valid TOML values.
    return json.dumps(value, ensure_ascii=False)


def config_path(override: str | os.PathLike[str] | None = None) -> Path:
    """The config file: argument, then $MJ_TRAINER_CONFIG, then the user config dir."""
    if override is not None and str(override):
        return Path(override).expanduser()
    env = os.environ.get(ENV_VAR)
    if env:
        return Path(env).expanduser()
    from platformdirs import user_config_dir

    return Path(user_config_dir(APP_NAME, appauthor=False)) / FILE_NAME


def parse_settings(data: dict[str, Any]) -> tuple[Settings, list[str]]:
    """Settings from the values of a config file, and a line per value that is wrong.

    A wrong value is replaced by its default; the other values are kept.
    """
    base = Settings()
    problems: list[str] = []
    changes: dict[str, Any] = {}

    ruleset = data.get("ruleset")
    if ruleset is not None:
        if isinstance(ruleset, str) and ruleset.strip():
            changes["ruleset"] = ruleset.strip()
        else:
            problems.append("ruleset: expected the name of a ruleset")
    style = data.get("tile_style")
    if style is not None:
        try:
            changes["tile_style"] = TileStyle(str(style).strip().lower())
        except ValueError:
            names = ", ".join(s.value for s in TileStyle)
            problems.append(f"tile_style: {style!r} is not one of {names}")
    length = data.get("round_length")
    if length is not None:
        if isinstance(length, int) and not isinstance(length, bool) and (
                MIN_ROUND <= length <= MAX_ROUND):
            changes["round_length"] = length
        else:
            problems.append(f"round_length: {length!r} is not a whole number from "
                            f"{MIN_ROUND} to {MAX_ROUND}")
    kinds = data.get("question_kinds")
    if kinds is not None:
        parsed = _kinds(kinds)
        if parsed is None:
            names = ", ".join(k.value for k in QuestionKind)
            problems.append(f"question_kinds: expected a non-empty list of {names}")
        else:
            changes["kinds"] = parsed
    difficulty = data.get("difficulty")
    if difficulty is not None:
        text = str(difficulty).strip().lower()
        if text in DIFFICULTIES:
            changes["difficulty"] = text
        else:
            problems.append(f"difficulty: {difficulty!r} is not one of {', '.join(DIFFICULTIES)}")
    theme = data.get("theme")
    if theme is not None:
        if isinstance(theme, str) and theme.strip():
            changes["theme"] = theme.strip()
        else:
            problems.append("theme: expected the name of a theme")
    return base.with_(**changes), problems


def _kinds(value: Any) -> tuple[QuestionKind, ...] | None:
    if not isinstance(value, list) or not value:
        return None
    out: list[QuestionKind] = []
    for item in value:
        try:
            kind = QuestionKind(str(item).strip().lower())
        except ValueError:
            return None
        if kind not in out:
            out.append(kind)
    return tuple(out)


@dataclass
class ConfigFile:
    """The settings file: where it is, what it says, and whether it may be written.

    `problem` is set when the file exists but cannot be used as it is; such a file is
    never written (`save` refuses), so nothing the learner wrote by hand is lost.
    """

    path: Path | None  # None: settings live in memory only (tests, snapshots)
    settings: Settings = field(default_factory=Settings)
    problem: str | None = None
    extra: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def load(cls, path: str | os.PathLike[str] | None = None) -> ConfigFile:
        """Read the settings; a missing file gives the defaults, a broken one a problem."""
        file = config_path(path)
        try:
            text = file.read_text(encoding="utf-8")
        except FileNotFoundError:
            return cls(file)
        except IsADirectoryError:
            return cls(file, problem=f"{file} is a directory, not a settings file")
        except (OSError, UnicodeDecodeError) as err:
            reason = err.strerror if isinstance(err, OSError) and err.strerror else str(err)
            return cls(file, problem=f"{file}: cannot read the settings file: {reason}")
        try:
            data = tomllib.loads(text)
        except tomllib.TOMLDecodeError as err:
            return cls(file, problem=f"{file}: not valid TOML: {err}")
        settings, problems = parse_settings(data)
        known = {"ruleset", "tile_style", "round_length", "question_kinds", "difficulty",
                 "theme"}
        extra = {k: v for k, v in data.items() if k not in known}
        problem = f"{file}: " + "; ".join(problems) if problems else None
        return cls(file, settings, problem, extra)

    def save(self, settings: Settings) -> str | None:
        """Write `settings`; returns None when saved, else why not (the file is untouched)."""
        self.settings = settings
        if self.path is None:
            return None
        if self.problem is not None:
            return (f"not saved: the settings file has a problem and is left as it is "
                    f"({self.path})")
        text = settings.to_toml(self.extra)
        tmp = self.path.with_name(self.path.name + ".tmp")
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            tmp.write_text(text, encoding="utf-8")
            os.replace(tmp, self.path)
        except OSError as err:
            tmp.unlink(missing_ok=True)
            return f"not saved: {self.path}: {err.strerror or err}"
        return None
