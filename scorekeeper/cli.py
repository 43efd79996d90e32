"""The ``scorekeeper`` command.

    scorekeeper [serve] [--host H] [--port P] [--lan] [--db PATH]   start the phone app
    scorekeeper replay FILE [--json]                               check and score a game file
    scorekeeper export [--db PATH] [--format json|csv] [-o FILE]   every stored game
    scorekeeper import FILE [--db PATH]                            add games from a file

Invalid input exits with status 2 and one message on stderr, never a traceback.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, Sequence

from . import rules
from .rules import RulesError

EXIT_INVALID = 2


class UsageError(Exception):
    """Bad input from the user: printed as one line, exit status 2."""


def _read_json(path: str) -> Any:
    try:
        if path == "-":
            text = sys.stdin.read()
        else:
            with open(path, encoding="utf-8-sig") as f:
                text = f.read()
    except FileNotFoundError:
        raise UsageError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise UsageError(f"{path}: is a folder, not a game file") from None
    except UnicodeDecodeError:
        raise UsageError(f"{path}: not UTF-8 text") from None
    except OSError as e:
        raise UsageError(f"{path}: cannot read ({e.strerror})") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        raise UsageError(f"{path}: not valid JSON (line {e.lineno}, column {e.colno}: {e.msg})") from None
    except RecursionError:
        raise UsageError(f"{path}: not valid JSON (nested too deeply)") from None


def format_table(game: rules.Game) -> str:
    """A readable score sheet: one row per hand, running totals, verdict, next hand."""
    st = rules.state(game)
    names = list(game.players)
    width = max(6, *(len(n) for n in names))
    head = f"{'hand':>4}  {'pass':<6}  " + "  ".join(f"{n:>{width}}" for n in names)
    lines = [head, "-" * len(head)]
    for number, (hs, totals) in enumerate(zip(st.hands, rules.running_totals(game)), 1):
        info = rules.hand_info(game, number)
        cells = "  ".join(f"{s:>{width}}" for s in hs.scores)
        moon = ""
        if hs.moon is not None:
            moon = f"  moon: {names[hs.moon.player]} ({hs.moon.choice.value.replace('_', ' ')})"
        lines.append(f"{number:>4}  {info.direction.value:<6}  {cells}{moon}")
    lines.append("-" * len(head))
    lines.append(f"{'total':>12}  " + "  ".join(f"{t:>{width}}" for t in st.totals))
    lines.append("")
    lines.append(f"target: {game.rules.target}  variant: {game.rules.variant.value}  "
                 f"moon: {game.rules.moon.value.replace('_', ' ')}")
    if st.game_over:
        lines.append(f"game over: {names[st.winner]} wins with {st.totals[st.winner]}")  # type: ignore[index]
    else:
        if st.standing.tie_for_lowest:
            tied = ", ".join(names[s] for s in st.leaders)
            lines.append(f"tie for lowest ({tied}): play another hand")
        n = st.next_hand
        assert n is not None
        if n.passes:
            who = "; ".join(f"{names[a]} -> {names[b]}" for a, b in n.passes.items())
            pass_text = f"pass {n.direction.value}: {who}"
        else:
            pass_text = "hold: no passing"
        lead = (f"{n.first_lead} leads" if n.first_lead is not None
                else f"{names[n.first_leader]} leads")  # type: ignore[index]
        lines.append(f"next: hand {n.number}, {names[n.dealer]} deals, {pass_text}, {lead}")
    return "\n".join(lines)


def cmd_replay(args: argparse.Namespace) -> int:
    data = _read_json(args.file)
    game = rules.game_from_dict(data)
    if args.json:
        print(json.dumps(rules.state_to_dict(game), ensure_ascii=False, indent=2))
    else:
        print(format_table(game))
    return 0


def cmd_serve(args: argparse.Namespace) -> int:
    from .app.serve import serve  # Flet is imported only when serving

    return serve(host=args.host, port=args.port, db=args.db, lan=args.lan)


def cmd_export(args: argparse.Namespace) -> int:
    from .store.cli import export_games

    return export_games(db=args.db, fmt=args.format, output=args.output)


def cmd_import(args: argparse.Namespace) -> int:
    from .store.cli import import_games

    return import_games(args.file, db=args.db)


def _add_serve_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    p.add_argument("--lan", action="store_true",
                   help="listen on every address so a phone on the same Wi-Fi can open the app")
    p.add_argument("--port", type=int, default=8550, help="port (default 8550)")
    p.add_argument("--db", default=None, help="data folder (default: the app's data folder)")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="scorekeeper",
        description="Hearts score sheet. With no command, serves the phone app.",
    )
    _add_serve_args(parser)
    sub = parser.add_subparsers(dest="command")

    p = sub.add_parser("serve", help="serve the phone app (the default)")
    _add_serve_args(p)
    p.set_defaults(func=cmd_serve)

    p = sub.add_parser("replay", help="check a game file and print the state of the game")
    p.add_argument("file", help="game file (UTF-8 JSON), or - for standard input")
    p.add_argument("--json", action="store_true", help="print the state as JSON")
    p.set_defaults(func=cmd_replay)

    p = sub.add_parser("export", help="export every stored game")
    p.add_argument("--db", default=None, help="data folder")
    p.add_argument("--format", choices=("json", "csv"), default="json")
    p.add_argument("-o", "--output", default=None, help="file to write (default: stdout)")
    p.set_defaults(func=cmd_export)

    p = sub.add_parser("import", help="import a game file or a JSON export")
    p.add_argument("file")
    p.add_argument("--db", default=None, help="data folder")
    p.set_defaults(func=cmd_import)
    return parser




def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        args.func = cmd_serve
    try:
        return args.func(args)
    except (RulesError, UsageError) as e:
        print(f"scorekeeper: {e}", file=sys.stderr)
        return EXIT_INVALID
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    # Run the imported module's main, so that errors raised as scorekeeper.cli.UsageError
    # (by the store's commands) are the class this main catches.
    from scorekeeper.cli import main as _main

    sys.exit(_main())
