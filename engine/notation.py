"""The one-line human notation for hands, parsed and formatted.

    c123 c45 b55 dr dr dr [we we we] {k8888} +c6 self f1 s3 seat:south final-draw

Suit runs (`c123` is c1 c2 c3), honors (`we ws ww wn dr dg dw`), exposed melds in
`[ ]`, concealed kongs in `{ }`, `+TILE` for the winning tile (added to the
concealed tiles), `self` for a self-drawn win, bonus tiles (`f1`-`f4`, `s1`-`s4`),
`seat:` and `wind:` (prevailing), `ruleset:` and incidentals by name.  A `#` ends
the hand: what follows is a note (a shared hand says there where it came from, see
`engine.share`).  Errors name the 1-based column of the offending character.

The tiles may also be written as the app draws them (`engine.tile_faces`), so a
learner can copy what is on screen: `5c` is c5 (and `123c` is c1 c2 c3), `E S W N`
are the winds, `Rd Gd Wd` the dragons, `F1` and `S1` the bonus tiles; the Chinese
faces (`5萬`, `東`, `中`, `花1`) and the mahjong glyphs of Unicode (`🀋`) too, several
to a token.  Errors for a tile written neither way say how to write it.
`format_hand(parse(s))` gives a canonical string that parses back to the same hand.
`read(s)` parses a hand still being built (any number of tiles, maybe no winning tile).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

from mj_trainer.engine import tiles
from mj_trainer.engine.arrangements import Group
from mj_trainer.engine.hand import (
    DEFAULT_RULESET,
    Hand,
    HandError,
    Incidental,
    Meld,
    MeldKind,
    Problem,
    validate,
)
from mj_trainer.engine.shape import Shape
from mj_trainer.engine.tile_faces import TileStyle, faces
from mj_trainer.engine.tiles import Tile


class NotationError(HandError):
    """A line that is not valid notation; each problem's field is its column."""


WIND_WORDS: Final = {
    "east": tiles.EAST, "e": tiles.EAST,
    "south": tiles.SOUTH, "s": tiles.SOUTH,
    "west": tiles.WEST, "w": tiles.WEST,
    "north": tiles.NORTH, "n": tiles.NORTH,
}
SELF_WORDS: Final = frozenset({"self", "self-drawn", "selfdrawn", "tsumo"})
DISCARD_WORDS: Final = frozenset({"discard", "ron"})
INCIDENTAL_WORDS: Final = {i.value.replace("_", "-"): i for i in Incidental}
HONOR_CODES: Final = frozenset(tiles.WIND_CODES + tiles.DRAGON_CODES)
_TOKEN = re.compile(r"[^\s\[\]{}]+|[\[\]{}]")


@dataclass(slots=True)
class _Token:
    text: str
    col: int  # 1-based


def _tokens(line: str) -> list[_Token]:
    return [_Token(m.group(), m.start() + 1) for m in _TOKEN.finditer(line)]


def _error(col: int, message: str) -> NotationError:
    return NotationError([Problem(f"col {col}", message)])


def parse_tiles(tok: _Token) -> list[Tile]:
    """The tiles of one tile token: a suit run, an honor code, a bonus run, or tiles
    written as the app draws them (`5c`, `E`, `Rd`, `5萬`, `🀋`)."""
    text = tok.text.lower()
    if text in HONOR_CODES:
        return [tiles.CODE_TO_TILE[text]]
    if text in _TEXT_FACES:
        return [_TEXT_FACES[text]]
    letter = text[0]
    if letter in _GLYPH_CHARS or (letter in _RANKS and not _GLYPH_CHARS.isdisjoint(text)):
        return _glyphs(tok)
    if letter in _RANKS:
        return _rank_first(tok)
    if letter not in "cbkfs":
        raise _error(tok.col, f"{tok.text!r} is not a tile; {_TILE_FORMS}")
    if len(text) == 1:
        raise _error(tok.col, f"{tok.text!r} needs numbers after the suit letter, like {text}123")
    out: list[Tile] = []
    # Only the ASCII digits 1-9 (or 1-4): str.isdigit() also accepts '²' and '１',
    # which would then crash the code lookup instead of giving a NotationError.
    ranks = _RANKS if letter in "cbk" else "1234"
    for i, ch in enumerate(text[1:], start=1):
        if ch not in ranks:
            kind = "tile rank" if letter in "cbk" else f"{'flower' if letter == 'f' else 'season'}"
            what = f"{ch!r} is not a {kind}" if letter in "cbk" else (
                f"{ch!r} is not a {kind} number (1-4)")
            raise _error(tok.col + i, what)
        out.append(tiles.CODE_TO_TILE[f"{letter}{ch}"])
    return out


