"""The CSV export (one row per hand and player) and reading it back.

``export_csv`` writes the columns of :data:`CSV_COLUMNS`. :func:`parse_csv` reads that
file back into game files (the store's ``import_data`` then checks and stores them), and
also a paper score sheet typed into a spreadsheet in the same shape, where only
``hand``, ``player`` and ``points`` are needed (separated by commas, semicolons or tabs;
column names in any case and order):

* rows of one game share a ``game_id`` (no ``game_id`` column: the file is one game);
* the players, in seating order, are the ``player`` cells of hand 1, sorted by ``seat``
  when there is one; every hand names the same players;
* ``variant``, ``target``, ``moon_rule`` (default standard, its usual target,
  add_to_others) and ``created``/``updated`` are read from the first row of a game;
  ``dealer`` of hand 1 is the first dealer (default: the first player);
* ``moon_choice`` on a row of a moon hand under the shooter's choice;
* ``house_rules`` (first row of a game) names the house rules played, separated by
  spaces: a rule that is on by its key, the table's pass cycle as ``passes=`` and its
  passes separated by commas (``jack_of_diamonds passes=left,right,hold``), and a rule
  with a value as ``key=value`` (``pass_cards=2 tie=share``); ``jack`` (on the rows of a
  hand) names who took the J♦. The export has these two columns only when a game in it
  plays a house rule (``jack``: the J♦ rule), so other exports keep their columns;
* ``queen_breaks_hearts`` (first row of a game): ``true`` when the table plays that
  the queen of spades breaks hearts (``false`` or empty: it does not); the export has
  the column only when a game in it plays so;
* a seat that changes name (a table's life): the rows of a hand name whoever played it,
  and ``was`` (on the changed seat's row of the hand the change comes in) the name the
  seat had before; the export has the column only when a game in it has a change;
* a column the sheet does not know (``targt`` for ``target``) or a column named twice
  is refused, naming the nearest known column, as an unknown key of a game file is;
* ``pass``, ``score`` and ``total`` are derived by the rules: left empty they are
  ignored, filled in they must agree with the rules (a typo on the sheet is caught).

Each game has its own columns and rows (its format, :data:`.games.FORMATS`): these are
Hearts'; a Kierki game has one row per deal (:mod:`.kierki_csv`); a file with games of
both has both sets of columns (Hearts' first), and each game's rows fill its own. A text cell that
a spreadsheet would run as a formula is written with a leading ``'`` and read back
exactly (:mod:`.cells`); the number columns are written as numbers (a score of -26
stays a number).
"""

from __future__ import annotations

import csv
import io
import itertools
from typing import Any, Iterable, Iterator

from .. import rules
from .bounds import lines as _lines, too_many_games
from .cells import bad as _bad, identified, quote_text, unquote_text, whole as _whole, written
from .errors import FormatError, nearest_key
from .gamefile import game_from_dict
from .house_cell import house_text, read_house_text
from .registry import default_format, format_named, format_of, formats

CSV_COLUMNS = ("game_id", "created", "updated", "variant", "target", "moon_rule", "hand",
               "dealer", "pass", "seat", "player", "points", "moon_choice", "score", "total")
# only in a file with a game that has them
HOUSE_COLUMNS = ("house_rules", "jack", "was", "queen_breaks_hearts")
REQUIRED = ("hand", "player", "points")
TEXT_COLUMNS = frozenset(("game_id", "created", "updated", "variant", "moon_rule", "dealer",
                          "pass", "player", "moon_choice", "house_rules", "jack", "was",
                          "queen_breaks_hearts"))
YES_NO = {"true": True, "yes": True, "1": True, "false": False, "no": False, "0": False,
          "": False}

def export_csv(games: Iterable[dict[str, Any]]) -> str:
    """The rows of each game as its game's format writes them: one per hand and player
    of a Hearts game, one per deal of a Kierki game (:mod:`.kierki_csv`); scores and
    totals come from the rules. A game with no hands has no rows. Text cells go through
    :func:`quote_text`, numbers as they are. A file has the columns of the games in it,
    game by game in the table's order (a file of no game: Hearts')."""
    played = [(g, game_from_dict(g)) for g in games]
    columns: tuple[str, ...] = ()
    for fmt in formats():
        mine = [game for _, game in played if format_of(game.rules) is fmt]
        if mine or (not played and fmt is default_format()):
            more = fmt.csv_columns(mine)
            columns += tuple(c for c in more if c not in columns)
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    w.writerow(columns)
    for g, game in played:
        rows = format_of(game.rules).csv_rows(g, game)
        w.writerows([written(row.get(c, "")) for c in columns] for row in rows)
    return out.getvalue()


