"""The game file: a paper score sheet as JSON, read and written.

    {"players": [...], "rules": {"variant", "target", "moon", "queen_breaks_hearts",
                                 "jack_of_diamonds", "exact_target_halves", "passes"},
     "first_dealer": "name", "hands": [{"points": [...], "moon_choice": "...",
                                        "jack": "name",
                                        "seat_changes": {"name now": "new name"}}]}

The house rules (``jack_of_diamonds``, ``exact_target_halves``, ``passes``: see
``rules.HOUSE_RULES``) are written only when played, so a game without them is the
file it always was; ``jack`` (who took the J♦) is a key of every hand exactly when the
table plays ``jack_of_diamonds``. ``players`` are the names the game started with; a
hand's ``seat_changes`` (written only on a hand that has some) name a seat by the name
it has before the hand, and from that hand on the seat plays under the new name, which
the hand's own ``jack`` and every later hand use (``rules.seats``).

That is a Hearts game's file, read and written by the ``hearts_*`` functions here. Each
game has its format (:data:`.games.FORMATS`): :func:`rules_from_dict` asks the game the
``variant`` names (none: Hearts), :func:`hand_from_dict`, :func:`game_to_dict` and
:func:`state_to_dict` the game's own; a Kierki game (``"rules": {"variant": "kierki",
...}``, hands that are deals) is :mod:`.kierki_file`'s.

The top level holds :data:`GAME_KEYS` and, so that a game of an export replays as it is,
the keys a stored game adds (:data:`STORED_KEYS`: its id, dates, version, change log and
the changes of player waiting for its next hand; the import checks them). Any other key,
at the top level as inside ``rules`` or a hand, is an error, because it is almost always
a typo (``"first_deler"`` would otherwise replay with the first player dealing).

A file that is not a game file raises :class:`.errors.FormatError`; a game file whose
game breaks the rules raises the rules' own ``RulesError`` (the first problem, hand by
hand). Limits, each refused with one clear error: a game file holds at most
``rules.MAX_HANDS`` hands; a file to read is at most :data:`MAX_FILE_BYTES` (the reader
checks it with :func:`check_file_size` before parsing); a player's name is at most 40
characters without control or format characters (see ``rules.check_players``).
"""

from __future__ import annotations

from typing import Any, Mapping

from ..rules import MAX_HANDS, Game, GameState, Hand, MoonChoice, MoonRule, Rules, RulesError
from ..rules import Variant, normalise_name, state
from ..rules import apply_seat_changes, read_seat_changes
from ..rules.house import BY_KEY, HOUSE_KEYS, hand_keys
from ..rules import GAMES, variant_game
from .errors import FormatError, hand_error, unknown_key
from .registry import default_format, format_named, format_of
from .report import report

MAX_FILE_BYTES = 5_000_000  # one game file (1,000 hands of 11 players is about 60 KB)
GAME_KEYS = ("players", "rules", "first_dealer", "hands")
STORED_KEYS = ("id", "created", "updated", "version", "changes", "next_seat_changes")
TOP_KEYS = GAME_KEYS + STORED_KEYS
RULE_KEYS = ("variant", "target", "moon", "queen_breaks_hearts", *HOUSE_KEYS)


def check_file_size(size: int, limit: int = MAX_FILE_BYTES) -> None:
    """Refuse a file bigger than ``limit`` bytes before it is parsed."""
    if size > limit:
        raise FormatError("file_too_big", f"the file is larger than {limit // 1_000_000} MB "
                          f"({size:,} bytes); a game file is at most {limit:,} bytes",
                          size=size, max=limit)


HAND_KEYS = ("points", "moon_choice", "seat_changes")


def _choice(enum: type, value: Any, what: str, hand: int | None = None,
            also: tuple[str, ...] = ()) -> Any:
    try:
        return enum(value)
    except ValueError:
        allowed = ", ".join([e.value for e in enum] + list(also))
        raise hand_error("unknown_value", f"{what} must be one of {allowed}, not {value!r}",
                         hand, what=what, value=value, allowed=allowed) from None


def rules_from_dict(data: Any) -> Rules:
    """A game file's ``rules``, read by the format of the game its ``variant`` names
    (none, or a variant no game has: Hearts', which says what the variants are)."""
    if data is None:
        data = {}
    if not isinstance(data, Mapping):
        raise FormatError("rules_type", "rules must be an object")
    game = variant_game(data.get("variant"))
    fmt = default_format() if game is None else format_named(game.key)
    return fmt.rules_from_dict(data)  # type: ignore[no-any-return]


