"""Quick constructors for the engine's frozen, slotted dataclasses.

A frozen dataclass's `__init__` sets every field through `object.__setattr__`, which
costs several times a plain assignment; the scorer builds a few of these objects per
hand, and a batch scores millions of hands.  `builder(cls)` returns a function taking
every field positionally, in declared order, that fills the slots directly and does
nothing else: no defaults, no `__post_init__`, no checks, so it serves only classes
that have none of those to run.  The object is the same as `cls(...)` would make.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields, is_dataclass
from typing import Any, TypeVar

T = TypeVar("T")


def builder(cls: type[T]) -> Callable[..., T]:
    """A function `(field1, field2, ...) -> cls` filling the slots of a frozen dataclass."""
    if not (is_dataclass(cls) and "__slots__" in vars(cls)):
        raise TypeError(f"{cls.__name__} is not a slotted dataclass")
    if hasattr(cls, "__post_init__"):
        raise TypeError(f"{cls.__name__} has a __post_init__, which a builder would skip")
    names = [f.name for f in fields(cls)]
    scope: dict[str, Any] = {"_new": object.__new__, "_cls": cls}
    lines = [f"def build({', '.join(names)}):", "    obj = _new(_cls)"]
    for i, name in enumerate(names):
        scope[f"_set{i}"] = getattr(cls, name).__set__
        lines.append(f"    _set{i}(obj, {name})")
    lines.append("    return obj")
    exec("\n".join(lines), scope)  # the source is built above from the field names
    made: Callable[..., T] = scope["build"]
    made.__qualname__ = f"builder({cls.__name__})"
    return made
