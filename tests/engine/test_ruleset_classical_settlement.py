"""Classical settlement between all four players (R32, seed 004).

Losers score the points of their sets and pairs and the doublings for all players;
a loser waiting on an irregular limit hand scores half of it.  The winner collects
his score from each loser, the losers pay each other their differences, and East
pays and receives double.  The balances always add up to zero.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mj_trainer.engine import tiles
from mj_trainer.engine.hand import HandError
from mj_trainer.engine.notation import NotationError, parse
from mj_trainer.engine.payoff import payoff
from mj_trainer.engine.ruleset import load
from mj_trainer.engine.scoring import score
from mj_trainer.engine.settlement import (
    SEATS,
    LoserHand,
    parse_loser,
    score_loser,
    seat_name,
    settle,
    settle_table,
    table_problems,
    winner_payments,
)

CL = load("classical")
E, S, W, N = tiles.EAST, tiles.SOUTH, tiles.WEST, tiles.NORTH


def loser_total(text: str) -> int:
    return score_loser(parse_loser(text), CL).total


def loser_counted(text: str) -> dict[str, int]:
    return {h.pattern.id: h.count for h in score_loser(parse_loser(text), CL).outcome.counted}


# --- what a loser's hand is worth ---------------------------------------------------------

def test_a_loser_scores_no_mahjong_and_no_winners_doublings() -> None:
    # Four chows ready on k5: no 20, no all-chows doubling, nothing else: 0.
    assert loser_total("c123 c456 b234 b567 k5 seat:south") == 0


def test_a_loser_scores_a_dragon_pair() -> None:
    assert loser_total("c123 b456 k789 dr dr ws wn seat:south") == 2


def test_a_loser_scores_one_pair_only() -> None:
    # Two dragon pairs: only one pair is read, as in a finished hand: 2.
    assert loser_total("c123 b456 k7 dr dr dg dg ws wn seat:south") == 2


def test_a_loser_scores_own_and_prevailing_wind_pair() -> None:
    # East seat, east round: 2 + 2.
    assert loser_total("c123 b456 k789 we we ws wn seat:east") == 4


def test_a_loser_scores_exposed_and_concealed_sets() -> None:
    # c111 concealed pung of terminals 8, [we we we] exposed 4: 12; east pung is own and
    # prevailing wind: two doublings: 48.
    assert loser_counted("c111 b23 k77899 [we we we] seat:east") == {
        "1.4": 1, "1.3": 1, "6.2": 1, "6.3": 1}
    assert loser_total("c111 b23 k77899 [we we we] seat:east") == 48


def test_a_loser_scores_a_concealed_kong() -> None:
    # {c5555} concealed kong of simples: 16.
    assert loser_total("{c5555} b456 k789 k1 dr ws wn seat:west") == 16


def test_four_alike_not_declared_are_a_pung_and_a_loose_tile() -> None:
    # c5555 in the hand: a concealed pung of simples 4.
    assert loser_total("c5555 b456 k789 dr ws wn seat:west") == 4


def test_a_loser_gets_the_all_players_doublings() -> None:
    # [c111] exposed 4; coins and honors: clean hand x1: 8.
    assert loser_total("[c111] c234 c567 c88 dr wn seat:north") == 8
    # [c111] 4; coins only: pure hand x3: 32.
    assert loser_total("[c111] c234 c567 c88 c9 c3 seat:north") == 32
    # Three concealed pungs of simples 12, doubled once: 24.
    assert loser_total("c222 b333 k444 dr ws wn we seat:south") == 24


def test_a_loser_is_capped_at_1000() -> None:
    # Concealed dragon kongs 32 + 32, [we] 4: 68; two dragon pungs, east own and
    # prevailing: four doublings: 1088, capped at 1000.
    result = score_loser(parse_loser("c159 k5 {dr dr dr dr} {dg dg dg dg} [we we we] seat:east"),
                         CL)
    assert result.outcome.sum == 1088 and result.outcome.capped and result.total == 1000


# --- seed 004's "Ready hand" column ----------------------------------------------------------

def test_ready_for_thirteen_orphans_scores_half() -> None:
    # Waiting on any of the thirteen: half of 2000.
    result = score_loser(parse_loser("c19 b19 k19 we ws ww wn dr dg dw seat:west"), CL)
    assert result.ready is not None and result.ready.pattern.id == "4.2"
    assert result.total == 1000 and result.uses_ready
    assert len(result.ready.tiles) == 13


def test_ready_for_twins_scores_half() -> None:
    # Six pairs and a single: half of 250 is 125.
    assert loser_total("c22 c99 b33 b88 k44 k66 wn seat:north") == 125


def test_ready_for_nine_gates_scores_half() -> None:
    # Its sets alone: c111 c999 concealed 16 x 2^3 (pure) = 128; half of 2000 is more.
    result = score_loser(parse_loser("c1112345678999 seat:west"), CL)
    assert result.outcome.total == 128
    assert result.ready is not None and result.ready.pattern.id == "4.1"
    assert result.total == 1000


def test_ready_for_straight_of_winds_scores_half() -> None:
    assert loser_total("c123456789 we we ws ww seat:south") == 500


def test_ready_for_a_regular_limit_keeps_its_points() -> None:
    # Waiting on dw for Big Three Dragons (or k5): a regular limit, so his sets count:
    # [dr] exposed 4, dg concealed 8, dw pair 2 = 14, two dragon pungs: 56.
    result = score_loser(parse_loser("[dr dr dr] dg dg dg dw dw c123 k55 seat:south"), CL)
    assert result.ready is None and result.total == 56


# --- the payments --------------------------------------------------------------------------

def test_winner_payments_east_loses() -> None:
    # South wins 56: East pays double.
    pays = {t.payer: t.amount for t in winner_payments(S, 56)}
    assert pays == {E: 112, W: 56, N: 56}


def test_winner_payments_east_wins() -> None:
    # East wins 48: everyone pays double, 3 x 96 = 288.
    pays = {t.payer: t.amount for t in winner_payments(E, 48)}
    assert pays == {S: 96, W: 96, N: 96}


def test_classical_payoff_of_a_score() -> None:
    result = score(parse("dr dr dr c234 c567 b99 k45 +k6 seat:south"), CL)
    pay = payoff(result)
    assert pay is not None and pay.scheme == "classical"
    assert [(p.who, p.amount) for p in pay.payments] == [("east", 112), ("west", 56),
                                                         ("north", 56)]
    assert pay.winner_gets == 224


WINNER_SOUTH = "dr dr dr c234 c567 b99 k45 +k6 seat:south"
LOSERS_SOUTH = [
    "c111 b23 k77899 [we we we] seat:east",          # 48 (see above)
    "c19 b19 k19 ws ww wn dr dg dw dw seat:west",     # ready for 13 orphans: 1000
    "c55 c66 c77 b44 b88 k22 k3 seat:north",          # ready for twins: 125
]


def test_full_settlement_east_losing() -> None:
    # Winner South 56 (28 x 2).  East 48, West 1000, North 125.
    # To the winner: East 2 x 56 = 112, West 56, North 56.
    # East-West: (1000 - 48) x 2 = 1904; East-North: (125 - 48) x 2 = 154;
    # North-West: 1000 - 125 = 875.
    winner = score(parse(WINNER_SOUTH), CL)
    table = settle_table(winner, [parse_loser(t) for t in LOSERS_SOUTH])
    s = table.settlement
    assert s.scores == {S: 56, E: 48, W: 1000, N: 125}
    moves = {(t.payer, t.payee): t.amount for t in s.transfers}
    assert moves == {(E, S): 112, (W, S): 56, (N, S): 56,
                     (E, W): 1904, (E, N): 154, (N, W): 875}
    # Balances: East -2170, South +224, West +2723, North -777.
    assert s.net() == {E: -2170, S: 224, W: 2723, N: -777}
    assert sum(s.net().values()) == 0


def test_full_settlement_east_winning() -> None:
    # East wins 48 (all chows 24 x 2): each loser pays 96.
    # South 16 (dr concealed 8, dragon pung x1), West 28 ([ww] 4 + b777 4 + k888 4 + dg
    # pair 2 = 14, own wind x1), North ready for twins: 125.
    # South-West 12, South-North 109, West-North 97.
    winner = score(parse("c123 c456 b234 b567 k5 +k5"), CL)
    losers = [parse_loser("dr dr dr b99 c789 k11 k239 seat:south"),
              parse_loser("c11 b777 k888 dg dg [ww ww ww] seat:west"),
              parse_loser("c22 c99 b33 b88 k44 k66 wn seat:north")]
    assert table_problems(winner.hand, losers) == []
    s = settle_table(winner, losers).settlement
    assert s.scores == {E: 48, S: 16, W: 28, N: 125}
    moves = {(t.payer, t.payee): t.amount for t in s.transfers}
    assert moves == {(S, E): 96, (W, E): 96, (N, E): 96, (S, W): 12, (S, N): 109, (W, N): 97}
    # East +288, South -217, West -181, North +110.
    assert s.net() == {E: 288, S: -217, W: -181, N: 110}


def test_equal_losers_pay_each_other_nothing() -> None:
    s = settle(W, {W: 100, E: 10, S: 10, N: 10})
    assert all(W in (t.payer, t.payee) for t in s.transfers)
    assert s.net() == {W: 400, E: -200, S: -100, N: -100}


scores_strategy = st.fixed_dictionaries({seat: st.integers(0, 2000) for seat in SEATS})


@given(st.sampled_from(SEATS), scores_strategy)
def test_settlement_always_nets_to_zero(winner: int, scores: dict[int, int]) -> None:
    s = settle(winner, scores)
    net = s.net()
    assert sum(net.values()) == 0
    # The winner only receives: his score from each loser, East's share doubled.
    expected = sum(scores[winner] * (2 if tiles.EAST in (seat, winner) else 1)
                   for seat in SEATS if seat != winner)
    assert net[winner] == expected
    for t in s.transfers:
        assert t.amount > 0 and t.payer != t.payee
        if t.payee != winner:
            # Between losers the lower score pays the difference, doubled for East.
            rate = 2 if tiles.EAST in (t.payer, t.payee) else 1
            assert t.amount == (scores[t.payee] - scores[t.payer]) * rate


# --- reading and checking the losers' hands -------------------------------------------------

def test_parse_loser() -> None:
    loser = parse_loser("c111 b23 k77899 [we we we] seat:east", tiles.SOUTH)
    assert isinstance(loser, LoserHand)
    assert loser.seat_wind == E and loser.prevailing_wind == tiles.SOUTH
    assert len(loser.concealed) == 10 and len(loser.melds) == 1


@pytest.mark.parametrize(
    ("text", "message"),
    [
        pytest.param("c111 b23 k7789 +k9 seat:east", "no winning tile", id="winning-tile"),
        pytest.param("c111 b23 k77899 [we we we]", "seat", id="no-seat"),
        pytest.param("c111 b23 k7789 [we we we] seat:east", "9 tiles", id="too-few"),
        pytest.param("c111 b23 k77899 [we we we] self seat:east", "no way of winning",
                     id="self"),
        pytest.param("c111 b23 k77899 [we we we] seat:east wind:south", "round's wind",
                     id="wind"),
        pytest.param("c11111 b23 k7789 seat:east", "five copies", id="five"),
    ],
)
def test_parse_loser_errors(text: str, message: str) -> None:
    with pytest.raises(HandError) as err:
        parse_loser(text)
    assert message in str(err.value)


def test_parse_loser_reports_columns() -> None:
    with pytest.raises(NotationError) as err:
        parse_loser("c111 x23 seat:east")
    assert err.value.problems[0].field == "col 6"


def test_table_problems() -> None:
    winner = parse(WINNER_SOUTH)
    losers = [parse_loser(t) for t in LOSERS_SOUTH]
    assert table_problems(winner, losers) == []
    # Two losers only.
    assert "all three losers, got 2" in str(table_problems(winner, losers[:2])[0])
    # The winner's seat given to a loser, and a seat given twice.
    twice = [losers[0], parse_loser(LOSERS_SOUTH[1].replace("west", "south")),
             parse_loser(LOSERS_SOUTH[2].replace("north", "east"))]
    messages = [str(p) for p in table_problems(winner, twice)]
    assert "losers[1].seat_wind: south is already the seat of the winner" in messages
    assert "losers[2].seat_wind: east is already the seat of losers[0]" in messages
    # Six red dragons at the table: three in the winner's hand, one West, two North.
    greedy = [losers[0], losers[1], parse_loser("c55 c66 c77 b44 b88 dr dr k3 seat:north")]
    assert [str(p) for p in table_problems(winner, greedy)] == [
        "losers: the four hands hold six copies of dr; there are four"]


def test_round_wind_is_the_winners() -> None:
    winner = parse(WINNER_SOUTH + " wind:west")
    losers = [parse_loser(t, tiles.WEST) for t in LOSERS_SOUTH]
    assert table_problems(winner, losers) == []
    odd = [parse_loser(LOSERS_SOUTH[0], tiles.NORTH), *losers[1:]]
    assert "losers[0].prevailing_wind" in str(table_problems(winner, odd)[0])


def test_seat_names() -> None:
    assert [seat_name(s) for s in SEATS] == ["east", "south", "west", "north"]
