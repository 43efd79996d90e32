"""Kierki, the Polish compendium game, as data: its contracts and their values
(:mod:`.contracts`), a table's own rules (:mod:`.table`), the schedule of a match
(:mod:`.schedule`), a deal as a value (:mod:`.deal`) and the checks a deal passes
(:mod:`.checks`). A Kierki game is a ``rules.Game`` whose ``rules.variant`` is
``KIERKI``; its state, totals, end and sum check are :mod:`.match` (``rules.state``
calls it), which this package does not import, so that ``rules.values`` can import the
table's rules from here. Everything is re-exported from ``scorekeeper.rules``.
"""

from .checks import WORDS, Holding, holdings, least_cards
from .contracts import (COUNTED, NEGATIVE, PRIZES, PRIZES_BY_TRUMP, TRUMP_TRICK,
                        TRUMP_TRICKS, Contract, Count, LastTricks,
                        Lottery, Terms, count_units, count_value, terms, tricks_in_deal)
from .deal import Deal, RobberCounts, Trump
from .schedule import ScheduledDeal, match_deals, schedule, scheduled_deal, series_contracts
from .table import MAX_SERIES, KierkiRules, check_kierki_rules, read_contracts

__all__ = [
    "COUNTED", "Contract", "Count", "Deal", "Holding", "PRIZES_BY_TRUMP", "TRUMP_TRICKS",
    "holdings", "KierkiRules", "LastTricks", "Lottery",
    "MAX_SERIES", "NEGATIVE", "PRIZES", "RobberCounts", "ScheduledDeal", "TRUMP_TRICK",
    "Terms", "Trump", "WORDS", "check_kierki_rules", "count_units", "count_value",
    "least_cards", "match_deals", "read_contracts", "schedule", "scheduled_deal",
    "series_contracts", "terms", "tricks_in_deal",
]