_RANKS: Final = "123456789"
# Tiles as the text style draws them, lower-cased as the notation reads every token:
# `5c`, `e`, `rd`, `f1` (the bonus labels are also their codes).
_TEXT_FACES: Final = {face.lower(): t for face, t in faces(TileStyle.TEXT).items()}
# The Chinese faces and the Unicode glyphs, which a token may hold several of.
_GLYPH_FACES: Final = {face: t for style in (TileStyle.CJK, TileStyle.UNICODE)
                       for face, t in faces(style).items()}
_GLYPH_CHARS: Final = frozenset(ch for face in _GLYPH_FACES for ch in face if ch not in _RANKS)
_VARIATION: Final = "\ufe0f"  # the emoji selector some keyboards put after 🀄
_TILE_FORMS: Final = "tiles are written like c5 or 5c, we or E, dr or Rd, f1"


def _rank_first(tok: _Token) -> list[Tile]:
    """Number tiles written rank first, as the app draws them: `5c`, `123c`."""
    text = tok.text.lower()
    for i, ch in enumerate(text):
        if ch in _RANKS:
            continue
        if i == 0 or ch not in "cbk":
            if ch in "0123456789" or ch.isdigit():
                raise _error(tok.col + i, f"{ch!r} is not a tile rank")
            raise _error(tok.col + i, f"{tok.text!r}: {_suits(text[:i])}")
        if i != len(text) - 1:
            raise _error(tok.col + i + 1, f"{tok.text!r}: the suit letter goes after "
                         f"the ranks ({text[:i]}{text[i + 1:]}{ch}) or before them "
                         f"({ch}{text[:i]}{text[i + 1:]})")
        return [tiles.CODE_TO_TILE[f"{ch}{r}"] for r in text[:i]]
    raise _error(tok.col + len(text), f"{tok.text!r}: {_suits(text)}")


def _suits(ranks: str) -> str:
    """How to write number tiles whose suit is missing or wrong."""
    return (f"the suit comes after the rank: {ranks}c coins, {ranks}b bamboo, "
            f"{ranks}k characters (or c{ranks}, b{ranks}, k{ranks})")


def _glyphs(tok: _Token) -> list[Tile]:
    """Tiles written with the app's Chinese faces (`5萬`, `123萬`, `東`, `花1`) or
    Unicode's mahjong glyphs (`🀋`), several to a token."""
    text = tok.text
    out: list[Tile] = []
    i = 0
    while i < len(text):
        ch = text[i]
        if ch == _VARIATION:
            i += 1
            continue
        if ch in _RANKS:  # a run of ranks, then the suit: 123萬
            j = i
            while j < len(text) and text[j] in _RANKS:
                j += 1
            suit = text[j:j + 1]
            if not suit or f"1{suit}" not in _GLYPH_FACES:
                ranks = text[i:j]
                raise _error(tok.col + j, f"{tok.text!r}: the suit comes after the rank: "
                             f"{ranks}筒 coins, {ranks}條 bamboo, {ranks}萬 characters "
                             f"(or c{ranks}, b{ranks}, k{ranks})")
            out.extend(_GLYPH_FACES[f"{r}{suit}"] for r in text[i:j])
            i = j + 1
        elif text[i:i + 2] in _GLYPH_FACES:  # 花1, 季1
            out.append(_GLYPH_FACES[text[i:i + 2]])
            i += 2
        elif ch in _GLYPH_FACES:
            out.append(_GLYPH_FACES[ch])
            i += 1
        else:
            raise _error(tok.col + i, f"{ch!r} is not a tile; {_TILE_FORMS}")
    return out


def _meld(tiles_in: list[Tile], concealed: bool, col: int) -> Meld:
    shown = " ".join(tiles.code(t) for t in tiles_in)
    if any(tiles.IS_BONUS[t] for t in tiles_in):
        raise _error(col, f"bonus tiles cannot be in a meld: [{shown}]")
    ordered = sorted(tiles_in)
    first = ordered[0]
    same = all(t == first for t in ordered)
    if concealed:
        if len(ordered) == 4 and same:
            return Meld(MeldKind.KONG, first, exposed=False)
        raise _error(col, f"{{{shown}}} is not a kong; braces hold concealed kongs only")
    if same and len(ordered) == 3:
        return Meld(MeldKind.PUNG, first)
    if same and len(ordered) == 4:
        return Meld(MeldKind.KONG, first)
    if (
        len(ordered) == 3
        and tiles.IS_NUMBER[first]
        and ordered == [first, first + 1, first + 2]
        and tiles.SUIT[first] == tiles.SUIT[first + 2]
    ):
        return Meld(MeldKind.CHOW, first)
    raise _error(col, f"[{shown}] is not a chow, pung or kong")


