"""The store against a plain model (a dict of rules.Game), with hypothesis: any sequence
of creates, hand edits, deletes, restores, stale writes and restarts keeps the two equal,
and the history list always agrees with the game files."""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

import pytest
from store_helpers import FOUR, HANDS
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    Bundle,
    RuleBasedStateMachine,
    invariant,
    rule,
)

from scorekeeper import rules
from scorekeeper.store import GameStore, StaleGameError, StoreError

hands = st.sampled_from(HANDS).map(rules.Hand)


class StoreMachine(RuleBasedStateMachine):
    games = Bundle("games")

    def __init__(self) -> None:
        super().__init__()
        self.folder = Path(tempfile.mkdtemp(prefix="store_model_"))
        self.store = GameStore(self.folder)
        self.model: dict[str, rules.Game] = {}
        self.version: dict[str, int] = {}
        self.deleted: set[str] = set()

    def teardown(self) -> None:
        shutil.rmtree(self.folder, ignore_errors=True)

    @rule(target=games, target_score=st.sampled_from([26, 60, 10_000]))
    def create(self, target_score: int) -> str:
        sg = self.store.create_game(rules.Game.new(FOUR, rules.Rules(target=target_score)))
        self.model[sg.id] = sg.game
        self.version[sg.id] = sg.version
        return sg.id

    @rule(gid=games, hand=hands)
    def add(self, gid: str, hand: rules.Hand) -> None:
        self._apply(gid, lambda g: g.add_hand(hand),
                    lambda v: self.store.add_hand(gid, hand, v))

    @rule(gid=games, hand=hands, data=st.data())
    def edit(self, gid: str, hand: rules.Hand, data: st.DataObject) -> None:
        n = len(self.model[gid].hands)
        i = data.draw(st.integers(0, max(0, n - 1)))
        self._apply(gid, lambda g: g.replace_hand(i, hand),
                    lambda v: self.store.replace_hand(gid, i, hand, v))

    @rule(gid=games, data=st.data())
    def remove(self, gid: str, data: st.DataObject) -> None:
        n = len(self.model[gid].hands)
        i = data.draw(st.integers(0, max(0, n - 1)))
        self._apply(gid, lambda g: g.remove_hand(i),
                    lambda v: self.store.remove_hand(gid, i, v))

    def _apply(self, gid, change, write) -> None:  # type: ignore[no-untyped-def]
        try:
            expected = change(self.model[gid])
        except rules.RulesError:
            expected = None
        if gid in self.deleted:
            with pytest.raises(StoreError):
                write(self.version[gid])
            return
        if expected is None:
            with pytest.raises(rules.RulesError):
                write(self.version[gid])
            return
        sg = write(self.version[gid])
        assert sg.game == expected and sg.version == self.version[gid] + 1
        self.model[gid], self.version[gid] = expected, sg.version

    @rule(gid=games, hand=hands)
    def stale(self, gid: str, hand: rules.Hand) -> None:
        if self.version[gid] > 1:
            with pytest.raises((StaleGameError, StoreError)):
                self.store.add_hand(gid, hand, self.version[gid] - 1)

    @rule(gid=games)
    def delete(self, gid: str) -> None:
        self.store.delete_game(gid)
        if gid not in self.deleted:
            self.version[gid] += 1
        self.deleted.add(gid)

    @rule(gid=games)
    def restore(self, gid: str) -> None:
        self.store.restore_game(gid)
        if gid in self.deleted:
            self.version[gid] += 1
        self.deleted.discard(gid)

    @rule()
    def restart(self) -> None:
        self.store = GameStore(self.folder)
        assert self.store.recovery_notes == ()

    @invariant()
    def same_as_model(self) -> None:
        rows = {r.id: r for r in self.store.list_games(include_deleted=True)}
        assert set(rows) == set(self.model)
        for gid, game in self.model.items():
            sg = self.store.get(gid)
            assert sg.game == game and sg.version == self.version[gid]
            assert sg.deleted == (gid in self.deleted)
            st_ = rules.state(game)
            row = rows[gid]
            assert (row.hands, row.totals, row.finished, row.version, row.deleted) == (
                len(game.hands), st_.totals, st_.game_over, sg.version, sg.deleted)
            assert row.winner == (None if st_.winner is None else game.players[st_.winner])
        listed = [r.id for r in self.store.list_games()]
        assert set(listed) == set(self.model) - self.deleted
        updated = [rows[g].updated for g in listed]
        assert updated == sorted(updated, reverse=True)


TestStoreMachine = StoreMachine.TestCase
TestStoreMachine.settings = settings(max_examples=25, stateful_step_count=25, deadline=None,
                                     suppress_health_check=[HealthCheck.too_slow])