def hearts_rules_from_dict(data: Mapping[str, Any]) -> Rules:
    """A Hearts game file's ``rules``."""
    # the variant first: the keys a game's rules may have depend on it ("kierky" is not
    # a Hearts variant with a stray key "contracts", but a variant nobody knows)
    hearts = {v.value for v in Variant}
    others = tuple(v.value for game in GAMES.values() for v in game.variants
                   if v.value not in hearts)  # the other games' variants, named in the error
    variant = _choice(Variant, data.get("variant", "standard"), "rules.variant", also=others)
    unknown = sorted(set(data) - set(RULE_KEYS))
    if unknown:
        raise FormatError("unknown_key", f"unknown key {unknown[0]!r} in rules "
                          f"(known: {', '.join(RULE_KEYS)})", key=unknown[0], where="rules")
    moon = _choice(MoonRule, data.get("moon", "add_to_others"), "rules.moon")
    queen = data.get("queen_breaks_hearts", False)
    if not isinstance(queen, bool):
        raise FormatError("rules_type", "rules.queen_breaks_hearts must be true or false")
    house = {key: data[key] for key in HOUSE_KEYS if key in data}
    return Rules(variant, data.get("target", 100), moon, queen, house)


def hand_from_dict(data: Any, number: int, game: Game | None = None,
                   names: tuple[str, ...] | None = None, former: tuple[str, ...] = (),
                   ) -> Hand:
    """Hand ``number`` of a game file, as the format of ``game``'s game reads it (no
    game: a Hearts hand); ``names`` are the seats' names before the hand (default the
    game's players) and ``former`` the names changed away before it (see
    :func:`read_hands`). A Kierki game's hand is a deal (``kierki_file.deal_from_dict``)."""
    fmt = default_format() if game is None else format_of(game.rules)
    return fmt.hand_from_dict(data, number, game, names, former)  # type: ignore[no-any-return]


def hearts_hand_from_dict(data: Any, number: int, game: Game | None = None,
                          names: tuple[str, ...] | None = None, former: tuple[str, ...] = (),
                          ) -> Hand:
    """A Hearts hand; ``game`` (its players and rules) says which keys its house rules
    add (``jack``: a player's name) and whose names they may hold."""
    if not isinstance(data, Mapping):
        raise hand_error("hand_type", "a hand must be an object with \"points\"", number)
    known = HAND_KEYS + (hand_keys(game.rules.house) if game is not None else ())  # type: ignore[arg-type]
    unknown = sorted(set(data) - set(known))
    if unknown:
        raise hand_error("unknown_key", f"unknown key {unknown[0]!r} in the hand "
                         f"(known: {', '.join(known)})", number, key=unknown[0],
                         where="hand")
    if "points" not in data:
        raise hand_error("points_missing", "the hand has no \"points\"", number)
    points = data["points"]
    if not isinstance(points, list):
        raise hand_error("points_type", "\"points\" must be a list of numbers", number)
    choice = data.get("moon_choice")
    if choice is not None:
        choice = _choice(MoonChoice, choice, "moon_choice", number)
    if names is None:
        names = game.players if game is not None else ()
    changes: tuple[tuple[int, str], ...] = ()
    if "seat_changes" in data:
        changes = read_seat_changes(names, former, data["seat_changes"], number)
        former = former + tuple(names[seat] for seat, _ in changes)
        names = apply_seat_changes(names, changes, number)
    jack = None
    if game is not None and "jack" in data:
        jack = _seat_of(names, former, data["jack"], number)
    return Hand(tuple(points), choice, jack, changes)


def _seat_of(names: tuple[str, ...], former: tuple[str, ...], name: Any, number: int) -> int:
    """The seat of the player a hand names (``jack``), by the names after its changes."""
    if not isinstance(name, str):
        raise hand_error("jack_type", f"\"jack\" must be the name of the player who took "
                         f"the J♦ (e.g. {names[0]!r}), not {name!r}",
                         number, value=name)
    keys = [normalise_name(n) for n in names]
    if normalise_name(name) not in keys:
        if normalise_name(name) in {normalise_name(n) for n in former}:
            raise hand_error("seat_change_gone", f"{name!r} took the J♦ but no longer "
                             "plays: the seat was given a new name", number, name=name)
        raise hand_error("jack_unknown", f"{name!r} took the J♦ but is not one of the "
                         "players", number, name=name)
    return keys.index(normalise_name(name))