@dataclass(slots=True)
class Parts:
    """What one line says, before any check of the whole hand: the calculator reads
    hands still being built.  `concealed` holds the winning tile too, when there is one."""

    concealed: list[Tile]
    melds: list[Meld]
    bonus: list[Tile]
    winning: Tile | None = None
    self_drawn: bool = False
    seat: Tile = tiles.EAST
    prevailing: Tile = tiles.EAST
    incidentals: frozenset[Incidental] = frozenset()
    ruleset: str = DEFAULT_RULESET

    def hand(self, winning: Tile) -> Hand:
        return Hand(
            concealed=tuple(sorted(self.concealed)),
            winning_tile=winning,
            melds=tuple(self.melds),
            self_drawn=self.self_drawn,
            bonus=tuple(sorted(self.bonus)),
            seat_wind=self.seat,
            prevailing_wind=self.prevailing,
            incidentals=self.incidentals,
            ruleset=self.ruleset,
        )


def strip_note(line: str) -> str:
    """The line without its note: everything from the first `#` on."""
    return line.split("#", 1)[0]


def read(line: str) -> Parts:
    """The parts of a line, which may be empty or lack a winning tile; NotationError
    for text that is not notation."""
    toks = _tokens(strip_note(line))
    concealed: list[Tile] = []
    melds: list[Meld] = []
    bonus: list[Tile] = []
    winning: Tile | None = None
    win_col = 0
    self_drawn: bool | None = None
    seat = prevailing = tiles.EAST
    seen_keys: dict[str, int] = {}
    ruleset = DEFAULT_RULESET
    incidentals: set[Incidental] = set()
    i = 0
    while i < len(toks):
        tok = toks[i]
        text = tok.text
        low = text.lower()
        if text in "[{":
            close = "]" if text == "[" else "}"
            j = i + 1
            while j < len(toks) and toks[j].text != close:
                if toks[j].text in "[]{}":
                    raise _error(toks[j].col, f"{toks[j].text!r} inside a meld; close "
                                 f"{text!r} with {close!r} first")
                j += 1
            if j == len(toks):
                # Report the missing bracket before any token it swallowed (`[c456 +c1`).
                raise _error(tok.col, f"{text!r} is never closed with {close!r}")
            inside: list[Tile] = []
            for k in range(i + 1, j):
                inside.extend(parse_tiles(toks[k]))
            if not inside:
                raise _error(tok.col, "an empty meld")
            melds.append(_meld(inside, concealed=text == "{", col=tok.col))
            i = j + 1
            continue
        if text in "]}":
            raise _error(tok.col, f"{text!r} without an opening bracket")
        if low.startswith("+"):
            if winning is not None:
                raise _error(tok.col, f"a second winning tile (the first is at col {win_col})")
            sub = _Token(text[1:], tok.col + 1)
            if not sub.text:
                raise _error(tok.col, "'+' must be followed by the winning tile, like +c6")
            got = parse_tiles(sub)
            if len(got) != 1 or tiles.IS_BONUS[got[0]]:
                raise _error(tok.col, f"{text!r}: '+' marks exactly one playing tile")
            winning, win_col = got[0], tok.col
            concealed.append(winning)
        elif low in SELF_WORDS or low in DISCARD_WORDS:
            if self_drawn is not None:
                raise _error(tok.col, f"{text!r}: how the hand was won is already given")
            self_drawn = low in SELF_WORDS
        elif ":" in low:
            key, _, value = low.partition(":")
            if key in seen_keys:
                raise _error(tok.col, f"{key}: given twice (first at col {seen_keys[key]})")
            seen_keys[key] = tok.col
            if key in ("seat", "wind", "prevailing"):
                if value not in WIND_WORDS:
                    raise _error(tok.col + len(key) + 1,
                                 f"{value!r} is not a wind (east, south, west, north)")
                if key == "seat":
                    seat = WIND_WORDS[value]
                else:
                    prevailing = WIND_WORDS[value]
            elif key in ("ruleset", "rules"):
                if not value:
                    raise _error(tok.col, "ruleset: needs a name")
                ruleset = text.partition(":")[2]
            else:
                raise _error(tok.col, f"unknown setting {key!r} (seat:, wind:, ruleset:)")
        elif low.replace("_", "-") in INCIDENTAL_WORDS:
            item = INCIDENTAL_WORDS[low.replace("_", "-")]
            if item in incidentals:
                raise _error(tok.col, f"{text!r} given twice")
            incidentals.add(item)
        elif (low in HONOR_CODES or low in _TEXT_FACES or low[0] in "cbkfs"
              or low[0] in _RANKS or text[0] in _GLYPH_CHARS):
            for t in parse_tiles(tok):
                (bonus if tiles.IS_BONUS[t] else concealed).append(t)
        else:
            raise _error(tok.col, f"{text!r} is not a tile, meld or keyword; {_TILE_FORMS}")
        i += 1
    return Parts(concealed, melds, bonus, winning, bool(self_drawn), seat, prevailing,
                 frozenset(incidentals), ruleset)


