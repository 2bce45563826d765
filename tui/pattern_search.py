"""Find patterns by what a learner types: an id, a name in any word order, a Chinese name.

The quiz's pattern filter and the reference search share these rules, so a query finds
the same patterns in both.  A pattern matches when

* the query starts its id (``8.1`` finds 8.1.1, 8.1.2 ...);
* the query, spaces left out, is part of its name (``little three d`` and ``ee w`` find
  Little Three Dragons and Big Three Winds);
* every word of the query starts a word of its name or its id, in any order
  (``little dragons`` finds Little Three Dragons);
* the query is part of its Chinese name.

Category names are not searched: every pung would match ``pair`` under classical,
whose category 1 is "Points for Sets and Pairs".
"""

from __future__ import annotations

import re

from mj_trainer.engine.ruleset import Pattern

_NOT_KEPT = re.compile(r"[^0-9a-z\u3400-\u9fff.]+")
_WORD = re.compile(r"[0-9a-z\u3400-\u9fff.]+")


def compact(text: str) -> str:
    """`text` folded to lower case with everything but letters, digits and '.' left out."""
    return _NOT_KEPT.sub("", text.casefold())


def words(text: str) -> list[str]:
    """The words of `text`, folded to lower case."""
    return _WORD.findall(text.casefold())


def text_matches(query: str, text: str, ident: str = "") -> bool:
    """Whether `query` finds `text` (a name or a title, with its id if it has one)."""
    q = compact(query)
    if not q:
        return True
    if ident and (ident.startswith(q) or ident == q.rstrip(".")):
        return True
    if q in compact(text):
        return True
    targets = words(text) + ([ident] if ident else [])
    return all(any(t.startswith(w) for t in targets) for w in words(query))


def pattern_matches(pattern: Pattern, query: str) -> bool:
    """Whether `query` finds `pattern` (by id, name or Chinese name)."""
    if text_matches(query, pattern.name, pattern.id):
        return True
    q = compact(query)
    return bool(pattern.chinese) and q in pattern.chinese
