"""The ``scorekeeper`` command.

    scorekeeper [serve] [--host H] [--port P] [--lan] [--db PATH]   start the phone app
    scorekeeper replay FILE [--json]                               check and score a game file
    scorekeeper export [--db PATH] [--format json|csv] [-o FILE]   every stored game
    scorekeeper import FILE [--db PATH]                            add games from a file
    scorekeeper build-web DIR [--base PATH]                        the offline web app

    scorekeeper --version                                           the version

A flag may stand before the command's name or after it (``scorekeeper --db DIR import
FILE`` is ``scorekeeper import FILE --db DIR``); one that the command does not take
(``scorekeeper --port 9000 import FILE``) is refused in one line naming the command it
goes with. Invalid input exits with status 2 and one message on stderr, never a traceback. A reader
that stops reading (``scorekeeper replay FILE --json | head``) ends it quietly with status 0.

Modules: ``errors`` (UsageError, one line and exit 2), ``reading`` (files in, with their
limits), ``replay``, ``store_commands`` (export, import). The store never imports from here.
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass
from typing import Any, Sequence

from ..formats import FormatError
from ..rules import RulesError
from .errors import EXIT_INVALID, UsageError, drop_stdout, flush_out, say
from .replay import format_table

__all__ = ["EXIT_INVALID", "FLAGS", "UsageError", "build_parser", "format_table", "main",
           "parse_args"]


def cmd_replay(args: argparse.Namespace) -> int:
    from .replay import replay

    return replay(args.file, as_json=args.json)


def cmd_serve(args: argparse.Namespace) -> int:
    from ..app.server.serve import serve  # Flet is imported only when serving

    return serve(host=args.host, port=args.port, db=args.db, lan=args.lan)


def cmd_export(args: argparse.Namespace) -> int:
    from .store_commands import export_games

    return export_games(db=args.db, fmt=args.format, output=args.output)


def cmd_import(args: argparse.Namespace) -> int:
    from .store_commands import import_games

    return import_games(args.file, db=args.db,
                        whole_process=getattr(args, "whole_process", False))


def cmd_build_web(args: argparse.Namespace) -> int:
    from ..web.build import (BuildError, build_site, describe,  # needs flet-web, only here
                             no_snapshot_warning)
    from ..web.client import ClientError

    try:
        site = build_site(args.dir, base_href=args.base)
    except (BuildError, ClientError) as e:  # a folder, or a Flet or Pyodide not known
        raise UsageError(str(e)) from None
    warning = no_snapshot_warning(site)
    if warning is not None:  # Node missing, or one that cannot make it: built all the same
        say(warning)
    print(describe(site))
    return 0


@dataclass(frozen=True)
class Flag:
    """An option of some commands: ``names`` as typed, argparse's ``options``, the
    ``commands`` that take it (the first is named when it is given to another)."""

    names: tuple[str, ...]
    options: dict[str, Any]
    commands: tuple[str, ...]

    @property
    def dest(self) -> str:
        return self.names[-1].lstrip("-").replace("-", "_")

    def default(self) -> Any:
        return False if self.options.get("action") == "store_true" else self.options.get("default")


FLAGS = (
    Flag(("--host",), {"default": "127.0.0.1", "metavar": "H",
                       "help": "address to listen on (default 127.0.0.1)"}, ("serve",)),
    Flag(("--lan",), {"action": "store_true", "help": "listen on every address so a phone "
                      "on the same Wi-Fi can open the app"}, ("serve",)),
    Flag(("--port",), {"type": int, "default": 8550, "metavar": "P",
                       "help": "port (default 8550)"}, ("serve",)),
    Flag(("--db",), {"default": None, "metavar": "DIR",
                     "help": "data folder (default: the app's data folder)"},
         ("serve", "import", "export")),
    Flag(("--json",), {"action": "store_true", "help": "print the state as JSON"},
         ("replay",)),
    Flag(("--format",), {"choices": ("json", "csv"), "default": "json"}, ("export",)),
    Flag(("-o", "--output"), {"default": None, "metavar": "FILE",
                              "help": "file to write (default: stdout)"}, ("export",)),
    Flag(("--base",), {"default": "/", "metavar": "PATH", "help": "the path the site is "
                       "served under (default /, e.g. /hearts/)"}, ("build-web",)),
)


def _add_flags(p: argparse.ArgumentParser, command: str) -> None:
    """Every flag, on the top-level parser (``command`` "serve", the default) and on each
    command's: given before or after the command's name, it is read the same. Those the
    command does not take are hidden from its help and refused by :func:`parse_args`."""
    for flag in FLAGS:
        options = {**flag.options, "default": argparse.SUPPRESS, "dest": flag.dest}
        if command not in flag.commands:
            options["help"] = argparse.SUPPRESS
        p.add_argument(*flag.names, **options)


def _version() -> str:
    """The installed distribution's version, or the package's own when run from a checkout."""
    from importlib import metadata

    from .. import __version__

    try:
        return metadata.version("scorekeeper")
    except metadata.PackageNotFoundError:
        return __version__


def build_parser() -> argparse.ArgumentParser:
    """The parser; :func:`parse_args` is what reads a command line (defaults, misplaced
    flags)."""
    parser = argparse.ArgumentParser(
        prog="scorekeeper",
        description="Hearts score sheet. With no command, serves the phone app. "
                    "A flag may stand before or after the command's name.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {_version()}")
    _add_flags(parser, "serve")
    sub = parser.add_subparsers(dest="command")

    p = sub.add_parser("serve", help="serve the phone app (the default)")
    p.set_defaults(func=cmd_serve)

    p = sub.add_parser("replay", help="check a game file and print the state of the game")
    p.add_argument("file", help="game file (UTF-8 JSON), or - for standard input")
    p.set_defaults(func=cmd_replay)

    p = sub.add_parser("export", help="export every stored game")
    p.set_defaults(func=cmd_export)

    p = sub.add_parser("import", help="import a game file, a JSON export or a CSV export")
    p.add_argument("file", help="a .json or .csv file, or - for standard input")
    p.set_defaults(func=cmd_import)

    p = sub.add_parser("build-web", help="build the installable, offline web app (a static folder)")
    p.add_argument("dir", help="folder to build into (emptied first)")
    p.set_defaults(func=cmd_build_web)
    for name, command in sub.choices.items():
        _add_flags(command, name)
    return parser


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    """The command line read: ``command`` (serve when none is named), ``func`` and every
    flag of that command (its default when not given). A flag that the command does not
    take raises :class:`UsageError` saying which command it goes with."""
    args = build_parser().parse_args(argv)
    if args.command is None:
        args.command, args.func = "serve", cmd_serve
    given = {flag.dest for flag in FLAGS if hasattr(args, flag.dest)}
    for flag in FLAGS:
        if args.command in flag.commands:
            if not hasattr(args, flag.dest):
                setattr(args, flag.dest, flag.default())
        elif hasattr(args, flag.dest):
            raise UsageError(_misplaced(flag, args.command, getattr(args, flag.dest)))
    _check_values(args, given)
    return args


def _check_values(args: argparse.Namespace, given: set[str]) -> None:
    """The values argparse lets through that the command cannot use."""
    port = getattr(args, "port", None)
    if port is not None and not 0 <= port <= 65535:
        raise UsageError(f"--port {port}: a port is a number from 0 to 65535 "
                         "(0: any free port)")
    db = getattr(args, "db", None)
    if db is not None and not db.strip():
        raise UsageError("--db: the folder's name is empty; name the data folder "
                         "(e.g. --db ~/hearts), or leave --db out for the app's own")
    if getattr(args, "lan", False) and "host" in given:
        raise UsageError(f"--lan and --host {args.host} contradict each other: --lan listens "
                         "on every address (0.0.0.0) so that phones can reach it, --host on "
                         "the one named; give one of them")


def _misplaced(flag: Flag, command: str, value: Any) -> str:
    name = flag.names[-1]
    typed = name if isinstance(value, bool) else f"{name} {value}"
    *others, last = flag.commands
    goes = f"{', '.join(others)} or {last}" if others else last
    return (f"{name} is not an option of {command}; it goes with {goes} "
            f"(scorekeeper {flag.commands[0]} {typed})")


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command. A closed pipe on stdout (a reader such as ``head`` that has read
    enough) is not an error: the rest of the output is dropped and the status is 0. An
    output that cannot be written (a full disk, standard output closed) is one line and
    status 2."""
    try:
        try:
            code = _run(argv)
        finally:  # flushed here (also after --help), not at exit, where it would print a traceback
            flush_out()
    except BrokenPipeError:
        drop_stdout()
        return 0
    except UsageError as e:  # from flush_out: the output could not be written
        say(str(e))
        return EXIT_INVALID
    return code


def _run(argv: Sequence[str] | None) -> int:
    try:
        args = parse_args(argv)
    except UsageError as e:
        say(str(e))
        return EXIT_INVALID
    if argv is None and args.func is cmd_serve:  # this process is `scorekeeper serve`
        from ..app.server import allocator, stopping

        stopping.install()  # from here on SIGINT and SIGTERM stop it: see there
        allocator.serve_on_malloc()  # see there: the memory of expired sessions goes back
    args.whole_process = argv is None  # this process is the command (not a test's call)
    for stream in (sys.stdout, sys.stderr):  # a terminal that is not UTF-8: no traceback
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            try:
                reconfigure(errors="backslashreplace")
            except (ValueError, OSError):
                pass
    try:
        return args.func(args)
    except (FormatError, RulesError, UsageError) as e:
        say(str(e))
        return EXIT_INVALID
    except KeyboardInterrupt:
        return 130