def hearts_columns(games: list[rules.Game]) -> tuple[str, ...]:
    """The columns of Hearts games: the export's, and the house rules' where played."""
    return CSV_COLUMNS + tuple(c for c in HOUSE_COLUMNS if any(_has(c, game) for game in games))


def hearts_rows(g: dict[str, Any], game: rules.Game) -> list[dict[str, Any]]:
    """A Hearts game's rows: one per hand and player, by column."""
    st = rules.state(game)
    before = game.players
    rows = []
    for number, (hand, hs, totals, names) in enumerate(
            zip(game.hands, st.hands, rules.running_totals(game), st.names, strict=True), 1):
        info = rules.hand_info(game, number)
        was = dict(hand.seat_changes)
        for seat, name in enumerate(names):
            rows.append(dict(zip(CSV_COLUMNS + HOUSE_COLUMNS, (
                g["id"], g["created"], g["updated"], game.rules.variant.value,
                game.rules.target, game.rules.moon.value, number, names[info.dealer],
                info.pass_token, seat + 1, name, hand.points[seat],
                hand.moon_choice.value if hand.moon_choice else "", hs.scores[seat],
                totals[seat], house_text(game.rules),
                "" if hand.jack is None else names[hand.jack],
                before[seat] if seat in was else "",
                "true" if game.rules.queen_breaks_hearts else "false"))))
        before = names
    return rows


def _has(column: str, game: rules.Game) -> bool:
    if column == "was":
        return any(hand.seat_changes for hand in game.hands)
    if column == "queen_breaks_hearts":
        return game.rules.queen_breaks_hearts
    return game.rules.plays("jack_of_diamonds") if column == "jack" else bool(game.rules.house)


def parse_csv(text: str | Iterable[str]) -> list[dict[str, Any]]:
    """The games of a CSV export (or a typed score sheet) as game files with their ids and
    dates; every row checked, in the order of the file. ``text`` may come in pieces (the
    command reads a file so): a row that crosses a limit of a game (its hand after the
    1,000th, a hand's row after the most players a game has) is refused as it comes,
    before the rest is read."""
    lines = _lines([text] if isinstance(text, str) else text)
    first = next(lines, "")
    # a spreadsheet set to Polish or Lithuanian writes ";" (the comma is the decimal sign)
    delimiter = max((",", ";", "\t"), key=first.rstrip("\r\n").count)
    reader = csv.reader(itertools.chain([first], lines), delimiter=delimiter)
    numbered = ((reader.line_num, row) for row in _rows(reader) if any(c.strip() for c in row))
    header_line, header = next(numbered, (0, None))
    if header is None:
        raise _bad("the CSV file is empty")
    head = [c.strip().lower() for c in header]
    _check_head(head, line=header_line)
    # the sheet of the game whose columns it has (a Kierki sheet names contracts, or a
    # file with Kierki games too), else Hearts'
    sheet = next((f for f in formats() if f.csv_claims(head)), default_format())
    missing = [c for c in sheet.csv_required if c not in head]
    if missing:
        raise _bad(f"the CSV file has no {missing[0]!r} column ({sheet.csv_needs()})")
    known = dict.fromkeys(c for f in formats() for c in f.csv_all)
    text = frozenset(c for f in formats() for c in f.csv_text)
    col = {name: head.index(name) for name in known if name in head}
    games: dict[str, list[tuple[int, dict[str, str]]]] = {}
    rows_of: dict[tuple[str, str, str], int] = {}  # rows of each game's hand so far
    for line, row in numbered:
        cells = {name: _cell(row, i, name in text) for name, i in col.items()}
        gid = cells.get("game_id", "")
        _check_row(cells, gid, line, rows_of)
        if gid not in games and (error := too_many_games(len(games) + 1)) is not None:
            raise _bad(f"line {line}: {error}", line=line)
        games.setdefault(gid, []).append((line, cells))
    return [_one_game(gid, lines, head) for gid, lines in games.items()]

def hearts_row_limit(cells: dict[str, str]) -> tuple[str, int, str] | None:
    """A Hearts row numbers its hand: as many rows as a game has players at most."""
    if "hand" not in cells:
        return None
    return "hand", rules.MAX_PLAYERS, f"a game has at most {rules.MAX_PLAYERS} players"


def hearts_needs() -> str:
    """What a Hearts sheet needs, in the error that says a column is missing."""
    return (f"it needs {', '.join(REQUIRED)}; the export's columns are "
            f"{', '.join(CSV_COLUMNS)}")


