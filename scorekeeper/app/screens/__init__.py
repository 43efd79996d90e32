"""One module per screen. Each has a ``Model`` in plain Python (built from the session
and the route; its methods are the screen's actions; it never touches a Flet control, so
fast tests drive it) and ``view(ui, model) -> ft.View``, which draws it.

The route says which module is its screen (``Route.screen``), so adding a screen is a
module here plus a route in :mod:`..routes`.
"""

from __future__ import annotations

import importlib
import pkgutil
from types import ModuleType
from typing import TYPE_CHECKING, Any

from ...store import StoreError, StoredGame
from ..text.messages import NOT_FOUND, Msg
from ..routes import NotFound, Route

if TYPE_CHECKING:
    from ..session import Session


class Redirect(Exception):
    """The route shows another screen instead (e.g. a finished game has no next hand)."""

    def __init__(self, route: Route, error: Msg | None = None) -> None:
        super().__init__(route)
        self.route, self.error = route, error


def module(route: Route) -> ModuleType:
    """The module of the route's screen."""
    return importlib.import_module(f"{__name__}.{route.screen}")


def load_all() -> None:
    """Import every screen module now, before any session: an import run inside a
    session's call stack can leave behind a traceback that holds the stack's frames, and
    with them that session, for as long as the process runs (flet_charts, which the sheet
    imports, keeps the ImportError of its optional matplotlib in a module global)."""
    for info in pkgutil.iter_modules(__path__):
        importlib.import_module(f"{__name__}.{info.name}")


def load_game(session: Session, game_id: str) -> StoredGame:
    """The stored game a route names; a missing or deleted one shows 'not found'."""
    try:
        stored = session.store.get(game_id)
    except StoreError:
        raise Redirect(NotFound(), Msg(NOT_FOUND)) from None
    if stored.deleted:
        raise Redirect(NotFound(), Msg(NOT_FOUND))
    return stored


def open_screen(session: Session, route: Route) -> tuple[Route, Any]:
    """The route actually shown and its screen model (following redirects)."""
    for _ in range(4):
        try:
            return route, module(route).Model(session, route)
        except Redirect as r:
            if isinstance(r.route, NotFound) and isinstance(route, NotFound):
                break
            keep = route.url() if isinstance(r.route, NotFound) else None
            route = NotFound(keep) if keep else r.route
            if r.error is not None:
                session.error = r.error
    return route, module(NotFound()).Model(session, route)


class Registry:
    """The screens by route, handed to each :class:`~..session.Session` (which so never
    imports a screen): the module that draws a route, and its model opened."""

    def module(self, route: Route) -> ModuleType:
        return module(route)

    def open(self, session: Session, route: Route) -> tuple[Route, Any]:
        return open_screen(session, route)


SCREENS = Registry()
