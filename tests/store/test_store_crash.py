"""Kill a writing process with SIGKILL at random moments, hundreds of times, and prove
after every kill that the store opens, every write that returned is there, and nothing is
half-written. Bounded: at most CRASH_ROUNDS kills or CRASH_SECONDS seconds (of kills; the
time a writer needs to start on a busy machine is not counted). Each kill comes 2-50 ms
after the writer's first acknowledged write, so every round proves something whatever
the load."""

from __future__ import annotations

import json
import os
import random
import select
import signal
import time
from pathlib import Path

from store_helpers import assert_consistent, game_files

from scorekeeper import formats, rules
from scorekeeper.store import GameStore
from scorekeeper.store import index as index_module

CRASH_ROUNDS = 300
CRASH_SECONDS = 45.0  # after MIN_ROUNDS kills, go on up to CRASH_ROUNDS while time lasts
MIN_ROUNDS = 100  # always this many kills, however busy the machine
MAX_HANDS = 24

HANDS = [(3, 13, 10, 0), (0, 6, 10, 10), (26, 0, 0, 0), (1, 2, 3, 20), (13, 0, 0, 13),
         (7, 7, 6, 6), (0, 0, 13, 13)]


def _writer(folder: Path, out: int, seed: int) -> None:
    """The child: change the store as fast as it can, and report every write that returned."""
    index_module.COMPACT_BYTES = 2048  # compact the index often, so kills land in it too
    rng = random.Random(seed)
    store = GameStore(folder)

    def ack(kind: str, gid: str, version: int, hands: list) -> None:
        os.write(out, (json.dumps([kind, gid, version, hands]) + "\n").encode())

    open_games = [s.id for s in store.list_games() if s.hands < MAX_HANDS]
    n = 0
    while True:
        n += 1
        r = rng.random()
        if r < 0.03:
            value = f"v{seed}-{n}"
            store.set_setting("crash", value)
            ack("setting", "", 0, [value])
            continue
        if r < 0.06 and open_games:
            gid = rng.choice(open_games)
            store.save_draft(gid, {"n": n})
            continue
        if r < 0.08 and open_games:  # delete and undo
            gid = rng.choice(open_games)
            store.delete_game(gid)
            sg = store.get(gid)
            ack("game", gid, sg.version, [list(h.points) for h in sg.game.hands])
            store.restore_game(gid)
            sg = store.get(gid)
            ack("game", gid, sg.version, [list(h.points) for h in sg.game.hands])
            continue
        if r < 0.1:  # import two game files (the durable, one-by-one path)
            files = [formats.game_to_dict(rules.Game.new(
                ["Xawery", "Ymir", "Zosia", "Wanda"], rules.Rules(target=1_000_000),
                hands=[rules.Hand(h) for h in rng.choices(HANDS, k=6)]))
                for _ in range(2)]
            store.import_data(files)
            for g in files:
                sg = store.get(formats.content_id(formats.game_from_dict(g)))
                ack("game", sg.id, sg.version, [list(h.points) for h in sg.game.hands])
            continue
        if not open_games or r < 0.13:
            sg = store.create_game(rules.Game.new(["Ala", "Bartek", "Celina", "Darek"],
                                                  rules.Rules(target=1_000_000)))
            open_games.append(sg.id)
        else:
            gid = rng.choice(open_games)
            sg = store.get(gid)
            count = len(sg.game.hands)
            h = rules.Hand(rng.choice(HANDS))
            if count and r > 0.9:
                sg = store.remove_hand(gid, rng.randrange(count), sg.version)
            elif count and r > 0.8:
                sg = store.replace_hand(gid, rng.randrange(count), h, sg.version)
            else:
                sg = store.add_hand(gid, h, sg.version)
            if len(sg.game.hands) >= MAX_HANDS:
                open_games.remove(gid)
        ack("game", sg.id, sg.version, [list(h.points) for h in sg.game.hands])


