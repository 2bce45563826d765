"""The one error the generator raises."""

from __future__ import annotations


class GenerationError(ValueError):
    """A request the generator cannot satisfy: an unknown target or avoid id, an
    impossible combination (a limit hand above the maximum total, a bonus-tile
    pattern at the easy level...), or, rarely, a combination it gave up on after
    its bounded number of attempts.  The message is one line meant for a user."""


class Retry(Exception):
    """Internal: a draft cannot be completed as asked; start again with fresh choices."""
