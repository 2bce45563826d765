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
    desired_retention = 0.9
    easy_start = true

``easy_start`` is the "auto" difficulty: quick rounds are easy until the first
lessons of the course are passed, then the chosen ``difficulty``; choosing a level
on the settings screen or with home's level key turns it off.

A file that cannot be read, is not valid TOML, or holds a value this version does
not understand is *reported* (`ConfigFile.problem`) and never written over: the app
uses the defaults for this session and tells the learner where the file is and what
is wrong with it.  Saving changes only the values of the settings: comments, key
order and every key or table this version does not know stay as they were, so a
newer mj-trainer's settings survive a round trip through an older one.  A huge
number or arrays nested thousands deep are reported like any other problem.

This module does not import Textual, so the command line can read the settings
without paying for the user interface.
"""

from __future__ import annotations

import math
import os
import tomllib
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Final

from mj_trainer.engine.ruleset import DEFAULT as DEFAULT_RULESET
from mj_trainer.engine.tile_faces import TileStyle
from mj_trainer.quizzes.question_kind import QuestionKind

APP_NAME: Final = "mj-trainer"
ENV_VAR: Final = "MJ_TRAINER_CONFIG"
FILE_NAME: Final = "config.toml"

DIFFICULTIES: Final = ("easy", "medium", "hard", "mixed")
AUTO: Final = "auto"  # the difficulty left to the course: easy, then medium
LEVELS: Final = (AUTO, *DIFFICULTIES)  # the choices of settings and of home's level key
MIN_ROUND: Final = 1
MAX_ROUND: Final = 100
DEFAULT_THEME: Final = "mj-jade"
DEFAULT_RETENTION: Final = 0.9  # FSRS desired retention: the chance of recall when due
MIN_RETENTION: Final = 0.7
MAX_RETENTION: Final = 0.99


@dataclass(frozen=True, slots=True)
class Settings:
    """What the learner chose on the settings screen."""

    ruleset: str = DEFAULT_RULESET
    tile_style: TileStyle = TileStyle.TEXT
    round_length: int = 10
    kinds: tuple[QuestionKind, ...] = (QuestionKind.PATTERNS,)
    difficulty: str = "medium"
    theme: str = DEFAULT_THEME
    desired_retention: float = DEFAULT_RETENTION  # the review scheduler's target
    easy_start: bool = True  # "auto": easy until the first lessons are passed

    @property
    def auto_difficulty(self) -> bool:
        """True when the level is left to the course (easy for a new learner, then
        medium), False when the learner chose one."""
        return self.easy_start and self.difficulty == "medium"

    def with_(self, **changes: Any) -> Settings:
        """A copy with some settings changed."""
        return replace(self, **changes)

    @property
    def level_choice(self) -> str:
        """The level as chosen: "auto" while the course decides, else the level."""
        return AUTO if self.auto_difficulty else self.difficulty

    def with_level(self, choice: str) -> Settings:
        """A copy with a level chosen ("auto" or one of `DIFFICULTIES`)."""
        if choice == AUTO:
            return self.with_(difficulty="medium", easy_start=True)
        return self.with_(difficulty=choice, easy_start=False)

    def values(self) -> dict[str, Any]:
        """The settings as config-file keys and plain TOML values, in the file's order."""
        return {
            "ruleset": self.ruleset,
            "tile_style": self.tile_style.value,
            "round_length": self.round_length,
            "question_kinds": [k.value for k in self.kinds],
            "difficulty": self.difficulty,
            "theme": self.theme,
            "desired_retention": self.desired_retention,
            "easy_start": self.easy_start,
        }


KNOWN_KEYS: Final = tuple(Settings().values())
HEADER: Final = "mj-trainer settings, written by the settings screen (edit freely)."


