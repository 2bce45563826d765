"""Read hands from a text stream a piece at a time, in bounded memory.

`score --json` may be fed a list of a million hands, `/dev/zero`, or one hand nested a
thousand lists deep.  The readers hold at most one chunk of text plus one hand, and
refuse a hand longer than `MAX_ITEM_CHARS`, a NUL character and values the JSON decoder
cannot build, each with a message that says where.

* `JSONReader` cuts a list into `Block`s, runs of whole elements left undecoded (cut
  where the brackets balance and the quotes are even, found by a cheap search), which
  the batch scorer decodes at once (msgspec, else `json`).  A block that does not
  decode is read again one element at a time, as is a single value, which finds the
  syntax error with the wording, line and column `json.loads` gives for the whole text.
* `Lines` yields the numbered non-blank lines of JSON Lines or notation input, a list
  of them at a time as they arrive; a line that is too long is reported, never held.
"""

from __future__ import annotations

import codecs
import io
import json
import os
import re
import select
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, Final, Protocol


class TextSource(Protocol):
    """What the readers need of a text stream (a file, stdin, `Prefixed`)."""

    def read(self, size: int = -1, /) -> str: ...


CHUNK: Final = 1 << 16
# A hand object is a few hundred characters; a thousand times that is not a hand.
MAX_ITEM_CHARS: Final = 1 << 20
_WHITESPACE: Final = " \t\n\r"
_NOT_SPACE: Final = re.compile(r"[^ \t\n\r]")
# What may follow a value up to the end of the buffer when that value is a number cut
# off by the chunk's end ("0." then "5").
_NUMBER_TAIL: Final = re.compile(r"[0-9.eE+-]*\Z")
# The text between two objects of a list: where a block may end.
_BETWEEN_OBJECTS: Final = re.compile(r"\}[ \t\n\r]*,[ \t\n\r]*(?=\{)")


def _escaped_quotes(text: str, start: int, end: int) -> int:
    """Quotes after an odd number of backslashes in text[start:end]."""
    escaped = 0
    sign = 1
    slashes = "\\"
    while count := text.count(slashes + '"', start, end):  # quotes after >= n of them
        escaped += sign * count
        sign = -sign
        slashes += "\\"
    return escaped


class StreamError(ValueError):
    """Input that cannot be read as hands; `where` is 'input' or 'hand N'."""

    def __init__(self, where: str, message: str) -> None:
        self.where = where
        self.message = message
        super().__init__(f"{where}: {message}")


def decode_problem(err: RecursionError | ValueError) -> str:
    """Words for a value json cannot build: too deeply nested, or a huge integer."""
    if isinstance(err, RecursionError):
        return "nested too deeply to be a hand (lists or objects inside each other)"
    return "holds a number too long to read (a hand holds no number of thousands of digits)"


def _nul(where: str, line: int, column: int) -> StreamError:
    return StreamError(where, f"a NUL character at line {line}, column {column}: "
                       "this is not a text file")


@dataclass(slots=True)
class Block:
    """Whole elements of a list as raw text, undecoded: `"[" + text + "]"` is valid JSON
    exactly when the cut was right.  `start` and `next` are offsets in the input: where
    the block starts and where the piece after it starts."""

    text: str
    start: int
    next: int
    last: bool  # the list ends with this block


@dataclass(slots=True)
class Element:
    """One element (or the single value), decoded by the reader itself."""

    value: Any


