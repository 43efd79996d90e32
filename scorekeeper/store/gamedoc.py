"""A stored game file as data: its checks, its summary for the history list, its change
log entries. Pure functions over dicts (no I/O); :mod:`.store` reads and writes them.

A game file is a TinyDB database::

    {"meta": {"1": {"format": 1}},
     "game": {"1": {"id", "created", "updated", "version", "deleted",
                    "game": <the game file of scorekeeper replay>}},
     "changes": {"1": {"at", "action", "hand", "old", "new", "old_moon_choice",
                       "new_moon_choice", "version"}, ...}}

A change of an Omnibus game also has ``old_jack`` / ``new_jack``: the seat that took the
J♦ (written only when a hand names one, so other change logs are as they were).

A change of a Kierki game keeps its deals as ``old_deal`` / ``new_deal`` (the contract,
the counts, trumps and the players out by seat: ``formats.kierki_file.deal_record``);
its ``old`` / ``new`` points are null, as a deal has no Hearts points.
"""

from __future__ import annotations

from datetime import datetime, timezone
from typing import Any

from .. import formats, rules
from ..rules.stats import Spell, spells as spells_of
from ..formats import ACTIONS, utc_iso
from . import migrations
from .errors import DamagedData
from .model import Change, GameSummary

def now_iso() -> str:
    """Now, the one way a date is written (``formats.utc_iso``)."""
    return utc_iso(datetime.now(timezone.utc))


def check_game_data(data: dict) -> tuple[dict, rules.Game]:
    """Validator for a game file: the data (upgraded to the current format) and its game."""
    data, _ = migrations.upgrade_game_data(data)
    doc = data.get("game", {}).get("1")
    if not isinstance(doc, dict):
        raise DamagedData("no game document")
    for key, kind in (("id", str), ("created", str), ("updated", str), ("version", int),
                      ("deleted", bool), ("game", dict)):
        if not isinstance(doc.get(key), kind):
            raise DamagedData(f"the game document has no valid {key!r}")
    try:
        game = formats.game_from_dict(doc["game"])
    except (formats.FormatError, rules.RulesError) as e:
        game = _older_game(doc["game"], e)
    for entry in data.get("changes", {}).values():
        if entry.get("action") not in ACTIONS or not isinstance(entry.get("hand"), int):
            raise DamagedData("a change log entry is not valid")
    return data, game


# limits added after games were stored: such a game stays readable (see _older_game)
NEWER_LIMITS = ("player_name_long", "player_name_chars", "too_many_hands", "first_dealer_type")


def _older_game(g: dict, error: formats.FormatError | rules.RulesError) -> rules.Game:
    """A stored game that breaks a limit newer than the game (a long name, a name with
    control characters, more than 1,000 hands): read with its names cleaned
    (``rules.clean_name``), never set aside as damaged; otherwise ``DamagedData``."""
    if error.code not in NEWER_LIMITS:
        raise DamagedData(f"the stored game breaks the rules: {error}")
    try:
        players = g["players"]
        names = [rules.clean_name(n) if isinstance(n, str) else n for n in players]
        first = g.get("first_dealer") or 0
        if isinstance(first, str) and first in players:
            first = names[players.index(first)]
        head = rules.Game.new(names, formats.rules_from_dict(g.get("rules")), first)
        hands = formats.read_hands(list(g.get("hands", [])), head)
        return rules.Game.new(head.players, head.rules, head.first_dealer, hands)
    except (formats.FormatError, rules.RulesError, TypeError, AttributeError) as e:
        raise DamagedData(f"the stored game breaks the rules: {e}") from None