def _run_and_kill(folder: Path, seed: int, delay: float) -> tuple[list[list], float]:
    """The acknowledgements of a writer killed ``delay`` s after its first one, and how
    long that first one took to come."""
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child never returns into pytest
        code = 0
        try:
            os.close(read_end)
            _writer(folder, write_end, seed)
        except BaseException:
            code = 1
        finally:
            os._exit(code)
    os.close(write_end)
    # The kill moment is counted from the writer's first acknowledgement, not from the
    # fork: on a busy machine a child may need long to start, and a kill before it did
    # anything would prove nothing. The wait has no deadline of its own (a writer that
    # stops is caught below).
    data = b""
    waiting = time.monotonic()
    while b"\n" not in data:
        chunk = os.read(read_end, 65536)
        if not chunk:
            break  # the writer exited without writing: the status check below says so
        data += chunk
    waited = time.monotonic() - waiting
    time.sleep(delay)
    os.kill(pid, signal.SIGKILL)
    _, status = os.waitpid(pid, 0)
    assert os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL, (
        "the writer stopped before it was killed")
    while select.select([read_end], [], [], 0)[0]:
        chunk = os.read(read_end, 65536)
        if not chunk:
            break
        data += chunk
    os.close(read_end)
    lines = data.split(b"\n")
    # an acknowledgement the child was killed while writing is not an acknowledgement
    return [json.loads(line) for line in lines[:-1]], waited


def test_sigkill_at_random_moments(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    GameStore(folder)
    rng = random.Random(20261129)
    model: dict[str, tuple[int, list]] = {}  # what the store must hold, per game
    setting: str | None = None
    caught_in_flight = rounds = acks = 0
    deadline = time.monotonic() + CRASH_SECONDS
    while rounds < CRASH_ROUNDS and (rounds < MIN_ROUNDS or time.monotonic() < deadline):
        rounds += 1
        acked, waited = _run_and_kill(folder, seed=rounds, delay=rng.uniform(0.002, 0.05))
        deadline += waited  # a slow start (a busy machine) does not eat the kills' time
        acks += len(acked)
        assert acked, "the writer was killed before its first acknowledgement"
        last: dict[str, tuple[int, list]] = {}
        for kind, gid, version, hands in acked:
            if kind == "setting":
                setting = hands[0]
            else:
                last[gid] = (version, hands)
        store = GameStore(folder)  # opens after every kill
        assert store.recovery_notes == (), store.recovery_notes  # nothing was damaged
        got = store.get_setting("crash")
        if setting is not None or got is not None:
            # the last acknowledged value, or one this child wrote but could not report
            assert got == setting or (isinstance(got, str) and got.startswith(f"v{rounds}-"))
            setting = got
        model.update(last)
        ahead = []
        for gid, (version, hands) in model.items():
            sg = store.get(gid)  # every acknowledged game is there
            stored = [list(h.points) for h in sg.game.hands]
            if sg.version == version:
                assert stored == hands
            else:  # the write in flight when the child died had completed
                assert sg.version == version + 1, (gid, sg.version, version)
                ahead.append(gid)
            model[gid] = (sg.version, stored)
        assert len(ahead) <= 1, ahead  # one writer: at most one write was in flight
        caught_in_flight += len(ahead)
        assert_consistent(store)  # the index agrees with every file
        assert not list(folder.rglob("*.damaged-*"))
        leftovers = os.listdir(folder / "tmp")
        assert leftovers == [], leftovers  # temporary files of the dead writer were removed
        # unacknowledged games created in flight are whole games too
        for path in game_files(folder):
            store.get(path.name[:-5])
        for draft in (folder / "drafts").glob("*.json"):
            assert store.get_draft(draft.name[:-5]) is not None  # atomic, even unsynced
        # every file read above was whole: nothing had to be repaired
        assert store.recovery_notes == (), store.recovery_notes
    assert acks > rounds  # the writers got work done between the kills
    assert caught_in_flight > 0  # some kills did land in the middle of a write
    print(f"{rounds} kills, {acks} acknowledged writes, {caught_in_flight} writes completed "
          "but not acknowledged")
