"""A game to send to the group: its text summary in the phone's language, and the game
as a CSV or JSON file. Flet-free: the screen hands the text to the share sheet or the
clipboard, and the files to a download.

- :func:`share_text`: the final standings (places from the rules), the winner, the hands
  played, the moons, and the house rules with the J♦s taken, in the translator's language.
- :func:`game_csv`: one row per hand and player, the columns of the store's CSV export
  (``formats.export_csv``, reused).
- :func:`game_json`: the game file (``formats.game_to_dict``) that ``scorekeeper replay``
  reads and ``scorekeeper import`` adds (its id, so importing it twice adds it once).
"""

from __future__ import annotations

import json

from ... import formats, rules
from ...store.model import StoredGame
from ..text.house_words import HOUSE_RULES, JACKS_TAKEN, house_summary
from ..text.i18n import Translator

MOON = "☾"
HEART = "♥"


def signed(n: int) -> str:
    """A total as the app draws it: negative with a true minus sign (U+2212)."""
    return str(n).replace("-", "\u2212")


def _headline(game: rules.Game, st: rules.GameState, tr: Translator) -> list[str]:
    if st.winner is not None:
        return [f"{HEART} " + tr._("Hearts: {winner} won!", winner=game.players[st.winner]),
                tr._("Final standings:")]
    if not game.hands:
        return [f"{HEART} " + tr._("Hearts: no hand played yet.")]
    return [f"{HEART} " + tr._("Hearts: not finished yet. Standings after hand {hand}:",
                               hand=len(game.hands))]


def share_text(game: rules.Game, tr: Translator) -> str:
    """The game in a few lines for a chat: standings (best first; a shared place is
    written for each), the winner, the hands played and who shot the moon."""
    st = rules.state(game)
    lines = _headline(game, st, tr)
    places = rules.places(st.totals)
    lines += [f"{places[seat]}. {game.players[seat]}: {signed(st.totals[seat])}"
              for seat in rules.standings_order(st.totals)]
    lines.append(tr._("Hands played: {n}", n=len(game.hands)))
    moons = st.moons
    shooters = sorted((seat for seat in range(game.seats) if moons[seat]),
                      key=lambda seat: (-moons[seat], seat))
    lines += [f"{MOON} " + tr._n("{player}: {n} moon", "{player}: {n} moons", moons[seat],
                                 player=game.players[seat]) for seat in shooters]
    if not shooters:
        lines.append(tr._("Nobody shot the moon."))
    house = house_summary(tr, game.rules)
    if house:
        lines.append(f"{tr._(HOUSE_RULES)}: {house}")
    if game.rules.plays("jack_of_diamonds"):
        lines += [tr._(JACKS_TAKEN, player=game.players[seat], n=n)
                  for seat, n in enumerate(st.jacks) if n]
    return "\n".join(lines) + "\n"


def _game_file(stored: StoredGame) -> dict:
    return {**formats.game_to_dict(stored.game), "id": stored.id, "created": stored.created,
            "updated": stored.updated}


def game_csv(stored: StoredGame) -> str:
    """The game as the store's CSV export writes it: one row per hand and player."""
    return formats.export_csv([_game_file(stored)])


def game_json(stored: StoredGame) -> str:
    """The game file with its id and dates, as UTF-8 JSON text."""
    return json.dumps(_game_file(stored), ensure_ascii=False, indent=2) + "\n"


def download_name(stored: StoredGame, extension: str) -> str:
    """A file name for a download: ``hearts-<date created>-<id>.<extension>``."""
    return f"hearts-{stored.created[:10]}-{stored.id}.{extension}"
