"""Curated hand sets: TOML files of hands to score, loaded and checked.

A set file has a `[set]` header table and one `[[hands]]` table per hand (the format
is described in `quizzes/sets/FORMAT.md`).  The built-in sets live in
`quizzes/sets/*.toml`; learners may write their own files in the same format.

Loading never stores or trusts an answer: every hand is only parsed and validated
here, and the engine scores it when a quiz asks.  A broken file is reported in full
(every problem, each with the file, the hand and the line) through `SetError`,
never through a traceback.
"""

from __future__ import annotations

import re
import stat
import tomllib
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from functools import cache, lru_cache
from pathlib import Path
from typing import Any, Final

from mj_trainer.engine.hand import DEFAULT_RULESET, Hand, HandError
from mj_trainer.engine.notation import NotationError, in_notation_words, parse
from mj_trainer.engine.plain_text import plain
from mj_trainer.engine.ruleset import RulesetError, load

BUILTIN_DIR: Final = Path(__file__).resolve().parent / "sets"
SET_ID: Final = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
HAND_ID: Final = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]*")
MAX_ID_LENGTH: Final = 64
MAX_SET_FILE: Final = 8 << 20  # bytes; some 80,000 hands, far more than any set needs
DEFAULT_ORDER: Final = 1000
SET_KEYS: Final = ("id", "name", "description", "order", "ruleset")
HAND_KEYS: Final = ("id", "title", "hand", "note", "focus")
_RULESET_TOKEN: Final = re.compile(r"(?:^|\s)(?:ruleset|rules):", re.IGNORECASE)
_TOML_WHERE: Final = re.compile(r"\s*\(at line (\d+), column (\d+)\)\s*$")
_TOML_END: Final = re.compile(r"\s*\(at end of document\)\s*$")


@dataclass(frozen=True, slots=True)
class SetProblem:
    """One thing wrong with a set file, located as precisely as the file allows."""

    file: str
    message: str
    hand: str | None = None  # "'x-3'" or "#3" when the hand has no usable id
    line: int | None = None

    def __str__(self) -> str:
        where = " ".join(
            part
            for part in (
                f"hand {self.hand}" if self.hand else "",
                f"line {self.line}" if self.line else "",
            )
            if part
        )
        return f"{self.file}: {where}: {self.message}" if where else (
            f"{self.file}: {self.message}")


class SetError(ValueError):
    """A set file (or the built-in sets) that cannot be used; lists every problem."""

    def __init__(self, problems: list[SetProblem]) -> None:
        self.problems = problems
        super().__init__("\n".join(str(p) for p in problems))

    @property
    def lines(self) -> list[str]:
        """One readable line per problem, for stderr."""
        return [str(p) for p in self.problems]


@dataclass(frozen=True, slots=True)
class CuratedHand:
    """A hand of a set: its stable id, the parsed engine hand and the teaching text."""

    id: str
    set_id: str
    title: str
    text: str  # the hand in the human notation, as written in the file
    hand: Hand
    note: str = ""
    focus: tuple[str, ...] = ()  # pattern ids the hand is about (counted or not)
    line: int | None = None  # where the hand's table starts in its file


@dataclass(frozen=True, slots=True)
class HandSet:
    """A named, ordered collection of curated hands."""

    id: str
    name: str
    description: str
    order: int
    ruleset: str
    hands: tuple[CuratedHand, ...]
    path: Path | None = None
    builtin: bool = False

    def __len__(self) -> int:
        return len(self.hands)

    def __iter__(self) -> Iterator[CuratedHand]:
        return iter(self.hands)

    def hand(self, hand_id: str) -> CuratedHand:
        """The hand with this id; KeyError when the set has none."""
        for h in self.hands:
            if h.id == hand_id:
                return h
        raise KeyError(f"set {self.id!r} has no hand {hand_id!r}")


# ---------------------------------------------------------------------------
# Where things are in the file.  tomllib gives values but no positions, so a light
# scan of the text finds each table header and each key's line.


@dataclass(slots=True)
class _Block:
    header: int  # line of the table header (0 for the top of the file)
    keys: dict[str, int]


@dataclass(slots=True)
class _Layout:
    top: _Block
    set: _Block | None
    hands: list[_Block]
    lines: int

    def set_line(self, key: str | None = None) -> int | None:
        if self.set is None:
            return None
        if key is not None and key in self.set.keys:
            return self.set.keys[key]
        return self.set.header or None

    def hand_line(self, index: int, key: str | None = None) -> int | None:
        if index >= len(self.hands):
            return None
        block = self.hands[index]
        if key is not None and key in block.keys:
            return block.keys[key]
        return block.header or None