class JSONReader:
    """The elements of a JSON list, or a single JSON value, read incrementally."""

    def __init__(self, source: TextSource, max_item: int = MAX_ITEM_CHARS,
                 block_chars: int = 0) -> None:
        self._source = source
        self._max = max_item
        self._buf = ""
        self._pos = 0
        self._base = 0  # offset in the input of self._buf[0]
        self._hold: int | None = None  # offset of the oldest block not yet settled
        self._eof = False
        self._line = 1  # line of self._buf[0]
        self._col = 0  # 0-based column of self._buf[0]
        self._decode = json.JSONDecoder().raw_decode
        self.done = False
        if not self._skip_space():
            raise self._syntax("Expecting value", self._pos)
        self.is_list = self._buf[self._pos] == "["
        if self.is_list:
            self._pos += 1
            if not self._skip_space():
                raise self._syntax("Expecting value", self._pos)
            if self._buf[self._pos] == "]":  # an empty list
                self._pos += 1
                self._end()
                self.done = True
        # Blocks: only for a list, and only until a cut fails.
        self._block_chars = block_chars
        self.fast = block_chars > 0 and self.is_list
        self.index = 0  # index of the next element read one by one

    # --- the buffer ---------------------------------------------------------------

    def _more(self) -> bool:
        """Read one more chunk; False at the end of the input."""
        if self._eof:
            return False
        chunk = self._source.read(CHUNK)
        if not chunk:
            self._eof = True
            return False
        self._compact()
        nul = chunk.find("\x00")
        if nul >= 0:
            self._buf += chunk[:nul]
            raise _nul("input", *self._location(len(self._buf)))
        self._buf += chunk
        return True

    def _compact(self) -> None:
        """Forget the text before the current position (or before the oldest block not
        yet settled: it may be read again), keeping line and column."""
        pos = self._pos
        if self._hold is not None:
            pos = min(pos, self._hold - self._base)
        if pos <= 0:
            return
        buf = self._buf
        newlines = buf.count("\n", 0, pos)
        if newlines:
            self._line += newlines
            self._col = pos - buf.rfind("\n", 0, pos) - 1
        else:
            self._col += pos
        self._buf = buf[pos:]
        self._pos -= pos
        self._base += pos

    def _location(self, index: int) -> tuple[int, int]:
        """1-based line and column of buffer index `index`."""
        newlines = self._buf.count("\n", 0, index)
        if newlines:
            return self._line + newlines, index - self._buf.rfind("\n", 0, index)
        return self._line, self._col + index + 1

    def _syntax(self, message: str, index: int) -> StreamError:
        line, col = self._location(index)
        return StreamError("input", f"not valid JSON: {message} (line {line}, column {col})")

    def _skip_space(self) -> bool:
        """Move past whitespace; False when the input ends first."""
        while (found := _NOT_SPACE.search(self._buf, self._pos)) is None:
            self._pos = len(self._buf)
            if not self._more():
                return False
        self._pos = found.start()
        return True

    # --- values -------------------------------------------------------------------

    def _value(self, where: str) -> Any:
        """The next value; the position moves past it."""
        while True:
            start = self._pos
            try:
                value, end = self._decode(self._buf, start)
            except json.JSONDecodeError as err:
                if self._grow(where):
                    continue
                raise self._syntax(err.msg, err.pos) from None
            except (RecursionError, ValueError) as err:
                raise StreamError(where, decode_problem(err)) from None
            if _NUMBER_TAIL.match(self._buf, end) and self._grow(where):
                continue  # it may go on in the next chunk: read it again
            self._pos = end
            return value

    def _grow(self, where: str) -> bool:
        """Read more for a value cut off by the end of the buffer; False at the end."""
        if len(self._buf) - self._pos > self._max:
            raise StreamError(where, f"longer than {self._max:,} characters: not a hand")
        return self._more()

    def items(self) -> Iterator[Any]:
        """Each element (or the one value), in order."""
        self.fast = False
        while (piece := self.next_piece()) is not None:
            if isinstance(piece, Element):  # always: no blocks once `fast` is off
                yield piece.value

    def next_piece(self) -> Block | Element | None:
        """The next block (while `fast`) or element; None at the end (`done`), or when
        no block could be cut: then `fast` is off, and the caller sets `index` to the
        number of elements before this point before asking again."""
        if self.done:
            return None
        if not self.is_list:
            value = self._value("hand 0")
            self._end()
            self.done = True
            return Element(value)
        if self.fast:
            block = self._block()
            self.fast = block is not None
            return block
        value = self._value(f"hand {self.index}")
        self.index += 1
        if not self._skip_space():
            raise self._syntax("Expecting ',' delimiter", self._pos)
        char = self._buf[self._pos]
        self._pos += 1
        if char == "]":
            self._end()
            self.done = True
        elif char != ",":
            raise self._syntax("Expecting ',' delimiter", self._pos - 1)
        elif not self._skip_space():
            raise self._syntax("Expecting value", self._pos)
        return Element(value)

    def _block(self) -> Block | None:
        """Cut the next block: the elements up to the first gap between two objects
        after `block_chars` characters where the brackets balance, or up to the list's
        end; None when an element may be longer than a hand can be (the reader then
        reads on one element at a time, and says so)."""
        while True:
            buf = self._buf
            pos = self._pos
            depth = 0
            quotes = 0
            counted = pos
            found = _BETWEEN_OBJECTS.search(buf, pos + self._block_chars - 1)
            while found is not None:
                end = found.start() + 1
                if end - pos > self._max:
                    return None
                # Between two elements the quotes (not escaped) are even and the
                # brackets balance.  Brackets inside strings spoil the count: blocks
                # then run longer, up to `max_item` characters.
                depth += (buf.count("{", counted, end) + buf.count("[", counted, end)
                          - buf.count("}", counted, end) - buf.count("]", counted, end))
                quotes += buf.count('"', counted, end) - _escaped_quotes(buf, counted, end)
                counted = end
                if depth == 0 and quotes % 2 == 0:
                    return self._cut(buf[pos:end], found.end(), last=False)
                found = _BETWEEN_OBJECTS.search(buf, found.end())
            if len(buf) - pos > self._max:
                return None
            if not self._more():
                break
        tail = self._buf[self._pos:].rstrip(_WHITESPACE)
        if not tail.endswith("]"):
            return None  # not valid JSON: one by one finds the error
        return self._cut(tail[:-1], len(self._buf), last=True)

    def _cut(self, text: str, next_pos: int, last: bool) -> Block:
        start = self._base + self._pos
        if self._hold is None:
            self._hold = start
        self._pos = next_pos
        self.done = last
        return Block(text, start, self._base + next_pos, last)

    def settle(self, block: Block) -> None:
        """The block decoded: its text need not be kept for `rewind` any longer."""
        self._hold = block.next if block.next < self._base + self._pos else None

    def rewind(self, block: Block, index: int) -> None:
        """The block did not decode: read on from its start one element at a time, to
        the end; `index` is the number of elements before it.  Blocks after it are
        dropped."""
        self._pos = block.start - self._base
        self._hold = None
        self.fast = False
        self.done = False
        self.index = index

    def _end(self) -> None:
        if self._skip_space():
            raise self._syntax("Extra data", self._pos)


