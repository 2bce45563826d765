"""Keeping the garbage collector's full passes away from the running app."""

from __future__ import annotations


def settle_after_start() -> None:
    """Move everything built so far (modules, styles, screens) out of the garbage
    collector's sight.

    A full collection walks every live container object; with Textual's ~100,000 of
    them it paused the app for 50-200 ms a few times per round, which is what made
    some answers slow to draw.  Frozen objects are still freed by reference counting;
    calling this again (each new round) first gives the collector one full pass over
    everything, so cycles left by earlier rounds are freed, not kept.
    """
    import gc

    gc.unfreeze()
    gc.collect()
    gc.freeze()
