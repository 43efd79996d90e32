"""The new-game form: names, variant, target, moon rule, first dealer and the house
rules (no Flet)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from ... import formats, rules
from ...rules import GameVariant, MoonRule, RulesError, Variant
from ..text.messages import Msg
from .kierki_choices import KierkiChoices
from .limits import cut_name, cut_number

TARGET_CHOICES = ("50", "100", "150", "other")


@dataclass
class NewGameForm:
    names: list[str] = field(default_factory=lambda: ["", "", "", ""])
    variant: GameVariant = Variant.STANDARD  # a variant of any game (rules.KIERKI...)
    target_choice: str = "100"
    target_other: str = ""
    moon: MoonRule = MoonRule.ADD_TO_OTHERS
    first_dealer: int = 0
    queen_breaks_hearts: bool = False
    error: Msg | None = None
    rematch_of: str | None = None
    # the house rules (rules.HOUSE_RULES): Omnibus, exact target halves, a pass cycle
    jack_of_diamonds: bool = False
    exact_target_halves: bool = False
    passes: tuple[str, ...] | None = None  # one of rules.cycle_choices; None: the usual
    tie_share: bool = False  # "tie": "share": a tie at the target is a shared win
    pass_cards: int = 3  # "pass_cards": 1 to 4 cards passed (rules.PASS_CARDS)
    kierki: KierkiChoices = field(default_factory=KierkiChoices)  # a Kierki table's rules

    @property
    def count(self) -> int:
        return len(self.names)

    def variants(self) -> tuple[Variant, ...]:
        """The Hearts variants this many players can play."""
        return rules.variants_for(self.count)

    def games(self) -> tuple[GameVariant, ...]:
        """What this many players can play (only these are offered): every game's
        variants for this many, in the table's order (the Hearts variants; Kierki for
        3 or 4)."""
        return tuple(v for game in rules.GAMES.values() for v, s in game.variants.items()
                     if s.min_players <= self.count <= s.max_players)

    @property
    def has_target(self) -> bool:
        """Does the game picked play to a target (Hearts)? Kierki ends after its deals."""
        return rules.spec(self.variant).default_target > 0

    def max_players(self) -> int:
        """How many players the game picked can have (any of its variants; Kierki: 4)."""
        game = rules.variant_game(self.variant)
        assert game is not None
        return max(s.max_players for s in game.variants.values())

    def deck_plan(self) -> rules.DeckPlan | None:
        if self.variant not in self.games():
            return None
        return rules.deck_plan(self.variant, self.count)

    def _fit(self) -> None:
        offered = self.games()
        if offered and self.variant not in offered:
            self.set_variant(offered[0])
        self.first_dealer = min(self.first_dealer, self.count - 1)
        if self.passes is not None and self.passes not in self.cycles():
            self.passes = None  # the cycle was for another count

    # the house rules
    def can_play_jack(self) -> bool:
        """Omnibus is for standard Hearts only (the rules refuse it for Cancellation)."""
        return rules.check_rules(self.variant, house={"jack_of_diamonds": True}) is None

    def cycles(self) -> tuple[tuple[str, ...], ...]:
        """The pass cycles offered for this many players (the first is the usual one)."""
        if self.variant not in self.variants():
            return ()
        return rules.cycle_choices(self.variant, self.count)

    def house(self) -> dict[str, Any]:
        """The house rules as the game file writes them (only those that are on)."""
        house: dict[str, Any] = {}
        if self.jack_of_diamonds and self.can_play_jack():
            house["jack_of_diamonds"] = True
        if self.exact_target_halves:
            house["exact_target_halves"] = True
        cycles = self.cycles()
        if self.passes is not None and cycles and self.passes != cycles[0]:
            house["passes"] = list(self.passes)
        if self.tie_share:
            house["tie"] = "share"
        if self.pass_cards != 3:
            house["pass_cards"] = self.pass_cards
        return house

    def set_house(self, house: Any) -> None:
        """Take the house rules of an earlier game (what the rules accept of them)."""
        if not isinstance(house, dict):
            return
        self.jack_of_diamonds = house.get("jack_of_diamonds") is True
        self.exact_target_halves = house.get("exact_target_halves") is True
        passes = house.get("passes")
        self.passes = tuple(passes) if isinstance(passes, list) and all(
            isinstance(p, str) for p in passes) else None
        self.tie_share = house.get("tie") == "share"
        cards = house.get("pass_cards", 3)
        self.pass_cards = cards if cards in rules.PASS_CARDS and not isinstance(
            cards, bool) else 3
        self._fit()

    def set_name(self, seat: int, name: str) -> None:
        self.names[seat] = cut_name(name)
        self.error = None

    def set_target_other(self, text: str) -> None:
        self.target_other = cut_number(text)

    def add_player(self, name: str = "") -> None:
        if self.count >= self.max_players():
            return
        empty = [i for i, n in enumerate(self.names) if not n.strip()]
        name = cut_name(name)
        if name and empty:
            self.names[empty[0]] = name
        else:
            self.names.append(name)
        self.error = None
        self._fit()

    def remove_player(self, seat: int) -> None:
        if self.count <= rules.MIN_PLAYERS:
            return
        del self.names[seat]
        if self.first_dealer > seat:
            self.first_dealer -= 1
        self.error = None
        self._fit()

    def move(self, seat: int, step: int) -> None:
        """Move a player one seat up (-1) or down (+1); the first dealer moves along."""
        other = seat + step
        if not (0 <= seat < self.count and 0 <= other < self.count):
            return
        self.names[seat], self.names[other] = self.names[other], self.names[seat]
        if self.first_dealer == seat:
            self.first_dealer = other
        elif self.first_dealer == other:
            self.first_dealer = seat

    def set_variant(self, variant: GameVariant | str) -> None:
        self.variant = rules.read_variant(variant)
        if not self.has_target:  # no target: the match ends after its last deal
            return
        default = str(rules.spec(self.variant).default_target)
        self.target_choice = default if default in TARGET_CHOICES else "other"
        if self.target_choice == "other":
            self.target_other = default

    def target(self) -> int | None:
        text = self.target_other if self.target_choice == "other" else self.target_choice
        try:
            value = int(text.strip())
        except ValueError:
            return None
        return value if value > 0 else None

    def build(self) -> rules.Game:
        """The checked game, or a RulesError (or ValueError for the target) to show:
        the game picked says its table's rules from the form."""
        table = GAME_FORMS[_game_key(self.variant)][0](self)
        return rules.Game.new(self.names, table, self.first_dealer)

    def hearts_rules(self) -> rules.Rules:
        """A Hearts table: the variant, target, moon rule, queen rule, house rules."""
        target = self.target()
        if target is None:
            raise RulesError("target", "bad target", value=self.target_other)
        return rules.Rules(self.variant, target, self.moon, self.queen_breaks_hearts,
                           self.house())

    def kierki_rules(self) -> rules.Rules:
        """A Kierki table: its own rules (the lottery, last tricks, series, order)."""
        return rules.Rules(self.variant, kierki=self.kierki.table(self.count))

    def to_draft(self) -> dict[str, Any]:
        return {"names": list(self.names), "variant": self.variant.value,
                "target_choice": self.target_choice, "target_other": self.target_other,
                "moon": self.moon.value, "first_dealer": self.first_dealer,
                "queen_breaks_hearts": self.queen_breaks_hearts,
                "house": {"jack_of_diamonds": self.jack_of_diamonds,
                          "exact_target_halves": self.exact_target_halves,
                          "passes": None if self.passes is None else list(self.passes),
                          "tie": "share" if self.tie_share else "play_on",
                          "pass_cards": self.pass_cards},
                "kierki": self.kierki.to_draft()}

    @classmethod
    def from_draft(cls, data: Any) -> NewGameForm:
        """The form as it was left (a fresh one if the draft is not usable)."""
        try:
            names = [cut_name(str(n)) for n in data["names"]]
            if not rules.MIN_PLAYERS <= len(names) <= rules.MAX_PLAYERS:
                return cls()
            form = cls(names, rules.read_variant(data["variant"]), str(data["target_choice"]),
                       cut_number(str(data.get("target_other", ""))), MoonRule(data["moon"]),
                       int(data["first_dealer"]), bool(data["queen_breaks_hearts"]))
        except (KeyError, TypeError, ValueError):
            return cls()
        if form.target_choice not in TARGET_CHOICES:
            form.target_choice = "100"
        form.first_dealer = max(0, min(form.first_dealer, form.count - 1))
        form.set_house(data.get("house"))  # a draft from before the house rules has none
        form.kierki = KierkiChoices.from_draft(data.get("kierki"))
        form._fit()
        return form

    def is_fresh(self) -> bool:
        return self == NewGameForm()

    @classmethod
    def rematch(cls, game: rules.Game, game_id: str) -> NewGameForm:
        """The same table again (its game says what of it the form keeps), the names
        as they are now and the next first dealer."""
        return GAME_FORMS[_game_key(game.rules.variant)][1](cls, game, game_id)

    @classmethod
    def kierki_rematch(cls, game: rules.Game, game_id: str) -> NewGameForm:
        """The same table's Kierki rules."""
        form = cls(list(rules.state(game).players), game.rules.variant,
                   first_dealer=game.rematch_first_dealer(), rematch_of=game_id)
        form.kierki = KierkiChoices.of(game.rules.kierki)
        return form

    @classmethod
    def hearts_rematch(cls, game: rules.Game, game_id: str) -> NewGameForm:
        """The same Hearts rules: target, moon, queen rule and house rules."""
        r = game.rules
        choice = str(r.target) if str(r.target) in TARGET_CHOICES else "other"
        form = cls(list(rules.state(game).players), r.variant, choice,  # the names now
                   str(r.target) if choice == "other" else "", r.moon,
                   game.rematch_first_dealer(),
                   r.queen_breaks_hearts, None, game_id)
        form.set_house(formats.game_to_dict(game)["rules"])
        return form


def _game_key(variant: GameVariant) -> str:
    game = rules.variant_game(variant)
    assert game is not None, variant
    return game.key


# What of the form makes each game's table, and what of a game a rematch keeps (the
# form holds every game's own choices: Hearts' target, moon and house rules, Kierki's
# KierkiChoices), by the game's key in rules.GAMES. The form is a plain model that the
# store's tests drive without the shell, so this is the form's own small table.
GAME_FORMS: dict[str, tuple[Callable[[NewGameForm], rules.Rules],
                            Callable[[type[NewGameForm], rules.Game, str], NewGameForm]]] = {
    "hearts": (NewGameForm.hearts_rules, lambda cls, game, gid: cls.hearts_rematch(game, gid)),
    "kierki": (NewGameForm.kierki_rules, lambda cls, game, gid: cls.kierki_rematch(game, gid)),
}
