"""How a game is written down and read back: pure Python beside :mod:`scorekeeper.rules`.

The rules hold the game; this package holds its files: the game file (``gamefile``: JSON,
what ``scorekeeper replay`` reads), the CSV export and a score sheet typed into a
spreadsheet (``csvfile``), the JSON export with the checks an import passes
(``export``), and a game to send to a chat: its text and its two files (``share``).
Nothing here does I/O, reads the clock or imports the store, the app or the command line:
it imports only the standard library and the rules. A file that cannot be
read raises :class:`FormatError` (a stable ``code`` and ``params``, an English sentence);
a game in it that breaks the rules raises the rules' ``RulesError``.
"""

from .csvfile import (
    CSV_COLUMNS,
    HOUSE_COLUMNS,
    export_csv,
    parse_csv,
    quote_text,
    unquote_text,
)
from .errors import FormatError
from .house_cell import house_text
from .export import (
    ACTIONS,
    EXPORT_KIND,
    EXPORT_VERSION,
    ID_RE,
    MAX_CHANGES,
    MAX_IMPORT_BYTES,
    ImportItem,
    content_id,
    export_document,
    parse_import,
    utc_iso,
)
from .gamefile import (
    MAX_FILE_BYTES,
    check_file_size,
    game_from_dict,
    game_to_dict,
    hand_from_dict,
    names_before,
    read_hands,
    rules_from_dict,
    state_to_dict,
)
from .games import FORMATS, GameFormat
from .kierki_csv import kierki_columns
from .registry import format_named, format_of, format_of_hand
from .kierki_file import deal_from_record, deal_record
from .share import download_name, game_csv, game_file, game_json, join_names, share_text

__all__ = [
    "FORMATS", "GameFormat", "format_named", "format_of", "format_of_hand",
    "ACTIONS", "CSV_COLUMNS", "EXPORT_KIND", "EXPORT_VERSION", "FormatError", "HOUSE_COLUMNS",
    "ID_RE", "ImportItem", "MAX_CHANGES", "MAX_FILE_BYTES", "MAX_IMPORT_BYTES",
    "check_file_size", "content_id", "deal_from_record", "deal_record", "download_name", "export_csv", "export_document",
    "game_csv", "game_file", "game_from_dict", "game_json", "game_to_dict", "hand_from_dict",
    "house_text", "kierki_columns", "join_names", "names_before", "read_hands", "parse_csv", "parse_import", "quote_text", "rules_from_dict",
    "share_text", "state_to_dict", "unquote_text", "utc_iso",
]
