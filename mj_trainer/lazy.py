"""Names a package hands out when they are first used (PEP 562).

The engine and the course keep their public names on the package, but import the module
behind a name only when someone asks for it: the settings and the first screen need
`engine.tiles` and the learner's place in the course, not the scorer, the detectors or
the drills' hand search.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping
from importlib import import_module
from typing import Any


def lazy_names(package: str, homes: Mapping[str, str]) -> Callable[[str], Any]:
    """A module `__getattr__` for `package`: `homes` maps each name to the submodule
    that holds it; the first lookup imports it and binds the name on the package, so
    later lookups find it directly."""

    def __getattr__(name: str) -> Any:
        home = homes.get(name)
        if home is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(import_module(f"{package}.{home}"), name)
        setattr(sys.modules[package], name, value)
        return value

    return __getattr__
