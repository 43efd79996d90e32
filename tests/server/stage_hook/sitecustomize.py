"""Test only: holds a server at one stage of its start or stop, so that a test sends a
signal exactly there (tests/server/test_shutdown.py). Python loads this as
``sitecustomize`` in a process whose PYTHONPATH holds this folder; it does nothing unless
``SCOREKEEPER_TEST_STAGE`` names a stage and ``SCOREKEEPER_TEST_STAGE_DIR`` a folder.

At its stage the process writes ``<folder>/reached`` and waits until ``<folder>/go``
exists, once (the re-executed image does not stop again). The stages hook only the
libraries' points and the store's public ``GameStore.open``, patched as their modules are
imported, so they hold the same moments of any version of the server:

* ``exec``: the re-execution with PYTHONMALLOC=malloc, just before ``os.execve``;
* ``store``: the app being built (before the store opens), nothing listening yet;
* ``startup``: uvicorn starting (``Server.startup``), before it listens;
* ``shutdown``: uvicorn stopping after the first signal (``Server.shutdown``);
* ``after``: uvicorn's ``Server.run`` has returned (or raised).
"""

from __future__ import annotations

import functools
import importlib.abc
import os
import sys
import time

STAGE = os.environ.get("SCOREKEEPER_TEST_STAGE", "")
FOLDER = os.environ.get("SCOREKEEPER_TEST_STAGE_DIR", "")


def pause(stage: str) -> None:
    if stage != STAGE or not FOLDER:
        return
    reached = os.path.join(FOLDER, "reached")
    if os.path.exists(reached):
        return
    with open(reached, "w") as f:
        f.write(str(os.getpid()))
    go = os.path.join(FOLDER, "go")
    deadline = time.monotonic() + 120
    while not os.path.exists(go) and time.monotonic() < deadline:
        time.sleep(0.01)  # a signal's handler runs here, as it would at this stage


def patch_uvicorn(module) -> None:
    server = module.Server
    startup, shutdown, run = server.startup, server.shutdown, server.run

    @functools.wraps(startup)
    async def held_startup(self, *args, **kwargs):
        pause("startup")
        return await startup(self, *args, **kwargs)

    @functools.wraps(shutdown)
    async def held_shutdown(self, *args, **kwargs):
        pause("shutdown")
        return await shutdown(self, *args, **kwargs)

    @functools.wraps(run)
    def held_run(self, *args, **kwargs):
        try:
            return run(self, *args, **kwargs)
        finally:
            pause("after")

    server.startup, server.shutdown, server.run = held_startup, held_shutdown, held_run


def patch_store(module) -> None:
    store = module.GameStore
    opened = store.open.__func__

    def held_open(cls, *args, **kwargs):
        pause("store")
        return opened(cls, *args, **kwargs)

    store.open = classmethod(held_open)


class AfterImport(importlib.abc.MetaPathFinder):
    """Patches a module right after it is executed, whichever checkout it comes from."""

    def __init__(self, patches) -> None:
        self.patches = patches

    def find_spec(self, name, path, target=None):
        if name not in self.patches:
            return None
        for finder in sys.meta_path:
            if finder is self or not hasattr(finder, "find_spec"):
                continue
            spec = finder.find_spec(name, path, target)
            if spec is not None:
                break
        else:
            return None
        execute, patch = spec.loader.exec_module, self.patches[name]

        def exec_module(module):
            execute(module)
            patch(module)

        spec.loader.exec_module = exec_module
        return spec


if STAGE and FOLDER:
    real_execve = os.execve

    def execve(*args):
        pause("exec")
        return real_execve(*args)

    os.execve = execve
    sys.meta_path.insert(0, AfterImport({"uvicorn.server": patch_uvicorn,
                                         "scorekeeper.store.store": patch_store}))
