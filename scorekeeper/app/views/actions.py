"""One player's action, kept or not (``Ui.act``'s handler): nothing on the screen shows
what an action did before the browser's storage has kept its writes (``store.platform``).

The action's writes are kept as one, at its end (``platform.one_sync``). Where Python
waits for the storage (the page's other tasks run meanwhile, so the screen is the one
before the action, and Save says "Saving…" after :data:`SAVING_SHOWN_AFTER`), a refusal
comes back here: the session is put back as it was before
the action (the screen, its typed input, the notice: ``Session.remember``) and the refusal
said in words. Where it cannot wait (the writes "unkept"), the session is put back as it
was at once and drawn so, the action's outcome kept aside: Save says "Saving…" if the sync
has not ended within :data:`SAVING_SHOWN_AFTER`, taps are dropped (and the
addresses the action went to held), and the outcome is drawn once the storage keeps it
(with what its screens change in place then, ``Session.when_kept``), or the refusal
said.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ...rules import RulesError
from ...store import StoreError, platform
from ..text.messages import SOMETHING_WRONG, Msg, rules_error, store_error

if TYPE_CHECKING:
    from ..session import Session

Ui = Any  # views.widgets.Ui (which imports this module)

log = logging.getLogger(__name__)

SAVING_SHOWN_AFTER = 0.3  # seconds: a sync that ends sooner is never shown as "Saving…"


def run(session: Session, fn: Callable[..., Any], *args: Any) -> None:
    """Run one user action, after the text the phone's fields hold has gone to the model
    (see :mod:`.inputs`); a failure is shown in words on the screen, never a traceback."""
    try:
        session.catch_up()
        fn(*args)
    except StoreError as err:
        log.warning("store: %s", err)
        session.error = store_error(err)
    except RulesError as err:
        session.error = rules_error(err)
    except Exception:
        log.exception("action %s failed", getattr(fn, "__name__", fn))
        session.error = Msg(SOMETHING_WRONG)


@dataclass
class Saving:
    """An action whose writes the browser's storage has not kept yet (see handle): the
    session as it was before it (shown meanwhile, and kept if the storage refuses) and
    after it (shown once kept), what its screens change in place then, and the addresses
    it went to (given to the browser then)."""

    before: dict[str, Any]
    after: dict[str, Any]
    changes: list[Callable[[], None]]
    addresses: list[str]



def handle(ui: Ui, fn: Callable[..., Any], args: tuple[Any, ...],
           then: Callable[[], Any] | None) -> None:
    """A tap: run the action, then show its outcome once kept (see the module)."""
    with ui.lock:
        if ui.saving is not None or ui.acting:
            return  # the last action's write is not kept yet: this tap is dropped
        session = ui.session
        if session.error is not None and session.error is ui.not_kept_said:
            session.error = None  # said for the last action: this one is new
        before = session.remember()
        notice = session.notice
        if notice is not None and notice.undo is not None and fn != session.undo:
            session.notice = None  # an Undo stays up until the next action
        ui.acting = True
        session.hold_until_kept()
        waited: list[dict[str, Any]] = []  # the session after the action, while Python waits
        try:
            with platform.on_wait(lambda: wait_begins(ui, before, waited)):
                with platform.one_sync():
                    run(session, fn, *args)
                    if then is not None:
                        run(session, then)
        except StoreError as err:  # Python waited, and the storage said no
            ui.saving = None
            not_kept(ui, before, err)
            return
        finally:
            ui.acting = False
            changes, addresses = session.take_until_kept(), ui.addresses
            ui.addresses = []
        if waited:  # Python waited, and the storage kept it
            ui.saving = None
            session.restore(waited[0])
        if platform.unkept():
            ui.saving = Saving(before, session.remember(), changes, addresses)
            session.restore(before)  # shown as it was until the storage keeps it
            platform.when_kept(lambda refused: settled(ui, refused))
            # a sync that ends soon draws only its outcome: "Saving…" is drawn only if
            # it has not (WebKit drew each Save twice, 0.1-0.2 s more)
            platform.unless_kept_within(SAVING_SHOWN_AFTER, lambda: still_saving(ui))
            return
        show_outcome(ui, changes, addresses)


def wait_begins(ui: Ui, before: dict[str, Any], waited: list[dict[str, Any]]) -> None:
    """Python begins to wait for the action's sync (where it can), and the browser runs
    its other tasks meanwhile: the screen is the one before the action (a redraw, a Back
    draws nothing the storage has not kept), taps and Backs are dropped, and Save says
    "Saving…" if the wait lasts; the action's outcome is put back once kept."""
    session = ui.session
    waited.append(session.remember())
    session.restore(before)
    ui.saving = Saving(before, waited[0], [], [])
    platform.unless_kept_within(SAVING_SHOWN_AFTER, lambda: still_saving(ui))


def show_outcome(ui: Ui, changes: list[Callable[[], None]], addresses: list[str]) -> None:
    """The action's writes are kept: its screens' changes, its address, the redraw."""
    for change in changes:
        run(ui.session, change)
    if addresses and ui.session.on_navigate is not None:
        run(ui.session, ui.session.on_navigate, addresses[-1])
    ui.refresh()


def not_kept(ui: Ui, before: dict[str, Any], err: StoreError) -> None:
    """The storage refused the action's writes (the data folder was put back as it keeps
    them): the screen as it was before the action, and why, in words."""
    log.warning("not kept: %s", err)
    session = ui.session
    session.restore(before)
    session.take_until_kept()
    said = getattr(before["model"], "not_kept", None)
    session.error = (said(err) if said is not None else None) or store_error(err)
    ui.not_kept_said = session.error
    ui.refresh()


def still_saving(ui: Ui) -> None:
    with ui.lock:
        if ui.saving is not None and getattr(ui.session.model, "says_saving", False):
            ui.saying = True  # the one drawing while the writes are unkept (Ui.drawable)
            try:
                ui.refresh()
            finally:
                ui.saying = False


def settled(ui: Ui, refused: BaseException | None) -> None:
    """The storage ended the unkept writes of the last action: kept, or refused."""
    with ui.lock:
        saving, ui.saving = ui.saving, None
        if saving is None:
            return
        if refused is None:
            ui.session.restore(saving.after)
            show_outcome(ui, saving.changes, saving.addresses)
        else:
            err = refused if isinstance(refused, StoreError) else \
                StoreError("storage_refused", str(refused))
            not_kept(ui, saving.before, err)