def summary_of(doc: dict, game: rules.Game, key: tuple[int, int, int] | None) -> dict[str, Any]:
    """The history-list row of a game; ``key`` identifies the file it was read from."""
    st = rules.state(game)
    names = st.players
    extra: dict[str, Any] = {}
    if game.rules.plays("jack_of_diamonds"):
        extra["jacks"] = list(st.jacks)
    if st.standing.shared:
        extra["winners"] = [names[seat] for seat in st.winners]
    spells, marks = spells_of(game)
    # the game's own fields (Kierki: how many deals the whole match has; per contract)
    extra.update(formats.format_of(game.rules).summary(game))
    if spells:  # only a game where a seat changed name: other rows stay as they were
        extra["spells"] = [[sp.seat, sp.name, sp.first, sp.last, sp.points, sp.moons,
                            sp.jacks] for sp in spells]
        extra["marks"] = [[hand, list(totals)] for hand, totals in marks]
    return {
        "id": doc["id"], "created": doc["created"], "updated": doc["updated"],
        "version": doc["version"], "players": list(names),
        "variant": game.rules.variant.value, "target": game.rules.target,
        "hands": len(game.hands), "totals": list(st.totals), "finished": st.game_over,
        "winner": None if st.winner is None else names[st.winner],
        "deleted": doc["deleted"], "moons": list(st.moons),
        "file": None if key is None else list(key), **extra,
    }


def summary_value(s: dict[str, Any]) -> GameSummary:
    # The history list builds thousands of these: fill the frozen dataclass directly
    # instead of through its __init__ (one object.__setattr__ per field).
    value = object.__new__(GameSummary)
    value.__dict__.update(
        id=s["id"], created=s["created"], updated=s["updated"], version=s["version"],
        players=tuple(s["players"]), variant=s["variant"], target=s["target"],
        hands=s["hands"], totals=tuple(s["totals"]), finished=s["finished"],
        winner=s["winner"], deleted=s["deleted"], moons=tuple(s["moons"]),
        jacks=tuple(s.get("jacks", ())),
        winners=tuple(s.get("winners", ())) or ((s["winner"],) if s["winner"] else ()),
        spells=tuple(Spell(*sp) for sp in s.get("spells", ())),
        marks=tuple((hand, tuple(totals)) for hand, totals in s.get("marks", ())),
        deals=s.get("deals", 0),
        contracts=tuple((c, d if isinstance(d, int) else tuple(d), tuple(p))
                        for c, d, p in s.get("contracts", ())))
    return value


def _pairs(raw: Any) -> tuple[tuple[int, str], ...]:
    return () if not raw else tuple((int(seat), str(name)) for seat, name in raw)


def _deal(e: dict[str, Any], prefix: str, seats: Any) -> rules.Deal | None:
    """A Kierki change's deal (``old_deal`` / ``new_deal``), with its seat changes."""
    raw = e.get(f"{prefix}_deal")
    if raw is None:
        return None
    try:
        return formats.deal_from_record(raw, seats)
    except formats.FormatError as err:
        raise DamagedData(str(err)) from None


def change_value(e: dict[str, Any]) -> Change:
    old_seats = _pairs(e.get("old_seats", e.get("old_seat_changes")))
    new_seats = _pairs(e.get("new_seats", e.get("new_seat_changes")))
    return Change(
        at=e["at"], action=e["action"], hand=e["hand"],
        old=None if e.get("old") is None else tuple(e["old"]),
        new=None if e.get("new") is None else tuple(e["new"]),
        old_moon_choice=e.get("old_moon_choice"), new_moon_choice=e.get("new_moon_choice"),
        old_jack=e.get("old_jack"), new_jack=e.get("new_jack"),
        old_seats=old_seats, new_seats=new_seats, version=e.get("version", 0),
        old_deal=_deal(e, "old", old_seats), new_deal=_deal(e, "new", new_seats),
    )


def hand_entry(hand: rules.Hand | rules.Deal | None, prefix: str) -> dict[str, Any]:
    """A hand in a change-log entry, as its game's format keeps it (a Kierki deal: no
    points, the deal itself)."""
    if hand is None:
        return {prefix: None, f"{prefix}_moon_choice": None}
    return formats.format_of_hand(hand).change_entry(hand, prefix)  # type: ignore[no-any-return]


def waiting_seats(doc: dict) -> rules.SeatChanges:
    """The changes of player waiting for the next hand (``next_seat_changes``: a game
    document from before a table's life has none)."""
    raw = doc.get("next_seat_changes") or ()
    try:
        return rules.read_changes((int(seat), str(name)) for seat, name in raw)
    except (TypeError, ValueError):
        raise DamagedData("the changes of player waiting for the next hand are not "
                          "valid") from None