_HEADER = re.compile(r"\[\[?\s*([^\]]*?)\s*\]\]?")
_KEY = re.compile(r"""([A-Za-z0-9_-]+|"[^"]*"|'[^']*')\s*(?:\.|=)""")


def _layout(text: str) -> _Layout:
    # TOML (and so tomllib's line numbers) breaks lines at "\n" only.
    rows = text.split("\n")
    if rows and rows[-1] == "":
        rows.pop()
    top = _Block(0, {})
    layout = _Layout(top, None, [], max(1, len(rows)))
    current: _Block | None = top
    in_string: str | None = None  # the delimiter of an open multi-line string
    for number, raw in enumerate(rows, start=1):
        line = raw.strip()
        if in_string is not None:
            if raw.count(in_string) % 2 == 1:
                in_string = None
            continue
        if not line or line.startswith("#"):
            continue
        if line.startswith("["):
            header = _HEADER.match(line)
            name = header.group(1).strip().strip("\"'") if header else ""
            if line.startswith("[[") and name == "hands":
                current = _Block(number, {})
                layout.hands.append(current)
            elif not line.startswith("[[") and name == "set":
                current = _Block(number, {})
                layout.set = current
            else:
                current = None  # some other table: not ours to locate in
            continue
        key = _KEY.match(line)
        if key is not None and current is not None:
            current.keys.setdefault(key.group(1).strip("\"'"), number)
        for delim in ('"""', "'''"):
            if line.count(delim) % 2 == 1:
                in_string = delim
                break
    return layout


# ---------------------------------------------------------------------------
# Reading and checking.


def _kind(value: object) -> str:
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int):
        return "an integer"
    if isinstance(value, float):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a table"
    return "a date or time"


def _toml_problem(name: str, err: tomllib.TOMLDecodeError, lines: int) -> SetProblem:
    message = str(err)
    where = _TOML_WHERE.search(message)
    if where is not None:
        text = message[: where.start()]
        return SetProblem(name, f"invalid TOML: {text} (column {where.group(2)})",
                          line=int(where.group(1)))
    end = _TOML_END.search(message)
    if end is not None:
        text = message[: end.start()]
        return SetProblem(name, f"invalid TOML: {text} at the end of the file", line=lines)
    return SetProblem(name, f"invalid TOML: {message}")


def _resolve_ruleset(name: str, base_dir: Path | None) -> str:
    """A ruleset path written relative to the set file, made independent of the cwd."""
    looks_like_path = "/" in name or "\\" in name or name.endswith(".toml")
    if looks_like_path and base_dir is not None:
        try:
            candidate = base_dir / name
            if not Path(name).is_absolute() and candidate.is_file():
                return str(candidate)
        except (OSError, ValueError):  # a name too long, or with a NUL: load() reports it
            pass
    return name


