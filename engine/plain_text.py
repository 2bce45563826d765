"""Text from files the user gave us, made safe to show in a terminal.

Set files and rulesets carry names, titles, notes and descriptions that end up on
screen. A TOML string may hold any character through an escape (``"\\u001b]0;x\\u0007"``),
and an escape sequence printed to a terminal can retitle the window, move the cursor or
worse. Everything parsed from such a file passes through `plain` once, right after
reading: control characters (C0 except tab and newline, DEL, C1) are removed, so the
rest of the program only ever sees text.
"""

from __future__ import annotations

import re
from typing import Any, Final

_CONTROL: Final = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def plain_text(text: str) -> str:
    """`text` without control characters (tab and newline stay)."""
    return _CONTROL.sub("", text)


def plain(value: Any) -> Any:
    """A parsed TOML value with every string in it (keys too) made plain."""
    if isinstance(value, str):
        return plain_text(value)
    if isinstance(value, dict):
        return {plain_text(k): plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [plain(v) for v in value]
    return value
