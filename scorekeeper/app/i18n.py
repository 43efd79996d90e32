"""Translations from gettext ``.po`` catalogues, read at run time (no compiled ``.mo``).

``Translator(lang)`` gives ``_(msgid, **params)`` and ``_n(singular, plural, n, **params)``;
both fill named placeholders with ``str.format`` after translating, so a sentence is
always translated whole. Plural forms follow the catalogue's ``Plural-Forms`` header
(Polish and Lithuanian have three), evaluated by a small C-expression parser.

``N_(msgid)`` marks a string for the catalogues without translating it (for tables of
messages); the catalogue test finds every ``_``, ``_n`` and ``N_`` call in the app.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable
from functools import cache
from pathlib import Path

LANGUAGES = ("en", "pl", "lt")
DEFAULT_LANGUAGE = "en"
DOMAIN = "scorekeeper"
LOCALES_DIR = Path(__file__).resolve().parent.parent / "locales"

# Shown in their own language in the language picker: never translated.
LANGUAGE_NAMES = {"en": "English", "pl": "Polski", "lt": "Lietuvių"}


def N_(msgid: str) -> str:
    """Mark ``msgid`` for translation later (it is looked up when shown)."""
    return msgid


# --- the .po reader --------------------------------------------------------------------


class PoError(ValueError):
    pass


_ESCAPES = {"n": "\n", "t": "\t", '"': '"', "\\": "\\", "r": "\r"}


def _unquote(text: str, where: str) -> str:
    text = text.strip()
    if len(text) < 2 or text[0] != '"' or text[-1] != '"':
        raise PoError(f"{where}: expected a quoted string, got {text!r}")
    body = text[1:-1]
    return re.sub(r"\\(.)", lambda m: _ESCAPES.get(m.group(1), m.group(1)), body)


class Catalogue:
    """One language's messages: ``{msgid: [msgstr, ...]}`` and its plural rule."""

    def __init__(self, messages: dict[str, list[str]], plural: Callable[[int], int],
                 nplurals: int, plural_ids: dict[str, str]) -> None:
        self.messages = messages
        self.plural = plural
        self.nplurals = nplurals
        self.plural_ids = plural_ids  # msgid -> msgid_plural

    @classmethod
    def parse(cls, text: str, name: str = "<po>") -> Catalogue:
        entries: list[dict[str, object]] = []
        cur: dict[str, object] = {}
        field: str | None = None

        def flush() -> None:
            nonlocal cur, field
            if "msgid" in cur:
                entries.append(cur)
            cur, field = {}, None

        for lineno, raw in enumerate(text.splitlines(), 1):
            line = raw.strip()
            where = f"{name}:{lineno}"
            if not line:
                flush()
                continue
            if line.startswith("#"):
                if any(k.startswith("msgstr") for k in cur):
                    flush()
                continue
            m = re.match(r"(msgctxt|msgid_plural|msgid|msgstr(?:\[(\d+)\])?)\s+(.*)$", line)
            if m:
                key = m.group(1)
                if key in ("msgid", "msgctxt") and any(k.startswith("msgstr") for k in cur):
                    flush()
                cur[key] = _unquote(m.group(3), where)
                field = key
            elif line.startswith('"'):
                if field is None:
                    raise PoError(f"{where}: a string continues nothing")
                cur[field] = str(cur[field]) + _unquote(line, where)
            else:
                raise PoError(f"{where}: cannot read {line!r}")
        flush()

        messages: dict[str, list[str]] = {}
        plural_ids: dict[str, str] = {}
        header = ""
        for e in entries:
            msgid = str(e["msgid"])
            if msgid == "":
                header = str(e.get("msgstr", ""))
                continue
            if "msgid_plural" in e:
                plural_ids[msgid] = str(e["msgid_plural"])
                forms = []
                i = 0
                while f"msgstr[{i}]" in e:
                    forms.append(str(e[f"msgstr[{i}]"]))
                    i += 1
                messages[msgid] = forms
            else:
                messages[msgid] = [str(e.get("msgstr", ""))]
        nplurals, plural = plural_rule(header)
        return cls(messages, plural, nplurals, plural_ids)


def plural_rule(header: str) -> tuple[int, Callable[[int], int]]:
    """``nplurals`` and the plural function from a catalogue header."""
    m = re.search(r"Plural-Forms:\s*nplurals\s*=\s*(\d+)\s*;\s*plural\s*=\s*([^;\n]+)", header)
    if not m:
        return 2, lambda n: 0 if n == 1 else 1
    nplurals = int(m.group(1))
    expr = compile_plural(m.group(2))
    return nplurals, lambda n: int(expr(n))


# --- the Plural-Forms expression (a subset of C) -----------------------------------------

_TOKEN = re.compile(r"\s*(?:(\d+)|(n)|(\|\||&&|==|!=|<=|>=|[?:()<>%!+\-*/]))")


def compile_plural(source: str) -> Callable[[int], int]:
    """Compile a C plural expression such as ``(n==1 ? 0 : n%10>=2 ? 1 : 2)``."""
    tokens: list[str] = []
    pos = 0
    source = source.strip()
    while pos < len(source):
        m = _TOKEN.match(source, pos)
        if not m or m.end() == pos:
            raise PoError(f"cannot read the plural rule at {source[pos:]!r}")
        tokens.append(m.group(1) or m.group(2) or m.group(3))
        pos = m.end()
        while pos < len(source) and source[pos].isspace():
            pos += 1
    tree, rest = _ternary(tokens)
    if rest:
        raise PoError(f"unexpected {rest[0]!r} in the plural rule")
    return lambda n: tree(n)