class _Checker:
    """Collects the problems of one file while building its set."""

    def __init__(self, name: str, text: str, base_dir: Path | None) -> None:
        self.name = name
        self.text = text
        self.base_dir = base_dir
        self.problems: list[SetProblem] = []
        self.layout = _layout(text)

    def add(self, message: str, *, hand: str | None = None, line: int | None = None) -> None:
        self.problems.append(SetProblem(self.name, message, hand, line))

    def ruleset_problem(self, name: str) -> str | None:
        try:
            load(name)
        except RulesetError as err:
            return str(err)
        except Exception as err:  # e.g. a name too long for the file system
            return f"ruleset {name[:80]!r} cannot be loaded: {type(err).__name__}: {err}"
        return None

    # -- the [set] table --------------------------------------------------

    def header(self, data: dict[str, Any]) -> tuple[str, str, str, int, str]:
        count = len(self.problems)
        try:
            return self._header(data)
        finally:
            self._sort_from(count)

    def _sort_from(self, count: int) -> None:
        """Report the problems found since `count` top to bottom, as the file reads."""
        self.problems[count:] = sorted(self.problems[count:],
                                       key=lambda p: p.line if p.line else 1 << 30)

    def _header(self, data: dict[str, Any]) -> tuple[str, str, str, int, str]:
        for key in data:
            if key not in ("set", "hands"):
                self.add(f"unknown top-level key {key!r} (a set file has [set] and [[hands]])",
                         line=self.layout.top.keys.get(key))
        raw = data.get("set")
        nothing = ("", "", "", DEFAULT_ORDER, DEFAULT_RULESET)
        if raw is None:
            self.add("missing the [set] table (id, name, description, order)", line=1)
            return nothing
        if not isinstance(raw, dict):
            self.add(f"'set' must be a table, not {_kind(raw)}",
                     line=self.layout.top.keys.get("set"))
            return nothing
        line = self.layout.set_line
        for key in raw:
            if key not in SET_KEYS:
                self.add(f"[set]: unknown key {key!r} (known: {', '.join(SET_KEYS)})",
                         line=line(key))
        set_id = self._string(raw, "id", "[set]", line, required=True)
        if set_id and (not SET_ID.fullmatch(set_id) or len(set_id) > MAX_ID_LENGTH):
            self.add(f"[set]: id {set_id!r} must be lowercase letters, digits and single "
                     "dashes, like 'my-hands'", line=line("id"))
        name = self._string(raw, "name", "[set]", line, required=True)
        description = self._string(raw, "description", "[set]", line, required=False)
        order = DEFAULT_ORDER
        if "order" in raw:
            value = raw["order"]
            if isinstance(value, int) and not isinstance(value, bool):
                order = value
            else:
                self.add(f"[set]: 'order' must be a whole number, not {_kind(value)}",
                         line=line("order"))
        ruleset = DEFAULT_RULESET
        if "ruleset" in raw:
            value = raw["ruleset"]
            if isinstance(value, str) and value.strip():
                ruleset = _resolve_ruleset(value.strip(), self.base_dir)
                trouble = self.ruleset_problem(ruleset)
                if trouble is not None:
                    self.add(f"[set]: {trouble}", line=line("ruleset"))
                    ruleset = DEFAULT_RULESET
            else:
                self.add(f"[set]: 'ruleset' must be a ruleset name or .toml path, not "
                         f"{_kind(value) if not isinstance(value, str) else 'an empty string'}",
                         line=line("ruleset"))
        return set_id, name, description, order, ruleset

    def _string(
        self,
        table: dict[str, Any],
        key: str,
        where: str,
        line: Callable[[str | None], int | None],
        *,
        required: bool,
        hand: str | None = None,
    ) -> str:
        prefix = f"{where}: " if where else ""
        if key not in table:
            if required:
                self.add(f"{prefix}missing {key!r}", hand=hand, line=line(None))
            return ""
        raw: object = table[key]
        if not isinstance(raw, str):
            self.add(f"{prefix}{key!r} must be a string, not {_kind(raw)}", hand=hand,
                     line=line(key))
            return ""
        value = raw.strip()
        if required and not value:
            self.add(f"{prefix}{key!r} is empty", hand=hand, line=line(key))
        return value

    # -- the [[hands]] tables ---------------------------------------------

    def hands(self, data: dict[str, Any], set_id: str, ruleset: str) -> list[CuratedHand]:
        raw = data.get("hands")
        if raw is None:
            self.add("no hands: add [[hands]] tables with id, title, hand and note",
                     line=self.layout.lines)
            return []
        if not isinstance(raw, list):
            self.add(f"'hands' must be a list of [[hands]] tables, not {_kind(raw)}",
                     line=self.layout.top.keys.get("hands"))
            return []
        if not raw:
            self.add("no hands: add [[hands]] tables with id, title, hand and note",
                     line=self.layout.top.keys.get("hands"))
        out: list[CuratedHand] = []
        first_seen: dict[str, int | None] = {}
        for index, item in enumerate(raw):
            hand = self._hand(index, item, set_id, ruleset, first_seen)
            if hand is not None:
                out.append(hand)
        return out

    def _hand(
        self,
        index: int,
        item: object,
        set_id: str,
        ruleset: str,
        first_seen: dict[str, int | None],
    ) -> CuratedHand | None:
        def line(key: str | None) -> int | None:
            return self.layout.hand_line(index, key)

        label = f"#{index + 1}"
        count = len(self.problems)
        if not isinstance(item, dict):
            self.add(f"a hand must be a table, not {_kind(item)}", hand=label, line=line(None))
            return None
        raw_id = item.get("id")
        hand_id = ""
        if isinstance(raw_id, str) and raw_id.strip():
            hand_id = raw_id.strip()
            label = repr(hand_id)
        if "id" not in item:
            self.add("missing 'id'", hand=label, line=line(None))
        elif not isinstance(raw_id, str):
            self.add(f"'id' must be a string, not {_kind(raw_id)}", hand=label, line=line("id"))
        elif not hand_id:
            self.add("'id' is empty", hand=label, line=line("id"))
        elif not HAND_ID.fullmatch(hand_id) or len(hand_id) > MAX_ID_LENGTH:
            self.add("the id must be letters, digits, '-', '_' or '.', like 'my-001'",
                     hand=label, line=line("id"))
        if hand_id:
            if hand_id in first_seen:
                earlier = first_seen[hand_id]
                also = f" (first used at line {earlier})" if earlier else ""
                self.add(f"duplicate hand id{also}", hand=label, line=line("id"))
            else:
                first_seen[hand_id] = line("id")
        for key in item:
            if key not in HAND_KEYS:
                self.add(f"unknown key {key!r} (known: {', '.join(HAND_KEYS)})", hand=label,
                         line=line(key))
        title = self._string(item, "title", "", line, required=True, hand=label)
        note = self._string(item, "note", "", line, required=False, hand=label)
        text = self._string(item, "hand", "", line, required=True, hand=label)
        parsed = self._parse_hand(text, ruleset, label, line("hand")) if text else None
        focus = self._focus(item, parsed, ruleset, label, line("focus"))
        self._sort_from(count)
        if len(self.problems) > count or parsed is None:
            return None
        return CuratedHand(hand_id, set_id, title, text, parsed, note, focus, line(None))

    def _parse_hand(self, text: str, ruleset: str, label: str, line: int | None) -> Hand | None:
        try:
            hand = parse(text)
        except NotationError as err:
            for p in err.problems:
                self.add(str(p), hand=label, line=line)
            return None
        except HandError as err:
            for p in err.problems:
                self.add(in_notation_words(p).message, hand=label, line=line)
            return None
        except Exception as err:  # an engine bug must not turn into a traceback here
            self.add(f"the engine could not read this hand ({type(err).__name__}: {err})",
                     hand=label, line=line)
            return None
        if _RULESET_TOKEN.search(text):
            resolved = _resolve_ruleset(hand.ruleset, self.base_dir)
            trouble = self.ruleset_problem(resolved)
            if trouble is not None:
                self.add(trouble, hand=label, line=line)
                return None
            return hand if resolved == hand.ruleset else replace(hand, ruleset=resolved)
        return hand if ruleset == hand.ruleset else replace(hand, ruleset=ruleset)

    def _focus(
        self, item: dict[str, Any], hand: Hand | None, ruleset: str, label: str,
        line: int | None,
    ) -> tuple[str, ...]:
        if "focus" not in item:
            return ()
        value = item["focus"]
        if isinstance(value, str):
            value = [value]
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            self.add("'focus' must be a list of pattern ids, like [\"1.2\", \"8.1.1\"]",
                     hand=label, line=line)
            return ()
        ids = tuple(v.strip() for v in value)
        rules_name = hand.ruleset if hand is not None else ruleset
        if self.ruleset_problem(rules_name) is not None:
            return ids  # already reported
        known = load(rules_name).by_id()
        for pid in ids:
            if pid not in known:
                self.add(f"focus: {pid!r} is not a pattern of {load(rules_name).id}",
                         hand=label, line=line)
        return ids


