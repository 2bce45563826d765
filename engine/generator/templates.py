"""The generator's templates: how to build a hand that shows each pattern.

A template is declared once, with its pattern's detector in `engine/patterns/`
(`template=DeclaredTemplate(build, shapes, implies)`, or `no_template="why"`); this
module reads them all from the rule catalogue into `TEMPLATES`, keyed by *detector
name*, not by pattern id, because a ruleset maps its ids to detectors: any ruleset
whose pattern uses the `nine_gates` detector gets Nine Gates hands without code
changes.

A template places what its pattern needs on a `Draft` (the target shape first) and
leaves the rest to the finisher's random fill.  It also declares the shapes it builds
and the detectors that always come along; from those and the ruleset's families the
planner tells which difficulty levels the pattern can reach, and refuses impossible
requests up front.  Templates aim to make the pattern *count*, not just appear: they
keep out the bigger patterns of the same family where that is cheap (the scorer
verifies every hand anyway; a miss costs one more attempt).  A detector with no
template still works: hands are then drawn at random and kept when the scorer counts
the pattern.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Final

from mj_trainer.engine.generator.builder import Draft
from mj_trainer.engine.patterns import basics
from mj_trainer.engine.patterns.registry import CATALOGUE, Detector, DetectorRef, name_of
from mj_trainer.engine.shape import Shape

Build = Callable[[Draft], None]


def _name(ref: DetectorRef) -> str:
    if isinstance(ref, str):
        if ref not in CATALOGUE:
            raise KeyError(f"{ref!r} is not in the rule catalogue")
        return ref
    return name_of(ref)


def _names(refs: tuple[DetectorRef, ...]) -> tuple[str, ...]:
    return tuple(map(_name, refs))


REGULAR, PAIRS, ORPHANS = Shape.REGULAR, Shape.SEVEN_PAIRS, Shape.THIRTEEN_ORPHANS
# What every hand of a shape shows: seven pairs and thirteen orphans are always
# concealed, and thirteen orphans always holds all five types (R5, R15, R16).
SHAPE_IMPLIES: Final = {
    REGULAR: (),
    PAIRS: _names((basics.concealed_hand,)),
    ORPHANS: _names((basics.concealed_hand, basics.all_types)),
}


@dataclass(frozen=True, slots=True)
class Template:
    """How to build hands that show a pattern, as the generator reads it.

    `shapes` are the hand shapes the template may build, and `implies` the
    detectors whose patterns every such hand shows as well (`regular_implies`:
    only in the regular shape).  With them the planner works out, for any
    ruleset, when the pattern always comes with a family conflict or a shape
    exclusion, so that it only occurs in hard hands.
    """

    detector: str
    build: Build
    shapes: tuple[Shape, ...] = (REGULAR,)
    implies: tuple[str, ...] = ()
    regular_implies: tuple[str, ...] = ()

    def implied(self, shape: Shape) -> tuple[str, ...]:
        """The detectors every hand of `shape` built by this template shows."""
        extra = self.regular_implies if shape is REGULAR else ()
        return (*self.implies, *extra, *SHAPE_IMPLIES[shape])


def declared_templates(catalogue: Mapping[str, Detector]) -> list[Template]:
    """The templates declared with the detectors of `catalogue`, as `Template`s."""
    return [Template(entry.name, entry.template.build, entry.template.shapes,
                     _names(entry.template.implies), _names(entry.template.regular_implies))
            for entry in catalogue.values() if entry.template is not None]


TEMPLATES: Final[dict[str, Template]] = {t.detector: t for t in declared_templates(CATALOGUE)}