Fn = Callable[[int], int]
_BINARY = [
    ("||", lambda a, b: int(bool(a) or bool(b))),
    ("&&", lambda a, b: int(bool(a) and bool(b))),
    ("==", lambda a, b: int(a == b)), ("!=", lambda a, b: int(a != b)),
    ("<", lambda a, b: int(a < b)), (">", lambda a, b: int(a > b)),
    ("<=", lambda a, b: int(a <= b)), (">=", lambda a, b: int(a >= b)),
    ("+", lambda a, b: a + b), ("-", lambda a, b: a - b),
    ("*", lambda a, b: a * b), ("/", lambda a, b: a // b if b else 0),
    ("%", lambda a, b: a % b if b else 0),
]
_LEVELS = [("||",), ("&&",), ("==", "!="), ("<", ">", "<=", ">="), ("+", "-"), ("*", "/", "%")]
_OPS = dict(_BINARY)


def _ternary(tokens: list[str]) -> tuple[Fn, list[str]]:
    cond, rest = _binary(tokens, 0)
    if rest and rest[0] == "?":
        yes, rest = _ternary(rest[1:])
        if not rest or rest[0] != ":":
            raise PoError("a '?' without ':' in the plural rule")
        no, rest = _ternary(rest[1:])
        return (lambda n: yes(n) if cond(n) else no(n)), rest
    return cond, rest


def _binary(tokens: list[str], level: int) -> tuple[Fn, list[str]]:
    if level == len(_LEVELS):
        return _unary(tokens)
    left, rest = _binary(tokens, level + 1)
    while rest and rest[0] in _LEVELS[level]:
        op = _OPS[rest[0]]
        right, rest = _binary(rest[1:], level + 1)
        left = (lambda a, b, f: (lambda n: f(a(n), b(n))))(left, right, op)
    return left, rest


def _unary(tokens: list[str]) -> tuple[Fn, list[str]]:
    if not tokens:
        raise PoError("the plural rule ends too early")
    tok, rest = tokens[0], tokens[1:]
    if tok == "!":
        inner, rest = _unary(rest)
        return (lambda n: int(not inner(n))), rest
    if tok == "(":
        inner, rest = _ternary(rest)
        if not rest or rest[0] != ")":
            raise PoError("a '(' without ')' in the plural rule")
        return inner, rest[1:]
    if tok == "n":
        return (lambda n: n), rest
    if tok.isdigit():
        value = int(tok)
        return (lambda n: value), rest
    raise PoError(f"unexpected {tok!r} in the plural rule")


# --- loading and translating ----------------------------------------------------------------


def po_path(lang: str) -> Path:
    return LOCALES_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


@cache
def catalogue(lang: str) -> Catalogue:
    path = po_path(lang)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError:  # a missing catalogue shows English rather than failing
        text = ""
    return Catalogue.parse(text, str(path))


def pick_language(setting: str | None, device: str | None) -> str:
    """The language to show: the setting unless it is "system", else the device's."""
    for choice in (setting, device):
        if not choice or choice == "system":
            continue
        code = choice.replace("_", "-").split("-")[0].lower()
        if code in LANGUAGES:
            return code
    return DEFAULT_LANGUAGE


class Translator:
    """Translate whole sentences, then fill their named placeholders."""

    def __init__(self, lang: str) -> None:
        self.lang = lang if lang in LANGUAGES else DEFAULT_LANGUAGE
        self.cat = catalogue(self.lang)

    def _(self, msgid: str, **params: object) -> str:
        forms = self.cat.messages.get(msgid)
        text = forms[0] if forms and forms[0] else msgid
        return text.format(**params) if params else text

    def _n(self, singular: str, plural: str, n: int, **params: object) -> str:
        forms = self.cat.messages.get(singular)
        index = self.cat.plural(n)
        if forms and 0 <= index < len(forms) and forms[index]:
            text = forms[index]
        else:
            text = singular if n == 1 else plural
        return text.format(n=n, **params)


# --- finding the messages the code uses (for the catalogue test and for updating .po) ----


def messages_in_source(path: Path) -> list[tuple[str, str | None, int]]:
    """(msgid, msgid_plural, line) for every ``_()``, ``N_()`` and ``_n()`` call in a file."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        name = func.id if isinstance(func, ast.Name) else (
            func.attr if isinstance(func, ast.Attribute) else None)
        args = node.args
        if name in ("_", "N_") and args and isinstance(args[0], ast.Constant) \
                and isinstance(args[0].value, str):
            found.append((args[0].value, None, node.lineno))
        elif name == "_n" and len(args) >= 2 and all(
                isinstance(a, ast.Constant) and isinstance(a.value, str) for a in args[:2]):
            found.append((args[0].value, args[1].value, node.lineno))
    return found


def app_messages() -> dict[str, str | None]:
    """Every message the app's code uses: msgid -> msgid_plural (or None)."""
    out: dict[str, str | None] = {}
    for path in sorted(Path(__file__).resolve().parent.rglob("*.py")):
        for msgid, plural, _line in messages_in_source(path):
            out.setdefault(msgid, plural)
    return out


PLACEHOLDER = re.compile(r"\{(\w+)\}")


def placeholders(text: str) -> set[str]:
    return set(PLACEHOLDER.findall(text))