def _one_game(gid: str, lines: list[tuple[int, dict[str, str]]], head: list[str],
              ) -> dict[str, Any]:
    """One game's rows as its game file, read by its game's format: the game its
    variant names, or (a sheet without variants) the game whose row it is (a Kierki
    row names a contract), else Hearts."""
    first = lines[0][1]
    fmt = _format_of_row(first)
    missing = [c for c in fmt.csv_required if c not in head]
    if missing:
        where = f"game {gid}" if gid else "the game"
        raise _bad(f"{where} is {fmt.csv_game} and the CSV file has no {missing[0]!r} "
                   f"column ({fmt.csv_needs()})")
    return fmt.csv_read(gid, lines)  # type: ignore[no-any-return]


def _format_of_row(first: dict[str, str]) -> Any:
    variant = first.get("variant")
    if variant:
        game = rules.variant_game(variant)
        return default_format() if game is None else format_named(game.key)
    return next((f for f in formats() if f.csv_claims_row(first)), default_format())


def _check_head(head: list[str], line: int) -> None:
    """Every column is one the sheet knows, once: a column that is not read would be
    a rule or a score silently dropped (``targt`` for ``target``). Empty column names (a
    spreadsheet's trailing separators) are left alone."""
    known = tuple(dict.fromkeys(c for f in formats() for c in f.csv_all))
    seen: set[str] = set()
    for name in head:
        if not name:
            continue
        if name in seen:
            raise _bad(f"line {line}: the column {name!r} is there twice", line=line,
                       column=name)
        seen.add(name)
        if name not in known:
            nearest = nearest_key(name, known)
            hint = (f"did you mean {nearest!r}?" if nearest
                    else f"the export's columns are {', '.join(CSV_COLUMNS + HOUSE_COLUMNS)}")
            raise _bad(f"line {line}: unknown column {name!r} ({hint})", line=line,
                       column=name, nearest=nearest)


def _rows(reader: Any) -> Iterator[list[str]]:
    try:
        yield from reader
    except csv.Error as e:
        raise _bad(f"not a valid CSV file ({e})") from None


def _check_row(cells: dict[str, str], gid: str, line: int,
               rows_of: dict[tuple[str, str, str], int]) -> None:
    """The limits of a game that one row can cross, checked as the row comes: a hand
    after the 1,000th or with more rows than a game has players; a Kierki deal (a row
    with a deal and no hand) after the 1,000th or with a second row. Each game's format
    says what a row of it numbers (Hearts', the default, last)."""
    default = default_format()
    for fmt in [f for f in formats() if f is not default] + [default]:
        limit = fmt.csv_row_limit(cells)
        if limit is not None:
            break
    else:
        return  # a row without its number: the game's own reading says so
    what, most, why = limit
    number = _whole(cells[what], what, line)
    if number > rules.MAX_HANDS:
        raise _bad(f"line {line}: {what} {number:,} of game {gid or 1}: a game holds at most "
                   f"{rules.MAX_HANDS:,} {what}s", line=line)
    key = (gid, what, cells[what].strip())
    rows_of[key] = rows_of.get(key, 0) + 1
    if rows_of[key] > most:
        raise _bad(f"line {line}: {what} {number} of game {gid or 1} has more than "
                   f"{most} row{'s' if most > 1 else ''}; {why}", line=line)


def _cell(row: list[str], i: int, text: bool) -> str:
    cell = row[i].strip() if i < len(row) else ""
    return unquote_text(cell) if text else cell


def hearts_game(gid: str, lines: list[tuple[int, dict[str, str]]]) -> dict[str, Any]:
    first_line, first = lines[0]
    hands: dict[int, list[tuple[int, dict[str, str]]]] = {}
    for line, cells in lines:
        hands.setdefault(_whole(cells["hand"], "hand", line), []).append((line, cells))
    numbers = sorted(hands)
    if numbers != list(range(1, len(numbers) + 1)):
        raise _bad(f"line {first_line}: the hands of game {gid or 1} must be numbered 1, 2, "
                   f"3, ... (found {', '.join(map(str, numbers[:8]))})")
    if len(numbers) > rules.MAX_HANDS:
        raise _bad(f"game {gid}: more than {rules.MAX_HANDS:,} hands")
    seats = hands[1]
    if all(c.get("seat") for _, c in seats):
        seats = sorted(seats, key=lambda lc: _whole(lc[1]["seat"], "seat", lc[0]))
    players = [c.get("was") or c["player"] for _, c in seats]
    keys = [rules.normalise_name(p) for p in players]
    variant = first.get("variant") or "standard"
    data: dict[str, Any] = {"players": players, "rules": {"variant": variant,
                                                          "moon": first.get("moon_rule") or "add_to_others"}}
    if first.get("house_rules"):
        data["rules"].update(read_house_text(first["house_rules"], first_line))
    if first.get("queen_breaks_hearts"):
        data["rules"]["queen_breaks_hearts"] = _yes_no(first["queen_breaks_hearts"],
                                                       "queen_breaks_hearts", first_line)
    if first.get("target"):
        data["rules"]["target"] = _whole(first["target"], "target", first_line)
    elif variant in {v.value for v in rules.Variant}:
        data["rules"]["target"] = rules.spec(variant).default_target
    if first.get("dealer"):
        data["first_dealer"] = first["dealer"]
    data["hands"] = []
    for n in numbers:
        hand, keys = _hand(hands[n], keys, n)
        data["hands"].append(hand)
    _check_derived(identified(data, gid, first), lines)
    return data


