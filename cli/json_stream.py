"""Read hands from a text stream a piece at a time, in bounded memory.

`score --json` may be fed a list of a million hands, `/dev/zero`, or one hand nested a
thousand lists deep.  The readers here hold at most one chunk of text plus one hand in
memory, refuse a hand longer than `MAX_ITEM_CHARS`, a NUL character (no text file has
one) and values the JSON decoder cannot build (nesting deeper than the interpreter
allows, integers of thousands of digits), each with a message that says where.

* `JSONReader` yields the elements of a JSON list one by one (or the single value
  when the text is not a list), each with its raw text; syntax errors carry the same
  wording, line and column as `json.loads` gives for the whole text.  For batch
  scoring it also cuts a list into `Block`s: runs of whole elements left undecoded,
  found by a cheap search for the text between two hand objects, so that the reading
  process does almost no work and each worker decodes a block with one `json.loads`.
  A block is cut where the brackets balance and the quotes are even; when the input
  is not valid JSON the block does not decode, and `rewind` reads it again element
  by element, which finds the syntax error as `json.loads` words and places it.
* `Lines` yields the non-blank lines of JSON Lines or notation input, each with its
  line number, a list of them at a time as they arrive; a line that is too long is
  reported without being held.
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

    def readline(self, size: int = -1, /) -> str: ...


CHUNK: Final = 1 << 16
# A hand object is a few hundred characters; a thousand times that is not a hand.
MAX_ITEM_CHARS: Final = 1 << 20
_WHITESPACE: Final = " \t\n\r"
_NUMBER_CHARS: Final = frozenset("0123456789.eE+-")
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
    raw: str


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
        self.is_list = self._start()
        # Blocks: only for a list, and only until a cut fails.
        self._block_chars = block_chars
        self.fast = block_chars > 0 and self.is_list
        self.done = False
        self.index = 0  # index of the next element read one by one
        self._begun = False
        self._alone_until = 0  # offset up to which elements are read one by one

    # --- the buffer ---------------------------------------------------------------

    def _more(self) -> bool:
        """Read one more chunk; False at the end of the input."""
        if self._eof:
            return False
        chunk = self._source.read(CHUNK)
        if not chunk:
            self._eof = True
            return False
        nul = chunk.find("\x00")
        if nul >= 0:
            self._compact()
            line, col = self._location(len(self._buf) + nul, self._buf + chunk[:nul])
            raise _nul("input", line, col)
        self._compact()
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

    def _location(self, index: int, buf: str | None = None) -> tuple[int, int]:
        """1-based line and column of buffer index `index`."""
        text = self._buf if buf is None else buf
        newlines = text.count("\n", 0, index)
        if newlines:
            return self._line + newlines, index - text.rfind("\n", 0, index)
        return self._line, self._col + index + 1

    def _syntax(self, message: str, index: int) -> StreamError:
        line, col = self._location(index)
        return StreamError("input", f"not valid JSON: {message} (line {line}, column {col})")

    def _skip_space(self) -> bool:
        """Move past whitespace; False when the input ends first."""
        while True:
            buf = self._buf
            pos = self._pos
            end = len(buf)
            while pos < end and buf[pos] in _WHITESPACE:
                pos += 1
            self._pos = pos
            if pos < end:
                return True
            if not self._more():
                return False

    # --- values -------------------------------------------------------------------

    def _start(self) -> bool:
        if not self._skip_space():
            raise self._syntax("Expecting value", self._pos)
        if self._buf[self._pos] == "[":
            self._pos += 1
            return True
        return False

    def _value(self, where: str) -> tuple[Any, str]:
        """The next value and its text; the position moves past it."""
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
            # A number running to the end of the buffer may go on in the next chunk
            # ("0." then "5").
            if (isinstance(value, (int, float)) and not isinstance(value, bool)
                    and self._runs_to_end(end) and self._grow(where)):
                continue
            self._pos = end
            return value, self._buf[start:end]

    def _runs_to_end(self, end: int) -> bool:
        buf = self._buf
        while end < len(buf) and buf[end] in _NUMBER_CHARS:
            end += 1
        return end == len(buf)

    def _grow(self, where: str) -> bool:
        """Read more for a value cut off by the end of the buffer; False at the end."""
        if len(self._buf) - self._pos > self._max:
            raise StreamError(where, f"longer than {self._max:,} characters: not a hand")
        return self._more()

    def items(self) -> Iterator[tuple[Any, str]]:
        """Each element (or the one value) with its raw JSON text, in order."""
        self.fast = False
        while (piece := self.next_piece()) is not None:
            if isinstance(piece, Element):  # always: no blocks once `fast` is off
                yield piece.value, piece.raw

    def next_piece(self) -> Block | Element | None:
        """The next block (while `fast`) or element; None at the end (`done`), or when
        no block could be cut: then `fast` is off, and the caller sets `index` to the
        number of elements before this point before asking again."""
        if self.done:
            return None
        if not self.is_list:
            value, raw = self._value("hand 0")
            if self._skip_space():
                raise self._syntax("Extra data", self._pos)
            self.done = True
            return Element(value, raw)
        if not self._begun:
            self._begun = True
            if not self._skip_space():
                raise self._syntax("Expecting value", self._pos)
            if self._buf[self._pos] == "]":
                self._pos += 1
                self._end()
                self.done = True
                return None
        if self.fast:
            block = self._block()
            if block is None:
                self.fast = False
                self._alone_until = self._base + self._pos + 1  # just the next element
            return block
        value, raw = self._value(f"hand {self.index}")
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
        elif 0 < self._alone_until <= self._base + self._pos:
            self.fast = True  # past the text that did not cut well: blocks again
            self._alone_until = 0
        return Element(value, raw)

    def _block(self) -> Block | None:
        """Cut the next block: the elements up to the first gap between two objects
        after `block_chars` characters where the brackets balance, or up to the list's
        end; None when an element may be longer than a hand can be (the reader then
        reads it alone, and says so)."""
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
        """The block did not decode: read its text again one element at a time (then
        blocks again); `index` is the number of elements before it.  Blocks after it
        are dropped."""
        self._pos = block.start - self._base
        self._hold = None
        self.fast = False
        self.done = False
        self.index = index
        self._alone_until = block.next

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
        if self._head:
            if size < 0:
                out, self._head = self._head + self._rest.read(), ""
                return out
            out, self._head = self._head[:size], self._head[size:]
            return out
        return self._rest.read(size)

    def readline(self, size: int = -1) -> str:
        if self._head:
            newline = self._head.find("\n")
            stop = len(self._head) if newline < 0 else newline + 1
            if 0 <= size < stop:
                stop = size
            out, self._head = self._head[:stop], self._head[stop:]
            if out.endswith("\n") or len(out) == size:
                return out
            more = self._rest.readline(-1 if size < 0 else size - len(out))
            return out + more
        return self._rest.readline(size)


def read_lines(source: TextSource,
               max_line: int = MAX_ITEM_CHARS) -> Iterator[tuple[int, str | None]]:
    """(line number, stripped text) for each non-blank line, in order (see `Lines`)."""
    for arrived in Lines(source, max_line):
        yield from arrived


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
                if seen <= self._max:
                    line += piece
                else:
                    line = ""
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
