"""The rulings' own markup escape agrees with Textual's, so pages render the same."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st
from textual.markup import escape as textual_escape

from mj_trainer.quizzes.rulings import escape

TEXT = st.text(alphabet="[]\\/ab#@ Z1", max_size=30)


@given(TEXT)
def test_escape_matches_textual(text: str) -> None:
    assert escape(text) == textual_escape(text)


def test_escape_protects_a_tag() -> None:
    assert escape("[b]x[/b]") == "\\[b]x\\[/b]"