def _yes_no(cell: str, what: str, line: int) -> bool:
    try:
        return YES_NO[cell.strip().lower()]
    except KeyError:
        raise _bad(f"line {line}: {what} must be true or false, not {cell[:20]!r}",
                   line=line) from None


def _seat_changes(rows: list[tuple[int, dict[str, str]]], keys: list[str], number: int,
                  ) -> tuple[dict[str, str], list[str]]:
    """The hand's ``was`` cells as its game-file ``seat_changes`` and the seats' names
    (matched as the players' are) for its rows; the rules check the change itself."""
    changes: dict[str, str] = {}
    after = list(keys)
    for ln, cells in rows:
        if not cells.get("was"):
            continue
        old = rules.normalise_name(cells["was"])
        if old not in keys:
            raise _bad(f"line {ln}: hand {number} changes {cells['was']!r}, who is not "
                       "at the table then", line=ln)
        changes[cells["was"]] = cells["player"]
        after[keys.index(old)] = rules.normalise_name(cells["player"])
    return changes, after


def _hand(rows: list[tuple[int, dict[str, str]]], keys: list[str], number: int,
          ) -> tuple[dict[str, Any], list[str]]:
    """Hand ``number``'s game-file hand, and the names (matched as the players' are) of
    the seats after it; ``keys`` are the seats' names before it."""
    line = rows[0][0]
    changes, keys = _seat_changes(rows, keys, number)
    points: list[int | None] = [None] * len(keys)
    choices = set()
    jacks = set()
    for ln, cells in rows:
        key = rules.normalise_name(cells["player"])
        if key not in keys:
            raise _bad(f"line {ln}: hand {number} names {cells['player']!r}, who is not a "
                       "player of hand 1 (nor given the seat in a \"was\" cell)", line=ln)
        seat = keys.index(key)
        if points[seat] is not None:
            raise _bad(f"line {ln}: hand {number} has two rows for {cells['player']!r}", line=ln)
        points[seat] = _whole(cells["points"], "points", ln)
        if cells.get("moon_choice"):
            choices.add(cells["moon_choice"])
        if cells.get("jack"):
            jacks.add(rules.normalise_name(cells["jack"]))
    if None in points:
        who = [k for k, p in zip(keys, points) if p is None][0]
        raise _bad(f"line {line}: hand {number} has no row for {who!r}", line=line)
    if len(choices) > 1:
        raise _bad(f"line {line}: hand {number} has two moon choices", line=line)
    if len(jacks) > 1:
        raise _bad(f"line {line}: hand {number} names two players who took the J♦", line=line)
    hand: dict[str, Any] = {"points": points}
    if choices:
        hand["moon_choice"] = choices.pop()
    if jacks:
        hand["jack"] = jacks.pop()
    if changes:
        hand["seat_changes"] = changes
    return hand, keys


def _check_derived(data: dict[str, Any], lines: list[tuple[int, dict[str, str]]]) -> None:
    """Filled-in ``score``/``total``/``pass`` cells must be what the rules make them."""
    try:
        game = game_from_dict(data)
    except (FormatError, rules.RulesError):
        return  # the import's own check reports it, naming the hand
    st = rules.state(game)
    totals = rules.running_totals(game)
    for line, cells in lines:
        n = int(cells["hand"].strip())
        keys = [rules.normalise_name(p) for p in st.names[n - 1]]
        seat = keys.index(rules.normalise_name(cells["player"]))
        want = {"score": st.hands[n - 1].scores[seat], "total": totals[n - 1][seat]}
        for what, value in want.items():
            if cells.get(what) and _whole(cells[what], what, line) != value:
                raise _bad(f"line {line}: hand {n}, {cells['player']}: the sheet says {what} "
                           f"{cells[what]}, the rules make it {value}", line=line)
        direction = rules.hand_info(game, n).pass_token
        if cells.get("pass") and cells["pass"].lower() != direction:
            raise _bad(f"line {line}: hand {n}: the sheet says pass {cells['pass']}, the "
                       f"rules make it {direction}", line=line)