def game_from_dict(data: Any) -> Game:
    """Read and fully check a game file already parsed from JSON."""
    if not isinstance(data, Mapping):
        raise FormatError("file_type", "a game file must hold a JSON object")
    check_keys(data, TOP_KEYS, "the game")
    if "players" not in data:
        raise FormatError("players_missing", "the game file has no \"players\"")
    rules = rules_from_dict(data.get("rules"))
    first = data.get("first_dealer")
    if first is None:
        first = 0  # the first player deals first
    elif not isinstance(first, str):
        raise FormatError("first_dealer_type", "first_dealer must be a player's name "
                          f"(e.g. {_first_name(data)!r}), not {first!r}", value=first)
    head = Game.new(data["players"], rules, first)
    raw_hands = data.get("hands", [])
    if not isinstance(raw_hands, list):
        raise FormatError("hands_type", "\"hands\" must be a list")
    if len(raw_hands) > MAX_HANDS:
        raise FormatError("too_many_hands", f"the game has {len(raw_hands):,} hands; a game "
                          f"file holds at most {MAX_HANDS:,}", hands=len(raw_hands),
                          max=MAX_HANDS)
    hands = read_hands(raw_hands, head)
    return Game.new(head.players, head.rules, head.first_dealer, hands)  # one pass


def check_keys(data: Mapping, known: tuple[str, ...], where: str) -> None:
    """Refuse the first key of ``data`` (in its order) that is not ``known``."""
    for key in data:
        if key not in known:
            raise unknown_key(key, known, where)


def read_hands(raw_hands: list[Any], head: Game) -> list[Hand]:
    """The hands of a game file for the table ``head`` (its players, rules and first
    dealer), each read with the seats' names before it; the first problem is reported,
    so a hand that cannot be read after one that breaks the rules reports that one."""
    hands: list[Hand] = []
    names, former = head.players, ()
    for number, raw in enumerate(raw_hands, 1):
        try:
            hand = hand_from_dict(raw, number, head, names, former)
        except (FormatError, RulesError):
            # an earlier hand may break the rules before this one fails to parse
            Game.new(head.players, head.rules, head.first_dealer, hands)
            raise
        hands.append(hand)
        if hand.seat_changes:
            former += tuple(names[seat] for seat, _ in hand.seat_changes)
            names = apply_seat_changes(names, hand.seat_changes)
    return hands


def _first_name(data: Mapping) -> str:
    players = data.get("players")
    if isinstance(players, list) and players and isinstance(players[0], str):
        return players[0]
    return "Ala"


def game_to_dict(game: Game) -> dict[str, Any]:
    """The game file for ``game`` (its game's format writes it); ``game_from_dict``
    reads it back to an equal game."""
    return format_of(game.rules).game_to_dict(game)  # type: ignore[no-any-return]


def hearts_game_to_dict(game: Game) -> dict[str, Any]:
    """A Hearts game's file."""
    hands = []
    names = game.players
    for hand in game.hands:
        row: dict[str, Any] = {"points": list(hand.points)}
        if hand.moon_choice is not None:
            row["moon_choice"] = hand.moon_choice.value
        if hand.seat_changes:
            row["seat_changes"] = {names[seat]: new for seat, new in hand.seat_changes}
            names = apply_seat_changes(names, hand.seat_changes)
        if hand.jack is not None:
            row["jack"] = names[hand.jack]
        hands.append(row)
    table: dict[str, Any] = {
        "variant": game.rules.variant.value,
        "target": game.rules.target,
        "moon": game.rules.moon.value,
        "queen_breaks_hearts": game.rules.queen_breaks_hearts,
    }
    for key, value in game.rules.house:  # type: ignore[misc]
        table[key] = BY_KEY[key].write(value)
    return {
        "players": list(game.players),
        "rules": table,
        "first_dealer": game.players[game.first_dealer],
        "hands": hands,
    }


def names_before(game: Game, st: GameState, index: int) -> tuple[str, ...]:
    """The seats' names before hand ``index`` (0-based) of a game's state."""
    return st.names[index - 1] if index > 0 else game.players


def state_to_dict(game: Game, st: GameState | None = None) -> dict[str, Any]:
    """The replay report: scores per hand, totals, the verdict and the next hand (its
    game's format writes it)."""
    return format_of(game.rules).state_to_dict(game, st or state(game))  # type: ignore[no-any-return]


def hearts_state_to_dict(game: Game, st: GameState) -> dict[str, Any]:
    """A Hearts game's replay report: each hand's scores and moon, the next hand's pass."""
    names = st.players or game.players
    nxt = None
    if st.next_hand is not None:
        n = st.next_hand
        nxt = {
            "number": n.number,
            "dealer": names[n.dealer],
            "pass": n.pass_token,
            "passes": {names[a]: names[b] for a, b in n.passes.items()},
        }
        if game.rules.plays("pass_cards"):
            nxt["pass_cards"] = n.pass_cards
    hands = []
    for h, hand, played_by in zip(st.hands, game.hands, st.names):
        row: dict[str, Any] = {
            "scores": list(h.scores),
            "moon": None if h.moon is None
            else {"player": played_by[h.moon.player], "choice": h.moon.choice.value}}
        if hand.seat_changes:
            before = names_before(game, st, len(hands))
            row["seat_changes"] = {before[seat]: new for seat, new in hand.seat_changes}
        hands.append(row)
    return report(names, hands, st, nxt)