def parse_set(
    text: str,
    name: str = "<set>",
    *,
    path: Path | None = None,
    builtin: bool = False,
) -> HandSet:
    """A hand set from the text of a set file; raises SetError listing every problem.

    `name` is how problems refer to the file; `path` (when the text came from a file)
    lets a `ruleset` path be written relative to the set file.
    """
    if text.startswith("\ufeff"):
        text = text[1:]
    base_dir = path.parent if path is not None else None
    checker = _Checker(name, text, base_dir)
    try:
        data = plain(tomllib.loads(text))  # names and notes reach the terminal: no escapes
    except tomllib.TOMLDecodeError as err:
        raise SetError([_toml_problem(name, err, checker.layout.lines)]) from None
    except RecursionError:
        raise SetError([SetProblem(name, "invalid TOML: nested too deeply")]) from None
    except ValueError:  # an integer of thousands of digits
        raise SetError([SetProblem(name, "a number in it is too large to read")]) from None
    set_id, set_name, description, order, ruleset = checker.header(data)
    hands = checker.hands(data, set_id, ruleset)
    if checker.problems:
        raise SetError(checker.problems)
    return HandSet(set_id, set_name, description, order, ruleset, tuple(hands), path, builtin)


def _read(path: Path) -> str:
    name = path.name or str(path)
    try:
        with path.open("rb") as fh:  # never more than the limit, whatever it turned into
            data = fh.read(MAX_SET_FILE + 1)
        if len(data) > MAX_SET_FILE:
            raise SetError([SetProblem(name, f"too large for a set file (over "
                                             f"{MAX_SET_FILE} bytes)")])
    except FileNotFoundError:
        raise SetError([SetProblem(name, f"no such file: {path}")]) from None
    except IsADirectoryError:
        raise SetError([SetProblem(name, f"{path} is a directory, not a set file")]) from None
    except OSError as err:
        raise SetError([SetProblem(name, f"cannot read: {err.strerror or err}")]) from None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as err:
        line = data[: err.start].count(b"\n") + 1
        raise SetError([SetProblem(name, "not UTF-8 text: save the file as UTF-8",
                                   line=line)]) from None


