"""Save a hand to the learner's own set file, `my-hands.toml` in the data folder.

The Sets screen lists every set file of `<data dir>/sets/`, so a saved hand can be
played like a curated one.  The file is checked with the set loader after writing; if
it would not load (or was already broken), it is left exactly as it was and the
problem is returned for the screen to show.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Final

from mj_trainer.engine.hand import Hand
from mj_trainer.engine.notation import format_hand

FILE_NAME: Final = "my-hands.toml"
SET_ID: Final = "my-hands"
HEADER: Final = (
    "[set]\n"
    f'id = "{SET_ID}"\n'
    'name = "My hands"\n'
    'description = "Hands saved from the calculator."\n'
)


class SaveError(Exception):
    """The hand could not be saved; the message says why and where."""


def _toml_string(text: str) -> str:
    # A JSON string is a valid TOML basic string for the text we write.
    return json.dumps(text, ensure_ascii=False)


def save_hand(folder: Path, hand: Hand, *, title: str, note: str = "") -> tuple[Path, str]:
    """Append `hand` to the set file in `folder`; returns (the file, the new hand's id)."""
    from mj_trainer.quizzes.sets import SetError, load_set_file

    path = folder / FILE_NAME
    try:
        folder.mkdir(parents=True, exist_ok=True)
        old = path.read_text(encoding="utf-8") if path.exists() else None
    except OSError as err:
        raise SaveError(f"cannot use {folder}: {err.strerror or err}") from None
    taken: set[str] = set()
    if old is not None:
        try:
            taken = {h.id for h in load_set_file(path).hands}
        except SetError as err:
            raise SaveError(f"{path} has problems, so nothing was added: "
                            f"{err.lines[0] if err.lines else err}") from None
    number = len(taken) + 1
    while f"{SET_ID}-{number:03d}" in taken:
        number += 1
    hand_id = f"{SET_ID}-{number:03d}"
    entry = (f"\n[[hands]]\nid = {_toml_string(hand_id)}\ntitle = {_toml_string(title)}\n"
             f"hand = {_toml_string(format_hand(hand))}\n")
    if note:
        entry += f"note = {_toml_string(note)}\n"
    text = (old if old is not None else HEADER)
    if not text.endswith("\n"):
        text += "\n"
    try:
        path.write_text(text + entry, encoding="utf-8")
        load_set_file(path)
    except SetError as err:
        _restore(path, old)
        raise SaveError(f"the hand would break {path}: "
                        f"{err.lines[0] if err.lines else err}") from None
    except OSError as err:
        _restore(path, old)
        raise SaveError(f"cannot write {path}: {err.strerror or err}") from None
    return path, hand_id


def _restore(path: Path, old: str | None) -> None:
    try:
        if old is None:
            path.unlink(missing_ok=True)
        else:
            path.write_text(old, encoding="utf-8")
    except OSError:  # pragma: no cover - the disk went away between two writes
        pass
