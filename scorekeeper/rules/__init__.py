"""The rules of Hearts as pure Python: no I/O, no UI, no storage.

Variants are data (:data:`VARIANTS`), every value is immutable, and there is one place
for each decision: :func:`validate_hand` checks a hand, :func:`score_hand` scores it,
:func:`pass_for` / :func:`dealer_for` say who passes and deals, and
:func:`standing` decides the end of the game, and :mod:`.seats` a table's life (a
seat that plays under a new name from one hand on). House rules are data too
(:data:`HOUSE_RULES`): each entry is a game-file key, its checks and its step of a
hand's score. :func:`state` derives everything a score
sheet shows from a :class:`Game`.

Kierki, the Polish compendium game, is a :class:`Game` too: its rules say
``variant=KIERKI`` (:class:`KierkiRules` holds the table's own rules), its hands are
:class:`Deal` values (the contract and what each player took), and :func:`state` gives
the same :class:`GameState` (signed scores, the highest total wins, ``next_hand`` with
the contract, dealer, leader and trump namer). Its data and checks are
:mod:`.kierki`; :func:`sum_check` is the sheet's 0-sum check.

Every game is one object of the table of games (:data:`GAMES`, :class:`GameType`:
Hearts in :mod:`.hearts_game`, Kierki in :mod:`.kierki.game`); :func:`state`,
:func:`validate_hand`, :func:`hand_info`, :func:`spec`, :func:`deck_plan` and
:class:`Rules` ask the game of a table (:func:`game_of`), never which game it is.

Seats are 0-based indices into ``Game.players`` (clockwise); hand numbers are 1-based.
How a game is written down (the game file, the CSV sheet, the export) is
:mod:`scorekeeper.formats`, beside this package.
"""

from .errors import RulesError
from .house import (HOUSE_KEYS, HOUSE_RULES, JACK_POINTS, PASS_CARDS, TIE_RULES, Adjustment,
                    HouseRule, back_from_target)
from .seats import (SeatChanges, apply_seat_changes, check_seat_changes, names_by_hand, read_changes,
                    read_seat_changes, seat_history, seat_of)
from .game import (
    MAX_HANDS,
    MAX_NAME_LENGTH,
    Game,
    Hand,
    MoonChoice,
    MoonRule,
    Rules,
    check_hand,
    check_players,
    check_rules,
    check_table,
    clean_name,
    normalise_name,
    points_taken_by_nobody,
)
from .scoring import (
    GameState,
    HandScore,
    MoonShot,
    NextHand,
    Standing,
    hand_info,
    hearts_left,
    queens_left,
    max_player_points,
    moon_shooter,
    places,
    rules_standing,
    points_from_cards,
    points_to_target,
    at_target,
    remaining_points,
    running_totals,
    score_hand,
    standing,
    standings_order,
    state,
    validate_hand,
    validate_hands,
)
from .moon import MoonOutcome, MoonPreview, moon_preview
from .kierki import (COUNTED, NEGATIVE, Contract, Count, Deal, KierkiRules, LastTricks, Lottery,
                     RobberCounts, ScheduledDeal, Terms, Trump, check_kierki_rules,
                     match_deals, schedule, scheduled_deal, series_contracts, terms)
from .kierki.match import (NextDeal, SumCheck, contract_terms, is_kierki, kierki_standing, match_sum,
                           score_deal, sum_check)
from .table import (
    Pass,
    PassDirection,
    cycle_choices,
    dealer_for,
    left_of,
    pass_cycle,
    pass_direction,
    pass_for,
    pass_target,
    passes,
    read_cycle,
    read_pass,
)
from .games import GAMES, GameType, game_named, game_of, variant_game
from .variants import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    VARIANTS,
    KIERKI,
    Card,
    Compendium,
    DeckPlan,
    GameVariant,
    Suit,
    Variant,
    VariantSpec,
    deck_plan,
    game_name,
    read_variant,
    spec,
    variants_for,
)

__all__ = [
    "PASS_CARDS", "TIE_RULES", "SeatChanges", "apply_seat_changes", "check_seat_changes",
    "names_by_hand", "read_changes", "read_seat_changes", "seat_history", "seat_of", "rules_standing",
    "HOUSE_KEYS", "HOUSE_RULES", "JACK_POINTS", "Adjustment", "HouseRule", "Pass", "pass_for",
    "read_cycle", "read_pass", "check_rules", "check_table", "back_from_target", "cycle_choices",
    "MAX_HANDS", "MAX_NAME_LENGTH", "clean_name",
    "Card", "DeckPlan", "Game", "GameState", "Hand", "HandScore", "MAX_PLAYERS", "MIN_PLAYERS",
    "MoonChoice", "MoonOutcome", "MoonPreview", "MoonRule", "MoonShot", "NextHand",
    "PassDirection", "Rules", "RulesError", "Standing", "Suit", "VARIANTS", "Variant",
    "VariantSpec", "check_hand", "check_players", "dealer_for", "deck_plan",
    "hand_info", "hearts_left", "queens_left", "places", "points_to_target", "at_target", "left_of", "max_player_points", "moon_preview",
    "moon_shooter", "normalise_name", "pass_cycle", "pass_direction", "pass_target", "passes",
    "points_from_cards", "points_taken_by_nobody", "remaining_points", "running_totals",
    "score_hand", "spec", "standing", "standings_order", "state", "validate_hand", "validate_hands",
    "variants_for",
    "GAMES", "GameType", "game_named", "game_of", "variant_game",
    # Kierki
    "COUNTED", "NextDeal", "Compendium", "Contract", "Count", "Deal", "GameVariant", "KIERKI",
    "KierkiRules", "LastTricks", "Lottery", "NEGATIVE", "RobberCounts", "ScheduledDeal",
    "SumCheck", "Terms", "Trump", "check_kierki_rules", "contract_terms", "game_name",
    "is_kierki", "kierki_standing", "match_deals", "match_sum", "read_variant", "schedule",
    "scheduled_deal", "score_deal", "series_contracts", "sum_check", "terms",
]
