"""The immutable values the store hands out."""

from __future__ import annotations

from dataclasses import dataclass

from .. import rules
from ..rules.stats import Spell


@dataclass(frozen=True)
class StoredGame:
    id: str
    created: str  # ISO 8601, UTC
    updated: str  # ISO 8601, UTC: the last change to players, rules or hands
    version: int  # goes up by one with every stored change; pass it back as expected_version
    game: rules.Game
    finished: bool  # from rules.state(game)
    winner: str | None  # the winner's name once finished
    deleted: bool  # soft-deleted (in the trash; restore_game undoes it)
    winners: tuple[str, ...] = ()  # every winner once finished (several on a shared win)
    # players changed from the next hand on, (seat, new name), waiting for that hand
    next_seat_changes: tuple[tuple[int, str], ...] = ()

    @property
    def next_names(self) -> tuple[str, ...]:
        """The names that play the next hand (after the changes waiting for it)."""
        names = rules.state(self.game).players
        return rules.apply_seat_changes(names, self.next_seat_changes) \
            if self.next_seat_changes else names


@dataclass(frozen=True)
class GameSummary:
    """One row of the history list, read from the index (no game file is opened)."""

    id: str
    created: str
    updated: str
    version: int
    players: tuple[str, ...]
    variant: str
    target: int
    hands: int  # number of hands played
    totals: tuple[int, ...]  # from rules.state, in seating order
    finished: bool
    winner: str | None
    deleted: bool
    # per seat, how many times that player shot the moon in this game (from the rules'
    # hand scores); index format 2 (an older index is rebuilt from the game files)
    moons: tuple[int, ...] = ()
    # per seat, how many J♦ that player took; only for a game with the J♦ rule (Omnibus),
    # empty otherwise (and for every game stored before the rule: none had it)
    jacks: tuple[int, ...] = ()
    # every winner (several on a shared win); () while the game goes on. A summary
    # stored before the shared win has none: ``winner`` says it
    winners: tuple[str, ...] = ()
    # a game where a seat changed name (a table's life): who played each seat when
    # (rules.stats.Spell) and the totals after the hand before each change; () otherwise.
    # ``players`` are the names after the last hand
    spells: tuple[Spell, ...] = ()
    marks: tuple[tuple[int, tuple[int, ...]], ...] = ()
    # a Kierki game (variant "kierki"): how many deals the whole match has (``hands`` are
    # the deals played); 0 in Hearts
    deals: int = 0
    # a Kierki game: per contract played, the deals and the points per seat (per spell in
    # a game where a seat changed name): rules.spells.contract_figures; () in Hearts
    contracts: tuple[tuple[str, int | tuple[int, ...], tuple[int, ...]], ...] = ()

    @property
    def former(self) -> tuple[str, ...]:
        """The names that played a seat earlier in the game (search finds them)."""
        now = set(self.players)
        return tuple(dict.fromkeys(sp.name for sp in self.spells if sp.name not in now))


@dataclass(frozen=True)
class Change:
    """One entry of a game's change log: a hand added, edited, removed or inserted."""

    at: str  # ISO 8601, UTC
    action: str  # "add" (at the end) | "edit" | "remove" | "insert" (before later hands)
    hand: int  # 1-based hand number (of an inserted hand: its place, later hands move down)
    old: tuple[int, ...] | None  # points before (None for "add" and "insert"; Kierki)
    new: tuple[int, ...] | None  # points after (None for "remove"; Kierki)
    old_moon_choice: str | None = None
    new_moon_choice: str | None = None
    version: int = 0  # the game's version after this change
    old_jack: int | None = None  # the seat that took the J♦ before (Omnibus games)
    new_jack: int | None = None  # ... and after
    # "seats": the changes of player waiting for the next hand before and after; "add",
    # "edit"...: the hand's own seat changes before and after
    old_seats: tuple[tuple[int, str], ...] = ()
    new_seats: tuple[tuple[int, str], ...] = ()
    # a Kierki game's deal before and after (``old``/``new`` are None: a deal has no
    # Hearts points); None in Hearts
    old_deal: rules.Deal | None = None
    new_deal: rules.Deal | None = None


@dataclass(frozen=True)
class ImportResult:
    added: int  # games that were not stored before
    skipped: int  # games already stored exactly as in the file
    updated: int = 0  # stored games the file continues (same hands, then more)
    conflicts: tuple[str, ...] = ()  # ids stored differently: kept as stored, not imported


@dataclass(frozen=True)
class RecoveryNote:
    """A file the store found damaged or missing, and what it did about it."""

    kind: str  # see RECOVERY_KINDS
    message: str  # an English sentence naming the file (as in GameStore.recovery_notes)


RECOVERY_KINDS = (
    "restored",  # a damaged or missing file was replaced by its newest good backup (the
    #              last change or two to it may be missing); the damaged one kept aside
    "lost",  # a damaged file was set aside and no good backup was found: a game, or the
    #          settings, are gone from the app (the file is kept aside, not deleted)
    "draft",  # a half-entered hand could not be read and was set aside
    "rebuilt",  # derived data (the index of games, store.json) was rebuilt: nothing lost
    "unreadable",  # a game file could not be checked (e.g. from a newer version): left as is
)
