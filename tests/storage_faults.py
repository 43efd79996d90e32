"""The phone's storage failing one sync at a time, for the fast sweep of every action
(``tests/app/test_app_kept_sweep.py``): :class:`browser_storage.BrowserStorage` whose
k-th sync after :meth:`FaultyStorage.arm` fails in one of the ways the keeper
(``scorekeeper/web/js/keeper.js``) can end a sync, with the verdict it gives Python.

Whatever IndexedDB did (a ``put`` that throws, a transaction refused as it commits, one
aborted, the connection closed under it, no answer at all until the sync's deadline), the
keeper ends that sync the same way: the whole transaction is kept or none of it, the data
folder is put back as the database has it, ``reverted`` is called, and the sync's
promise (with every sync asked for while it ran) is rejected with an ``Error`` whose
message says ``full:`` (a ``QuotaExceededError``) or ``refused:`` (anything else), then
the error's name and text. Only the time differs: "no answer" ends at the deadline, and
the page runs its other tasks meanwhile (:attr:`FaultyStorage.meanwhile`: where Python
waits for the sync, inside that wait; where it cannot, before the test ends the sync).
"""

from __future__ import annotations

from typing import Any, Callable

from browser_storage import BrowserStorage, Promise, install

from scorekeeper.store import platform

# how the k-th sync fails -> the keeper's verdict (the rejected Error's message)
FAILURES = {
    "refused at put": "full: QuotaExceededError: a put was refused: the quota has been "
                      "exceeded",
    "refused at commit": "full: QuotaExceededError: the transaction was refused as it "
                         "committed",
    "aborted": "refused: AbortError: the transaction was aborted",
    "connection closed": "refused: InvalidStateError: the database connection is closing",
    "no answer": "refused: TimeoutError: no answer in 10 s",
}
HANGS = ("no answer",)


class FaultyStorage(BrowserStorage):
    """The keeper whose k-th sync from :meth:`arm` on fails as ``kind`` (see module)."""

    def __init__(self, folder: Any, wait: bool) -> None:
        super().__init__(folder, wait)
        self.fault: tuple[int, str] | None = None
        self.counted = 0  # syncs ended since arm()
        # the page's tasks while Python waits (in a hang; disarmed, in every wait)
        self.meanwhile: Callable[[], None] | None = None
        self.failed: list[str] = []  # the verdicts given

    def arm(self, k: int, kind: str) -> None:
        self.fault, self.counted, self.failed = (k, kind), 0, []

    def disarm(self) -> None:
        self.fault = None

    def run_sync(self, promise: Promise) -> None:
        if self.meanwhile is not None and (self.fault is None or self._hangs_next()):
            self.meanwhile()  # Pyodide runs the page's other tasks while Python waits
        super().run_sync(promise)

    def _hangs_next(self) -> bool:
        return self.fault is not None and self.fault[1] in HANGS and \
            self.counted + 1 == self.fault[0]

    def end(self) -> None:
        pending, self.pending = self.pending, []
        for n, promise in enumerate(pending):
            self.counted += 1
            if self.fault is not None and self.counted == self.fault[0]:
                verdict = FAILURES[self.fault[1]]
                self.refusals += 1
                self.put_back()
                platform.reverted()
                for refused in pending[n:]:  # and every sync asked for while it ran
                    self.failed.append(verdict)
                    refused.settle(False, verdict)
                return
            if self.refusing:
                self.refusals += 1
                self.put_back()
                platform.reverted()
                promise.settle(False, FAILURES["refused at commit"])
            else:
                self.syncs += 1
                self.kept = self.files()
                promise.settle(True)


def install_faulty(monkeypatch: Any, folder: Any, wait: bool) -> FaultyStorage:
    """:func:`browser_storage.install` with a :class:`FaultyStorage`."""
    import browser_storage

    monkeypatch.setattr(browser_storage, "BrowserStorage", FaultyStorage)
    storage = install(monkeypatch, folder, wait)
    assert isinstance(storage, FaultyStorage)
    return storage
