"""The incremental readers behind `score --json`: the same values and the same syntax
errors as decoding the whole text at once, in bounded memory, whatever the chunking."""

from __future__ import annotations

import io
import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mj_trainer.cli import json_stream
from mj_trainer.cli.json_stream import (
    Block,
    JSONReader,
    Lines,
    Prefixed,
    StreamError,
    peek_first,
)


class Chunked(io.StringIO):
    """A text stream that returns at most `size` characters per read, like a pipe."""

    def __init__(self, text: str, size: int) -> None:
        super().__init__(text)
        self._size = size

    def read(self, n: int | None = -1, /) -> str:
        limit = self._size if n is None or n < 0 else min(n, self._size)
        return super().read(limit)


def _read_all(text: str, chunk: int, block_chars: int = 0) -> tuple[bool, list[Any]]:
    """The elements, one by one (block_chars 0) or as `score --json` reads them."""
    if block_chars:
        return _read_in_blocks(text, chunk, block_chars)[:2]
    reader = JSONReader(Chunked(text, chunk))
    return reader.is_list, list(reader.items())


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner,
                                                                 max_size=3),
    max_leaves=8,
)
spaces = st.text(alphabet=" \t\r\n", max_size=3)


@settings(deadline=None)  # timing is no part of what is checked
@given(st.lists(json_values, max_size=6), spaces, st.integers(1, 9))
def test_list_elements_come_back_whole(values: list[Any], space: str, chunk: int) -> None:
    text = space + json.dumps(values, indent=None, separators=(f",{space}", ": ")) + space
    assert _read_all(text, chunk) == (True, values)


@settings(deadline=None)  # timing is no part of what is checked
@given(json_values.filter(lambda v: not isinstance(v, list)), st.integers(1, 9))
def test_a_single_value_is_not_a_list(value: Any, chunk: int) -> None:
    assert _read_all(json.dumps(value), chunk) == (False, [value])


def _read_in_blocks(text: str, chunk: int, block_chars: int) -> tuple[bool, list[Any], int]:
    """What `score --json` does with a reader: decode each block at once, read it again
    one element at a time when it does not decode.  Also returns how many blocks
    decoded."""
    reader = JSONReader(Chunked(text, chunk), block_chars=block_chars)
    values: list[Any] = []
    decoded = 0
    while not reader.done:
        if not reader.fast:
            reader.index = len(values)
        piece = reader.next_piece()
        if isinstance(piece, Block):
            try:
                got = json.loads("[" + piece.text + "]")
            except (RecursionError, ValueError):
                reader.rewind(piece, len(values))
                continue
            reader.settle(piece)
            decoded += 1
            values.extend(got)
        elif piece is not None:
            values.append(piece.value)
    return reader.is_list, values, decoded


# Objects holding lists of objects, and strings holding what sits between two objects.
tricky_strings = st.sampled_from(["}, {", "},{", "}\n,\t{", "[", "]", "{", "}", '"', "\\",
                                  "a"])
hand_like = st.recursive(
    st.integers(0, 9) | tricky_strings | st.text(max_size=3),
    lambda inner: st.lists(st.dictionaries(st.sampled_from("abc"), inner, max_size=3),
                           max_size=3) | st.dictionaries(st.sampled_from("xyz"), inner,
                                                         max_size=3),
    max_leaves=10,
)
separators = st.sampled_from([", ", ",", ",\n  ", " ,\n"])


@settings(deadline=None)  # timing is no part of what is checked
@given(st.lists(st.dictionaries(st.sampled_from("pqr"), hand_like, max_size=4) | hand_like,
                max_size=12), separators, st.integers(1, 40), st.integers(1, 60))
def test_blocks_give_the_elements_of_the_list(values: list[Any], separator: str, chunk: int,
                                              block_chars: int) -> None:
    text = json.dumps(values, separators=(separator, ": "))
    assert _read_all(text, chunk, block_chars) == (True, values)


@pytest.mark.parametrize("note", ["", "}, {", "{[}, {", "\\"])
def test_blocks_are_cut_between_hands(note: str) -> None:
    hand = {"concealed": ["c1", "c2"], "melds": [{"tile": "c4"}, {"tile": "b1"}],
            "note": note}
    text = json.dumps([hand] * 500)
    is_list, values, decoded = _read_in_blocks(text, 1000, 2000)
    assert (is_list, values) == (True, [hand] * 500)
    # Not between two melds, nor inside the note: every block decodes at once.  Brackets
    # in a string unbalance the count, so that blocks run longer (here: one block).
    assert decoded >= len(text) // 2100 if note != "{[}, {" else decoded >= 1