def settings_text(settings: Settings, original: str | None = None) -> str:
    """The config file's new text: `original` with the settings' values put in.

    Comments, blank lines, key order, quoting and every key or table this version does
    not know stay as the learner wrote them; a setting whose value did not change is
    not touched at all. tomlkit is imported here only, so reading settings stays cheap.
    """
    import tomlkit

    doc = tomlkit.parse(original) if original else tomlkit.document()
    if not original:
        doc.add(tomlkit.comment(HEADER))
    for key, value in settings.values().items():
        if key not in doc or doc[key] != value:
            doc[key] = value
    return doc.as_string()


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
            problems.append(f"tile_style: {_short(style)} is not one of {names}")
    length = data.get("round_length")
    if length is not None:
        if isinstance(length, int) and not isinstance(length, bool) and (
                MIN_ROUND <= length <= MAX_ROUND):
            changes["round_length"] = length
        else:
            problems.append(f"round_length: {_short(length)} is not a whole number from "
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
            problems.append(f"difficulty: {_short(difficulty)} is not one of "
                            f"{', '.join(DIFFICULTIES)}")
    theme = data.get("theme")
    if theme is not None:
        if isinstance(theme, str) and theme.strip():
            changes["theme"] = theme.strip()
        else:
            problems.append("theme: expected the name of a theme")
    retention = data.get("desired_retention")
    if retention is not None:
        if isinstance(retention, int | float) and not isinstance(retention, bool) and (
                MIN_RETENTION <= retention <= MAX_RETENTION):
            changes["desired_retention"] = float(retention)
        else:
            problems.append(f"desired_retention: {_short(retention)} is not a number from "
                            f"{MIN_RETENTION} to {MAX_RETENTION}")
    easy_start = data.get("easy_start")
    if easy_start is not None:
        if isinstance(easy_start, bool):
            changes["easy_start"] = easy_start
        else:
            problems.append(f"easy_start: {_short(easy_start)} is not true or false")
    return base.with_(**changes), problems


def parse_retention(text: str) -> tuple[float | None, str]:
    """A desired retention as typed: "0.85", "85" or "85%" -> (0.85, "").  Anything
    else -> (None, what is wrong), said so that the learner can fix it."""
    cleaned = text.strip().replace(",", ".").replace(" ", "")
    if not cleaned:
        return None, "type the chance of recall, e.g. 0.9"
    percent = cleaned.endswith("%")
    body = cleaned.removesuffix("%")
    try:
        value = float(body)
    except ValueError:
        return None, f"{_short(text, 12)} is not a number"
    if not math.isfinite(value):
        return None, f"{_short(text, 12)} is not a number"
    if percent or value > 1:
        value /= 100
    value = round(value, 4)
    if not MIN_RETENTION <= value <= MAX_RETENTION:
        return None, (f"choose from {MIN_RETENTION:g} to {MAX_RETENTION:g} "
                      f"({MIN_RETENTION:.0%} to {MAX_RETENTION:.0%})")
    return value, ""


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


def _short(value: Any, limit: int = 40) -> str:
    """A value as it would appear in the file, cut short (a hostile file may hold megabytes)."""
    try:
        text = repr(value)
    except ValueError:  # an integer too long to print
        return "a number too large"
    return text if len(text) <= limit else text[: limit - 3] + "..."


@dataclass
class ConfigFile:
    """The settings file: where it is, what it says, and whether it may be written.

    `problem` is set when the file exists but cannot be used as it is; such a file is
    never written (`save` refuses), so nothing the learner wrote by hand is lost.
    `text` is the file as read, so a save can keep everything else in it.
    """

    path: Path | None  # None: settings live in memory only (tests, snapshots)
    settings: Settings = field(default_factory=Settings)
    problem: str | None = None
    text: str | None = None

    @classmethod
    def load(cls, path: str | os.PathLike[str] | None = None) -> ConfigFile:
        """Read the settings; a missing file gives the defaults, a broken one a problem."""
        file = config_path(path)
        try:
            if file.exists() and not file.is_file() and not file.is_dir():
                # A FIFO or a device would block or never end: do not even open it.
                return cls(file, problem=f"{file} is not a regular file")
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
        except ValueError:  # an integer of thousands of digits
            return cls(file, problem=f"{file}: a number in it is too large to read")
        except RecursionError:
            return cls(file, problem=f"{file}: arrays or tables nested too deeply to read")
        try:
            settings, problems = parse_settings(data)
        except RecursionError:
            return cls(file, problem=f"{file}: arrays or tables nested too deeply to read")
        problem = f"{file}: " + "; ".join(problems) if problems else None
        return cls(file, settings, problem, text)

    def save(self, settings: Settings) -> str | None:
        """Write `settings`; returns None when saved, else why not (the file is untouched)."""
        self.settings = settings
        if self.path is None:
            return None
        if self.problem is not None:
            return (f"not saved: the settings file has a problem and is left as it is "
                    f"({self.path})")
        from mj_trainer.quizzes.atomic_file import write_atomically

        try:
            text = settings_text(settings, self.text)
        except (ValueError, RecursionError) as err:  # tomlkit could not rewrite it
            return f"not saved: {self.path}: cannot rewrite the file ({err})"
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            write_atomically(self.path, text)
        except OSError as err:
            reason = f"{self.path}: {err.strerror}" if err.strerror else str(err)
            return f"not saved: {reason}"
        self.text = text
        return None
