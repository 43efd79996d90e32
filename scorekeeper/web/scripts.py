"""The JavaScript ``build-web`` adds to the site, read from the package's ``js/`` folder
(each file is plain JavaScript as it sits there: ``node --check`` reads it, and
``tests/web/js/*.test.mjs`` run it in Node's own test runner):

- ``locales.js`` and ``boot.js``: :func:`boot_script`, the page's script before Flet's
  ``python.js`` in ``index.html``. ``locales.js`` comes first: Flutter reads the
  browser's languages at its start with ``new Intl.Locale(tag)``, which throws on a tag
  it cannot parse (WebKitGTK under LANG=C reports ['C']), and the page would stay on its
  splash; such tags are dropped before Flutter reads them (English when none is left).
  ``boot.js``: the runtime's address, the service worker, ``persist()``, and the files of
  Flutter's build the page loaded told to the service worker.
- ``start-early.js``: :func:`start_early`, at the end of ``python.js``: Python's worker
  started with the page; every worker ended on ``pagehide``.
- ``start-pyodide.js``: :func:`start_pyodide`, in Python's worker (``python-worker.js``):
  Python's start from the snapshot (the runtime fetched once, the snapshot unfolded
  against its data segments, the steps said to the page), and the archive unpacked in
  JavaScript. A restored Python was made on the build machine: the worker asks this
  phone's time zone again and reseeds ``random`` (every phone would otherwise draw the
  same numbers).
- ``sw.js``: the service worker (see ``build.write_service_worker``).
- ``make-snapshot.mjs``: run by Node at build time (see ``snapshot.py``); not in the site.

A value the build fills in is written ``/*NAME*/null`` in the file (JavaScript reads a
``null`` there), and :func:`fill` is the one place that puts the value in: it fails if a
value has no such place or a place is left without its value. Where these scripts go in
Flet's and Pyodide's files is in :mod:`.patches`.
"""

from __future__ import annotations

import json
import re
from importlib import resources

PLACE = re.compile(r"/\*([A-Z_]+)\*/null")


class ScriptError(RuntimeError):
    """A script of the package and the values the build has for it do not match."""


def source(name: str) -> str:
    """The text of ``js/<name>`` as the package holds it."""
    return resources.files(__package__).joinpath("js", name).read_text(encoding="utf-8")


def fill(name: str, **values: str) -> str:
    """``js/<name>`` with each ``/*KEY*/null`` replaced by ``values[KEY]`` (JavaScript
    source: use :func:`json.dumps` for a string)."""
    text = source(name)
    for key, value in values.items():
        place = f"/*{key}*/null"
        if text.count(place) != 1:
            raise ScriptError(f"js/{name} has no one place {place} for the build's value")
        text = text.replace(place, value)
    left = PLACE.search(text)
    if left is not None:
        raise ScriptError(f"js/{name}: the build has no value for {left.group(0)}")
    return text


def boot_script() -> str:
    """The page's own ``<script>`` before Flet's ``python.js``."""
    return ("<script>\n" + fill("locales.js") + "\n" + fill("boot.js") + "</script>\n")


def page_words() -> dict[str, dict[str, str]]:
    """What the page says when Python could not start, in each of the app's languages."""
    from ..app.text import page_words as words
    from ..app.text.i18n import LANGUAGES, Translator

    return {code: {"offline": tr._(words.CANNOT_START_OFFLINE),
                   "other": tr._(words.CANNOT_START), "again": tr._(words.TRY_AGAIN)}
            for code, tr in ((code, Translator(code)) for code in LANGUAGES)}


def start_early() -> str:
    """What ``python.js`` ends with: Python's worker started with the page."""
    from .entry import FIRST_SCREEN, LANGUAGE_KEY

    return "\n" + fill("start-early.js", SHOWN=json.dumps(FIRST_SCREEN),
                       LANGUAGE_KEY=json.dumps("flutter." + LANGUAGE_KEY),
                       WORDS=json.dumps(page_words(), ensure_ascii=False))


def start_pyodide(*, snapshot: str | None, stdlib: str, archive: str,
                  build: str | None) -> str:
    """Python's start in its worker: from ``snapshot`` (a file of the site) if given,
    reading ``stdlib`` and unpacking ``archive`` (what a restored Python reads), each of
    Python's ``build``."""
    return fill("start-pyodide.js", SNAPSHOT=json.dumps(snapshot), STDLIB=json.dumps(stdlib),
                ARCHIVE=json.dumps(archive), BUILD=json.dumps(build))