def peek_first(source: TextSource, max_space: int = MAX_ITEM_CHARS) -> tuple[str, str]:
    """The first non-blank character of the stream (or ''), and the text read so far.

    Used to tell JSON input from notation lines without reading the whole stream.
    """
    read = ""
    while True:
        chunk = source.read(CHUNK)
        if not chunk:
            return "", read
        read += chunk
        stripped = read.lstrip()
        if stripped:
            return stripped[0], read
        if len(read) > max_space:
            read = read[-1:]


class Prefixed:
    """A text stream with some already-read text put back in front of it."""

    def __init__(self, head: str, rest: TextSource) -> None:
        self._head = head
        self._rest = rest

    def read(self, size: int = -1) -> str:
        if not self._head:
            return self._rest.read(size)
        if size < 0:
            out, self._head = self._head + self._rest.read(), ""
        else:
            out, self._head = self._head[:size], self._head[size:]
        return out


class Lines:
    """The non-blank lines of a text stream, numbered, in lists of those that arrived
    together: from a pipe, what its writer has written so far, so that a program that
    writes one hand and waits gets its answer (`more_ready` says whether the next list
    can be read without waiting).  A line longer than `max_line` comes as (number,
    None) and is dropped as it is read, never held; a NUL character ends the input with
    a StreamError, after the lines before it."""

    def __init__(self, source: TextSource, max_line: int = MAX_ITEM_CHARS) -> None:
        self._source = source
        self._max = max_line
        try:
            self._fd: int | None = source.fileno()  # type: ignore[attr-defined]
        except (AttributeError, OSError, ValueError):
            self._fd = None  # an in-memory stream: everything is there at once

    def more_ready(self) -> bool:
        """Whether more input can be read now (always, for a file or an in-memory text)."""
        if self._fd is None:
            return True
        try:
            return bool(select.select([self._fd], [], [], 0)[0])
        except (OSError, ValueError):  # pragma: no cover - not a selectable descriptor
            return True

    def _chunks(self) -> Iterator[str]:
        """The text as it comes: each chunk is what one read returned.  A stream with a
        descriptor is read from it directly, decoded and its newlines translated as its
        own reader would (so `\r\n` and `\r` end lines too), since a buffered reader
        waits for a full buffer before it answers."""
        if self._fd is None:
            while chunk := self._source.read(CHUNK):
                yield chunk
            return
        encoding = getattr(self._source, "encoding", None) or "utf-8"
        errors = getattr(self._source, "errors", None) or "strict"
        decoder = io.IncrementalNewlineDecoder(
            codecs.getincrementaldecoder(encoding)(errors), translate=True)
        while data := os.read(self._fd, CHUNK):
            if text := decoder.decode(data):
                yield text
        if text := decoder.decode(b"", final=True):
            yield text

    def __iter__(self) -> Iterator[list[tuple[int, str | None]]]:
        number = 0
        line = ""  # the line being read, while it is not too long
        seen = 0  # its length so far
        for chunk in self._chunks():
            arrived: list[tuple[int, str | None]] = []
            pieces = chunk.split("\n")
            for i, piece in enumerate(pieces):
                nul = piece.find("\x00")
                if nul >= 0:
                    if arrived:
                        yield arrived  # answered first
                    raise _nul("input", number + 1, seen + nul + 1)
                seen += len(piece)
                line = line + piece if seen <= self._max else ""
                if i < len(pieces) - 1:  # a newline ends it
                    number += 1
                    if seen > self._max:
                        arrived.append((number, None))
                    elif text := line.strip():
                        arrived.append((number, text))
                    line = ""
                    seen = 0
            if arrived:
                yield arrived
        if seen:  # the last line, without a newline
            last = line.strip() if seen <= self._max else None
            if last != "":
                yield [(number + 1, last)]
