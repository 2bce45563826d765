"""The keys a web browser keeps for itself, and what the app offers instead there.

Under `mj-trainer serve` the app draws in a browser tab, and the browser acts on some
keys before the page sees them: ctrl+q quits Firefox (every tab with it), ctrl+w closes
the tab, ctrl+t and ctrl+n open a tab or a window, ctrl+l jumps to the address bar.  A
learner must never be told to press one of them.  Under Textual's web driver the app

* moves quit to F10 (the quit key of Midnight Commander and htop), which browsers hand
  to the page; ctrl+q still quits where a browser lets it through;
* leaves every other browser key out of the footer and the palette's key hints (each
  such binding has another way: the sets dialog's ctrl+l Load is also enter and its
  Load button);
* rewrites "ctrl+q" in the help and notices to the key it uses instead.
"""

from __future__ import annotations

import re
from typing import Final

BROWSER_KEYS: Final = frozenset({"ctrl+q", "ctrl+l", "ctrl+w", "ctrl+t", "ctrl+n"})
TERMINAL_QUIT_KEY: Final = "ctrl+q"
WEB_QUIT_KEY: Final = "f10"
# Binding ids (Textual keymap) and the keys they take under the web driver.
WEB_KEYMAP: Final = {"app.quit": WEB_QUIT_KEY}

_QUIT_WORD = re.compile(r"(?<![\w+])ctrl\+q(?![\w+])", re.IGNORECASE)


def quit_key(web: bool) -> str:
    """The key that quits: ctrl+q in a terminal, F10 in a browser."""
    return WEB_QUIT_KEY if web else TERMINAL_QUIT_KEY


def for_browser(text: str) -> str:
    """`text` (help, a notice) with the quit key a browser keeps replaced by F10."""
    return _QUIT_WORD.sub(WEB_QUIT_KEY, text)


def kept_by_browser(key: str) -> bool:
    """Whether a browser acts on `key` (a Textual key name) before the page sees it."""
    return key.lower() in BROWSER_KEYS
