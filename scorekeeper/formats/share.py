"""A game to send to the group: its text summary in the reader's language, and the game
as a CSV or JSON file. Pure: the app hands the text to the share sheet or the clipboard,
and the files to a download.

- :func:`share_text`: the final standings (places from the rules), the winner (every
  winner of a shared win), who took a seat from which hand, the hands played, the moons, and the house rules with the J♦s taken, in the translator's language.
  A Kierki match (:func:`kierki_text`): the winner or winners (the highest total), the
  standings from the highest, the deals played of the match's, and the sum check (what
  the totals add up to, and what a whole match adds up to: 0 with the lottery).
  The translator is anything with ``_`` and ``_n`` (:class:`Translator`); the words for
  the house rules themselves are the app's, passed in as one line.
- :func:`game_csv`: the game as the CSV export writes it (:func:`.csvfile.export_csv`,
  reused): one row per hand and player, or per deal of a Kierki match.
- :func:`game_json`: the game file (:func:`.gamefile.game_to_dict`) with its id and dates,
  that ``scorekeeper replay`` reads and ``scorekeeper import`` adds (its id, so importing
  it twice adds it once).

The messages are marked for ``pybabel extract`` (``_``, ``_n``, ``N_``; see babel.cfg) and
translated in the app's catalogues.
"""

from __future__ import annotations

import json
from typing import Any, Protocol

from .. import rules
from .csvfile import export_csv
from .gamefile import game_to_dict
from .registry import format_of

MOON = "☾"
HEART = "♥"


def N_(msgid: str) -> str:
    """Marks a message for ``pybabel extract`` without translating it (babel.cfg: ``N_``)."""
    return msgid


HOUSE_RULES = N_("House rules")
JACKS_TAKEN = N_("{player}: J♦ × {n}")
# a table's life: who took a seat (or the name put right) and from which hand on
SEAT_CHANGE = N_("{new} · for {old} from hand {hand}")
SEAT_CHANGE_DEAL = N_("{new} · for {old} from deal {hand}")  # a Kierki match's
NAMES_AND = N_("{names} and {last}")  # "Bartek and Darek", "Ala, Bartek and Darek"


class Translator(Protocol):
    """What the share text needs of a translator: a message, and a plural message, in the
    reader's language with their ``{placeholders}`` filled."""

    def _(self, msgid: str, **params: Any) -> str: ...

    def _n(self, singular: str, plural: str, n: int, **params: Any) -> str: ...


def signed(n: int | str) -> str:
    """A total as the app draws it: negative with a true minus sign (U+2212)."""
    return str(n).replace("-", "\u2212")


def join_names(names: list[str] | tuple[str, ...], tr: Translator) -> str:
    """Names as a sentence lists them: "Ala", "Ala and Bartek", "Ala, Bartek and Darek"."""
    if len(names) < 2:
        return "".join(names)
    return tr._(NAMES_AND, names=", ".join(names[:-1]), last=names[-1])


def seat_changes(game: rules.Game, tr: Translator, line: str = SEAT_CHANGE) -> list[str]:
    """A line for each seat that changed name: "Zenon · for Darek from hand 6"."""
    lines = []
    for row in rules.seat_history(game.players, game.hands):
        for (_, old), (hand, new) in zip(row, row[1:]):
            lines.append(tr._(line, new=new, old=old, hand=hand))
    return lines


def _by_player(st: rules.GameState, events: list[tuple[int, int]]) -> dict[str, int]:
    """How many of ``events`` (seat, 0-based hand) each player had, by the name they
    played the hand under, in seat order then in order of sitting down."""
    order = [name for row in zip(*st.names) for name in dict.fromkeys(row)] if st.names else []
    counts = {name: 0 for name in order}
    for seat, index in events:
        counts[st.names[index][seat]] += 1
    return {name: n for name, n in counts.items() if n}


def _headline(game: rules.Game, st: rules.GameState, tr: Translator) -> list[str]:
    if st.standing.shared:
        won = join_names([st.players[seat] for seat in st.winners], tr)
        return [f"{HEART} " + tr._("Hearts: {winners} share the win!", winners=won),
                tr._("Final standings:")]
    if st.winner is not None:
        return [f"{HEART} " + tr._("Hearts: {winner} won!", winner=st.players[st.winner]),
                tr._("Final standings:")]
    if not game.hands:
        return [f"{HEART} " + tr._("Hearts: no hand played yet.")]
    return [f"{HEART} " + tr._("Hearts: not finished yet. Standings after hand {hand}:",
                               hand=len(game.hands))]


