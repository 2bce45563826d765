"""Categories 12 and 13 of seed 000: lucky circumstances and bonus tiles."""

from __future__ import annotations

from mj_trainer.engine import tiles
from mj_trainer.engine.hand import Incidental
from mj_trainer.engine.patterns.registry import HandFacts, hand_detector, reads


def _incidental(name: str, item: Incidental) -> None:
    @hand_detector(name)
    def detect(f: HandFacts) -> int:
        return int(item in f.incidentals)


for _item in (
    Incidental.FINAL_DRAW,
    Incidental.FINAL_DISCARD,
    Incidental.WIN_ON_KONG,
    Incidental.WIN_ON_BONUS,
    Incidental.ROBBING_KONG,
    Incidental.BLESSING_OF_EARTH,
    Incidental.KONG_ON_KONG,
):
    _incidental(_item.value, _item)
    reads(_item.value, _item.value)
reads("blessing_of_heaven", "blessing_of_heaven")
reads("bonus", "bonus_tile", "all_flowers", "all_seasons", "all_bonus_tiles", "bonus_tile_loose",
      "bonus_tile_proper", "bonus_tile_improper")


@hand_detector("blessing_of_heaven")
def blessing_of_heaven(f: HandFacts) -> int:
    # Seed 000: it does not count once East has declared a concealed kong.
    return int(Incidental.BLESSING_OF_HEAVEN in f.incidentals and not f.hand.melds)


@hand_detector("bonus_tile")
def bonus_tile(f: HandFacts) -> int:
    return len(f.bonus)


@hand_detector("all_flowers")
def all_flowers(f: HandFacts) -> int:
    return int(f.bonus >= frozenset(tiles.FLOWERS))


@hand_detector("all_seasons")
def all_seasons(f: HandFacts) -> int:
    return int(f.bonus >= frozenset(tiles.SEASONS))


@hand_detector("all_bonus_tiles")
def all_bonus_tiles(f: HandFacts) -> int:
    return int(len(f.bonus) == 8)


@hand_detector("bonus_tile_loose")
def bonus_tile_loose(f: HandFacts) -> int:
    """Bonus tiles outside a complete set of four (the early guide pays a set flat)."""
    flowers = f.bonus & frozenset(tiles.FLOWERS)
    seasons = f.bonus & frozenset(tiles.SEASONS)
    return sum(len(group) for group in (flowers, seasons) if len(group) < 4)


def _own_number(f: HandFacts) -> int:
    """The flower/season number that belongs to the seat: east 1, south 2, west 3, north 4."""
    return f.hand.seat_wind - tiles.EAST + 1


@hand_detector("bonus_tile_proper")
def bonus_tile_proper(f: HandFacts) -> int:
    """Zung Jung 11.1.2: the flower and the season whose number matches the seat."""
    return sum(1 for t in f.bonus if tiles.RANK[t] == _own_number(f))


@hand_detector("bonus_tile_improper")
def bonus_tile_improper(f: HandFacts) -> int:
    """Zung Jung 11.1.1: the other flowers and seasons."""
    return sum(1 for t in f.bonus if tiles.RANK[t] != _own_number(f))