def parse(line: str, *, check: bool = True) -> Hand:
    """A hand from one line of notation; raises NotationError or HandError (R6)."""
    body = strip_note(line)
    if not _tokens(body):
        raise _error(1, "empty hand: write tiles like c123 b55 dr dr dr ... +c6")
    parts = read(body)
    if parts.winning is None:
        raise _error(len(body.rstrip()) + 1, "no winning tile: mark it with '+', like +c6")
    hand = parts.hand(parts.winning)
    if check:
        problems = validate(hand)
        if problems:
            raise HandError(problems)
    return hand


# The hand checks (hand.validate) name the JSON fields; a hand typed in the notation is
# told in its words (callers that show a notation hand's problems to a person apply this).
# Only the fields those checks can name are listed.
_NOTATION_FIELDS: Final = {"incidentals": "", "winning_tile": "winning tile (+)",
                           "seat_wind": "seat", "prevailing_wind": "wind"}
_INCIDENTAL_NAMES: Final = re.compile(
    r"\b(" + "|".join(i.value for i in Incidental) + r")\b")


def in_notation_words(problem: Problem) -> Problem:
    """`problem` as a notation user reads it: `final-discard`, not `final_discard`."""
    message = _INCIDENTAL_NAMES.sub(lambda m: m.group(1).replace("_", "-"), problem.message)
    return Problem(_NOTATION_FIELDS.get(problem.field, problem.field), message)


def format_tiles(tile_list: list[Tile] | tuple[Tile, ...]) -> str:
    """Tiles in canonical notation: one run per suit, honors and bonus tiles one by one."""
    runs = ["", "", ""]
    singles: list[str] = []
    for t in sorted(tile_list):
        if t >= 27:
            singles.append(tiles.code(t))
        elif t >= 0:
            runs[t // 9] += _RANK_DIGIT[t]
    parts = [letter + run for letter, run in zip("cbk", runs, strict=True) if run]
    parts.extend(singles)
    return " ".join(parts)


_RANK_DIGIT: Final = tuple(str(t % 9 + 1) for t in range(27))


def group_text(group: Group) -> str:
    """A group in the notation: ``c123``, ``we we we``, ``[dr dr dr]``, ``{k8888}``."""
    if tiles.IS_NUMBER[group.tile]:
        body = format_tiles(group.tiles)
    else:
        body = " ".join(tiles.code(t) for t in group.tiles)
    if group.declared:
        return f"[{body}]" if not group.concealed else f"{{{body}}}"
    return body


def shape_text(shape: Shape) -> str:
    """A learner's name for a hand shape."""
    if shape is Shape.REGULAR:
        return "four sets and a pair"
    if shape is Shape.SPECIAL:
        return "an irregular hand of single tiles"
    return shape.label


def format_meld(meld: Meld) -> str:
    inner = format_tiles(meld.tiles) if meld.tile < 27 else " ".join(
        tiles.code(t) for t in meld.tiles)
    return f"{{{inner}}}" if not meld.exposed else f"[{inner}]"


def format_hand(hand: Hand) -> str:
    """The canonical one-line notation of a hand."""
    return format_parts(Parts(list(hand.concealed), list(hand.melds), list(hand.bonus),
                              hand.winning_tile, hand.self_drawn, hand.seat_wind,
                              hand.prevailing_wind, hand.incidentals, hand.ruleset))


def format_parts(parts: Parts) -> str:
    """Canonical notation of a hand, whole or still being built (no winning tile yet)."""
    rest = list(parts.concealed)
    if parts.winning is not None:
        rest.remove(parts.winning)
    out = [format_tiles(rest)] if rest else []
    out.extend(format_meld(m) for m in parts.melds)
    if parts.winning is not None:
        out.append("+" + tiles.code(parts.winning))
    if parts.self_drawn:
        out.append("self")
    out.extend(tiles.code(t) for t in sorted(parts.bonus))
    if parts.seat != tiles.EAST:
        out.append("seat:" + tiles.WIND_NAMES[parts.seat - tiles.EAST])
    if parts.prevailing != tiles.EAST:
        out.append("wind:" + tiles.WIND_NAMES[parts.prevailing - tiles.EAST])
    out.extend(sorted(i.value.replace("_", "-") for i in parts.incidentals))
    if parts.ruleset != DEFAULT_RULESET:
        out.append("ruleset:" + parts.ruleset)
    return " ".join(out)