def share_text(game: rules.Game, tr: Translator, house: str = "") -> str:
    """The game in a few lines for a chat: standings (best first; a shared place is
    written for each), the winner, the hands played and who shot the moon. ``house`` is
    the house rules the table plays, in one line in ``tr``'s language ("" for none); the
    J♦s each player took follow it when the table plays the J♦. Each game's format
    writes its own (Hearts: :func:`hearts_text`; a Kierki match: :func:`kierki_text`)."""
    return format_of(game.rules).share_text(game, tr, house)  # type: ignore[no-any-return]


def hearts_text(game: rules.Game, tr: Translator, house: str = "") -> str:
    """A Hearts game's lines for a chat."""
    st = rules.state(game)
    lines = _headline(game, st, tr)
    places = rules.places(st.totals)
    names = st.players
    lines += [f"{places[seat]}. {names[seat]}: {signed(st.totals[seat])}"
              for seat in rules.standings_order(st.totals)]
    lines += seat_changes(game, tr)
    lines.append(tr._("Hands played: {n}", n=len(game.hands)))
    moons = _by_player(st, [(hs.moon.player, i) for i, hs in enumerate(st.hands)
                            if hs.moon is not None])
    shooters = sorted(moons, key=lambda name: (-moons[name], list(moons).index(name)))
    lines += [f"{MOON} " + tr._n("{player}: {n} moon", "{player}: {n} moons", moons[name],
                                 player=name) for name in shooters]
    if not shooters:
        lines.append(tr._("Nobody shot the moon."))
    if house:
        lines.append(f"{tr._(HOUSE_RULES)}: {house}")
    if game.rules.plays("jack_of_diamonds"):
        jacks = _by_player(st, [(change.seat, i) for i, hs in enumerate(st.hands)
                                for change in hs.adjustments
                                if change.rule == "jack_of_diamonds"])
        lines += [tr._(JACKS_TAKEN, player=name, n=n) for name, n in jacks.items()]
    return "\n".join(lines) + "\n"


def _kierki_headline(game: rules.Game, st: rules.GameState, tr: Translator) -> list[str]:
    names = st.players
    if st.game_over and len(st.winners) > 1:
        won = join_names([names[seat] for seat in st.winners], tr)
        return [f"{HEART} " + tr._("Kierki: {winners} share the win!", winners=won),
                tr._("Final standings:")]
    if st.game_over:
        return [f"{HEART} " + tr._("Kierki: {winner} won!", winner=names[st.winners[0]]),
                tr._("Final standings:")]
    if not game.hands:
        return [f"{HEART} " + tr._("Kierki: no deal played yet.")]
    return [f"{HEART} " + tr._("Kierki: not finished yet. Standings after deal {deal}:",
                               deal=len(game.hands))]


def kierki_text(game: rules.Game, tr: Translator) -> str:
    """A Kierki match in a few lines for a chat: the winner (every winner of a shared
    win), the standings from the highest total (a shared place written for each), who
    took a seat from which deal, the deals played of the match's, and the sum check."""
    st = rules.state(game)
    lines = _kierki_headline(game, st, tr)
    places = rules.places(st.totals, highest_first=True)
    lines += [f"{places[seat]}. {st.players[seat]}: {signed(st.totals[seat])}"
              for seat in rules.standings_order(st.totals, highest_first=True)]
    lines += seat_changes(game, tr, SEAT_CHANGE_DEAL)
    deals = rules.match_deals(game.rules.kierki, game.seats)  # type: ignore[arg-type]
    lines.append(tr._("Deals played: {n} of {deals}", n=len(game.hands), deals=deals))
    check = rules.sum_check(game)
    lines.append(tr._("Sum of the totals: {sum} (a whole match adds up to {match})",
                      sum=signed(check.total), match=signed(check.match)))
    return "\n".join(lines) + "\n"


def game_file(game_id: str, created: str, updated: str, game: rules.Game) -> dict[str, Any]:
    """The game file of ``game`` with its id and dates (what the export holds of a game,
    without the version and change log)."""
    return {**game_to_dict(game), "id": game_id, "created": created, "updated": updated}


def game_csv(game_id: str, created: str, updated: str, game: rules.Game) -> str:
    """The game as the CSV export writes it: one row per hand and player (a Kierki game:
    one row per deal)."""
    return export_csv([game_file(game_id, created, updated, game)])


def game_json(game_id: str, created: str, updated: str, game: rules.Game) -> str:
    """The game file with its id and dates, as UTF-8 JSON text."""
    return json.dumps(game_file(game_id, created, updated, game), ensure_ascii=False,
                      indent=2) + "\n"


def download_name(game_id: str, created: str, extension: str, game: str = "hearts") -> str:
    """A file name for a download: ``hearts-<date created>-<id>.<extension>`` (a Kierki
    match's: ``kierki-...``)."""
    return f"{game}-{created[:10]}-{game_id}.{extension}"
