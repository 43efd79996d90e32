"""Properties of Kierki's rules, over deals that real cards produce: a shuffled deck
played out trick by trick, each trick won by a random player, then counted the way the
table counts it. Every such deal passes the checks and its points add up to its
contract's total (every contract, 3 and 4 players, each last-tricks rule); a deal one
count off is refused; a whole match with the lottery sums to 0 (without it, to what
``match_sum`` says); and the schedule deals every contract to every player in as many
series as there are players."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper import rules
from scorekeeper.rules import (KIERKI, Contract, Count, Deal, KierkiRules, LastTricks, Lottery,
                               RulesError)
from scorekeeper.rules.kierki.checks import validate_deal

RANKS = "23456789TJQKA"
SUITS = "CDHS"


def deck(players: int) -> list[str]:
    cards = [r + s for s in SUITS for r in RANKS]
    return [c for c in cards if c != "2C"] if players == 3 else cards


def last_trick_numbers(tricks: int, rule: LastTricks) -> tuple[int, ...]:
    """The tricks (1-based) the sixth contract counts."""
    return {LastTricks.SEVENTH_AND_LAST: (7, tricks), LastTricks.LAST_TWO: (tricks - 1, tricks),
            LastTricks.LAST: (tricks,)}[rule]


def count_cards(winners: list[int], tricks: list[list[str]], players: int,
                rule: LastTricks) -> dict[Count, list[int]]:
    """What each player took, counted as the table counts it."""
    counts = {count: [0] * players for count in Count}
    last = last_trick_numbers(len(tricks), rule)
    for number, (seat, cards) in enumerate(zip(winners, tricks), 1):
        counts[Count.TRICKS][seat] += 1
        counts[Count.LAST_TRICKS][seat] += number in last
        for card in cards:
            counts[Count.HEARTS][seat] += card[1] == "H"
            counts[Count.QUEENS][seat] += card[0] == "Q"
            counts[Count.KINGS_JACKS][seat] += card[0] in "KJ"
            counts[Count.KING_OF_HEARTS][seat] += card == "KH"
    return counts


@st.composite
def played(draw, players: int, rule: LastTricks) -> dict[Count, list[int]]:
    """The counts of a deal played with real cards."""
    cards = draw(st.permutations(deck(players)))
    tricks = [list(cards[i:i + players]) for i in range(0, len(cards), players)]
    winners = [draw(st.integers(0, players - 1)) for _ in tricks]
    return count_cards(winners, tricks, players, rule)


def deal_for(contract: Contract, counts: dict[Count, list[int]], out: tuple[int, int]) -> Deal:
    if contract is Contract.ROBBER:
        return Deal(contract, {c.value: v for c, v in counts.items()})
    if contract is Contract.LOTTERY:
        return Deal(contract, out=out)
    return Deal(contract, counts[rules.COUNTED[contract]])


tables = st.builds(
    KierkiRules,
    lottery=st.sampled_from(list(Lottery)),
    last_tricks=st.sampled_from(list(LastTricks)),
    contracts=st.permutations(rules.NEGATIVE).map(tuple),
    series=st.integers(1, 4),
)


@st.composite
def deals(draw):
    """A table, a player count, a contract it plays, and a deal of it that real cards
    produce."""
    players = draw(st.sampled_from([3, 4]))
    table = draw(tables)
    contract = draw(st.sampled_from(rules.series_contracts(table, players)))
    counts = draw(played(players, table.last_tricks))
    out = tuple(draw(st.permutations(range(players)))[:2])
    return table, players, contract, deal_for(contract, counts, out)  # type: ignore[arg-type]


@settings(max_examples=400, deadline=None)
@given(deals())
def test_every_deal_real_cards_make_passes_and_adds_up_to_its_contracts_total(case):
    table, players, contract, deal = case
    game_rules = rules.Rules(KIERKI, kierki=table)
    slot = next(s for s in rules.schedule(table, players) if s.contract is contract)
    names = tuple(f"P{i}" for i in range(players))
    validate_deal(slot, deal, rules.contract_terms(game_rules, players, contract), names)
    scores = rules.score_deal(game_rules, players, deal)
    assert sum(scores) == rules.contract_terms(game_rules, players, contract).total
    negative = contract not in (Contract.TRUMPS, Contract.LOTTERY)
    assert all((s <= 0) if negative else (s >= 0) for s in scores)


@settings(max_examples=300, deadline=None)
@given(deals(), st.data())
def test_a_deal_one_count_off_is_refused(case, data):
    table, players, contract, deal = case
    if contract is Contract.LOTTERY:
        return
    game_rules = rules.Rules(KIERKI, kierki=table)
    slot = next(s for s in rules.schedule(table, players) if s.contract is contract)
    seat = data.draw(st.integers(0, players - 1))
    step = data.draw(st.sampled_from([-1, 1]))
    if contract is Contract.ROBBER:
        count = data.draw(st.sampled_from(list(Count)))
        six = {c.value: list(v) for c, v in deal.taken.items()}  # type: ignore[union-attr]
        six[count.value][seat] += step
        wrong = Deal(contract, six)
    else:
        taken = list(deal.taken)  # type: ignore[arg-type]
        taken[seat] += step
        wrong = Deal(contract, taken)
    names = tuple(f"P{i}" for i in range(players))
    try:
        validate_deal(slot, wrong, rules.contract_terms(game_rules, players, contract), names)
    except RulesError as err:
        assert err.hand == slot.number and err.code.startswith(("taken_", "robber_"))
    else:
        raise AssertionError(f"{wrong} was accepted")


@st.composite
def matches(draw, lottery: Lottery | None = None):
    """A whole match played with real cards: its table, player count and game."""
    players = draw(st.sampled_from([3, 4]))
    table = draw(tables)
    if lottery is not None:
        table = KierkiRules(lottery, table.last_tricks, table.contracts,
                            draw(st.integers(1, 2)))
    game = rules.Game.new([f"P{i}" for i in range(players)], rules.Rules(KIERKI, kierki=table),
                          draw(st.integers(0, players - 1)))
    made = []
    for slot in rules.schedule(table, players, game.first_dealer):
        counts = draw(played(players, table.last_tricks))
        out = tuple(draw(st.permutations(range(players)))[:2])
        made.append(deal_for(slot.contract, counts, out))  # type: ignore[arg-type]
    return table, players, rules.Game.new(game.players, game.rules, game.first_dealer, made)


@settings(max_examples=40, deadline=None)
@given(st.sampled_from([Lottery.ONCE, Lottery.EACH_DEALER]).flatmap(matches))
def test_a_whole_match_with_the_lottery_sums_to_zero(match):
    table, players, game = match
    st_ = rules.state(game)
    assert st_.game_over and st_.next_hand is None
    assert sum(st_.totals) == 0 == rules.match_sum(game.rules, players)
    check = rules.sum_check(game)
    assert check.zero_sum and check.total == check.played == 0
    assert set(st_.winners) == {s for s, t in enumerate(st_.totals) if t == max(st_.totals)}


@settings(max_examples=20, deadline=None)
@given(matches(Lottery.NONE))
def test_a_match_without_the_lottery_sums_to_what_match_sum_says(match):
    table, players, game = match
    per_series = -1300 if players == 4 else -1275
    assert sum(rules.state(game).totals) == rules.match_sum(game.rules, players) \
        == per_series * table.series


@settings(max_examples=100, deadline=None)
@given(tables, st.sampled_from([3, 4]), st.data())
def test_the_schedule_deals_every_contract_to_every_player_over_the_series(table, players,
                                                                           data):
    first = data.draw(st.integers(0, players - 1))
    full = KierkiRules(table.lottery, table.last_tricks, table.contracts, 4)
    plan = rules.schedule(full, players, first)
    per = len(rules.series_contracts(full, players))
    assert len(plan) == 4 * per == rules.match_deals(full, players)
    assert [s.number for s in plan] == list(range(1, len(plan) + 1))
    for slot in plan:
        assert slot.leader == (slot.dealer + 1) % players
        assert slot.trump_namer == (slot.dealer if slot.contract is Contract.TRUMPS else None)
        assert slot.contract is rules.series_contracts(full, players)[slot.index - 1]
    starts = [s.dealer for s in plan if s.index == 1]
    assert starts == [(first + k) % players for k in range(4)]  # the next player each time
    # in as many series as there are players, every player deals every deal of a series
    dealt = Counter((s.index, s.dealer) for s in plan if s.series <= players)
    assert set(dealt) == {(i, p) for i in range(1, per + 1) for p in range(players)}
    assert set(dealt.values()) == {1}
    # within a series the deal passes to the left every deal
    for a, b in zip(plan, plan[1:]):
        if a.series == b.series:
            assert b.dealer == (a.dealer + 1) % players