@lru_cache(maxsize=64)
def _load_cached(path: Path, _mtime: int, _size: int, builtin: bool) -> HandSet:
    return parse_set(_read(path), path.name, path=path, builtin=builtin)


def load_set_file(path: str | Path, *, builtin: bool = False) -> HandSet:
    """Load and check a set file; raises SetError (never anything else for bad input).

    Only a regular file of at most `MAX_SET_FILE` bytes is read: a device such as
    /dev/zero would never end, a pipe would wait for a writer.
    Results are cached until the file changes, so loading again is free.
    """
    p = Path(path)
    name = p.name or str(p)
    try:
        resolved = p.resolve()
        st = resolved.stat()
    except FileNotFoundError:
        raise SetError([SetProblem(name, f"no such file: {p}")]) from None
    except (OSError, RuntimeError) as err:
        raise SetError([SetProblem(name, f"cannot read: {err}")]) from None
    if stat.S_ISDIR(st.st_mode):
        raise SetError([SetProblem(name, f"{p} is a directory, not a set file")])
    if not stat.S_ISREG(st.st_mode):
        raise SetError([SetProblem(name, f"{p} is not a regular file (a pipe or a device?)")])
    if st.st_size > MAX_SET_FILE:
        raise SetError([SetProblem(name, f"too large for a set file ({st.st_size} bytes; "
                                         f"at most {MAX_SET_FILE})")])
    return _load_cached(resolved, st.st_mtime_ns, st.st_size, builtin)


@cache
def builtin_sets() -> tuple[HandSet, ...]:
    """Every set shipped with the trainer, in listing order (by `order`, then id)."""
    problems: list[SetProblem] = []
    sets: list[HandSet] = []
    for path in sorted(BUILTIN_DIR.glob("*.toml")):
        try:
            sets.append(load_set_file(path, builtin=True))
        except SetError as err:
            problems.extend(err.problems)
    set_files: dict[str, str] = {}
    hand_sets: dict[str, str] = {}
    for s in sets:
        file = s.path.name if s.path else s.id
        if s.id in set_files:
            problems.append(SetProblem(file, f"set id {s.id!r} is also used by "
                                       f"{set_files[s.id]}"))
        set_files.setdefault(s.id, file)
        for h in s.hands:
            if h.id in hand_sets:
                problems.append(SetProblem(file, f"hand id also used in set {hand_sets[h.id]!r}",
                                           repr(h.id), h.line))
            hand_sets.setdefault(h.id, s.id)
    if problems:
        raise SetError(problems)
    return tuple(sorted(sets, key=lambda s: (s.order, s.id)))


def builtin_set(set_id: str) -> HandSet:
    """A built-in set by id; KeyError naming the known ids when there is none."""
    for s in builtin_sets():
        if s.id == set_id:
            return s
    known = ", ".join(s.id for s in builtin_sets())
    raise KeyError(f"unknown set {set_id!r} (known: {known})")


def all_hands() -> tuple[CuratedHand, ...]:
    """Every built-in curated hand, set by set in listing order."""
    return tuple(h for s in builtin_sets() for h in s.hands)


def find_hand(hand_id: str) -> CuratedHand:
    """A built-in curated hand by its id; KeyError when no set has it."""
    for h in all_hands():
        if h.id == hand_id:
            return h
    raise KeyError(f"no curated hand {hand_id!r}")