def _mutate(text: str, data: st.DataObject) -> str:
    alphabet = st.sampled_from(list('[]{},:"0123456789 \n\t\\eE.-+truefalsnx'))
    for _ in range(data.draw(st.integers(1, 3))):
        pos = data.draw(st.integers(0, len(text)))
        if data.draw(st.booleans()) and pos < len(text):
            text = text[:pos] + text[pos + 1:]
        else:
            text = text[:pos] + data.draw(alphabet) + text[pos:]
    return text


@settings(deadline=None)  # timing is no part of what is checked
@given(st.lists(json_values, max_size=4)
       | st.lists(st.dictionaries(st.sampled_from("pq"), hand_like, max_size=3), max_size=6),
       st.integers(1, 40), st.sampled_from([0, 1, 5, 30]), st.data())
def test_mutated_text_fails_like_json_loads(values: list[Any], chunk: int, block_chars: int,
                                            data: st.DataObject) -> None:
    text = _mutate(json.dumps(values), data)
    try:
        expected: Any = json.loads(text)
    except json.JSONDecodeError as err:
        with pytest.raises(StreamError) as got:
            _read_all(text, chunk, block_chars)
        assert str(got.value) == (f"input: not valid JSON: {err.msg} (line {err.lineno}, "
                                  f"column {err.colno})")
        return
    is_list, items = _read_all(text, chunk, block_chars)
    assert (items if is_list else items[0]) == expected


@pytest.mark.parametrize(("text", "where"), [
    ("[" * 5000 + "]" * 5000, "hand 0"),
    ("[{}, " + "[" * 5000 + "]" * 5000 + "]", "hand 1"),
    ('{"a": ' * 3000 + "1" + "}" * 3000, "hand 0"),
    ('[{"concealed": ' + "7" * 5000 + "}]", "hand 0"),
])
def test_deep_nesting_and_huge_numbers_name_the_hand(text: str, where: str) -> None:
    for block_chars in (0, 3):
        with pytest.raises(StreamError) as got:
            _read_all(text, 4096, block_chars)
        assert got.value.where == where
        assert ("nested too deeply" in got.value.message
                or "number too long" in got.value.message)


def test_nul_is_refused_at_once() -> None:
    class Zeros(io.StringIO):
        reads = 0

        def read(self, n: int | None = -1, /) -> str:
            self.reads += 1
            return "\x00" * 65536

    zeros = Zeros()
    with pytest.raises(StreamError, match="NUL character at line 1, column 1"):
        JSONReader(zeros)
    assert zeros.reads == 1
    with pytest.raises(StreamError, match="NUL character at line 2, column 4"):
        list(Lines(io.StringIO("abc\nabc\x00\n")))


def test_an_endless_hand_is_refused_in_bounded_memory(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(json_stream, "CHUNK", 1000)

    class Endless(io.StringIO):
        started = False

        def read(self, n: int | None = -1, /) -> str:
            head = "" if self.started else '["'
            self.started = True
            return head + "a" * 1000

    with pytest.raises(StreamError, match="hand 0: longer than 10,000 characters"):
        list(JSONReader(Endless("["), max_item=10_000).items())


def test_long_lines_are_skipped_not_held() -> None:
    text = "a\n" + "x" * 50 + "\n\n  b  \n" + "y" * 50
    assert [line for arrived in Lines(io.StringIO(text), max_line=20) for line in arrived] == [
        (1, "a"), (2, None), (4, "b"), (5, None)]


@settings(deadline=None)  # timing is no part of what is checked
@given(st.text(alphabet=" \t\n{[abc", max_size=30), st.integers(1, 5), st.integers(1, 7))
def test_peeked_text_is_put_back(text: str, chunk: int, size: int) -> None:
    source = Chunked(text, chunk)
    first, head = peek_first(source)
    assert first == text.lstrip()[:1]
    back = Prefixed(head, source)
    got = ""
    while part := back.read(size if size % 2 else -1):
        got += part
    assert got == text
