"""Words for everything the rules and the store can say, in the player's language.

A :class:`Msg` is a message not yet translated (msgid + named params), so the app's state
never holds a sentence in one language: the view translates it when it draws it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ... import formats, rules
from .i18n import N_, Translator


@dataclass(frozen=True)
class Msg:
    msgid: str
    params: dict[str, Any] = field(default_factory=dict)
    plural: str | None = None  # with ``n`` in params: a plural message

    def text(self, tr: Translator) -> str:
        params = {k: (v.text(tr) if isinstance(v, Msg) else v) for k, v in self.params.items()}
        if self.plural is not None:
            n = params.pop("n")
            return tr._n(self.msgid, self.plural, n, **params)
        return tr._(self.msgid, **params)


# RulesError.code (or a game file's FormatError.code) -> the sentence a player reads.
# Params come from the error's params.
RULES_ERRORS: dict[str, str] = {
    "target": N_("The target must be a whole number above zero."),
    "player_empty": N_("Player {seat} has no name."),
    "player_name_long": N_("The name of player {seat} is too long: at most {max} characters."),
    "player_name_chars": N_("The name of player {seat} holds characters that cannot be shown: "
                            "use letters, digits, spaces and signs."),
    "player_duplicate": N_("The name {name} is used twice: give one of them another name."),
    "player_count": N_("This variant is for {min} to {max} players."),
    "first_dealer": N_("Pick the first dealer from the players."),
    "game_over": N_("The game is already over: {winner} won."),
    "point_count": N_("Enter one number for every player."),
    "points_type": N_("{player}'s points must be a whole number."),
    "points_range": N_("{player} can take from 0 to {max} points in a hand."),
    "hand_total": N_("The points add up to {total}; a hand always holds {expected}."),
    "hand_total_max": N_("The points add up to {total}; a hand holds at most {expected}."),
    "moon_choice_missing": N_("{player} shot the moon: pick what it scores."),
    "moon_choice_stray": N_("Nobody shot the moon in this hand."),
    "moon_choice_fixed": N_("The table's moon rule decides what the moon scores."),
    "hearts_range": N_("Hearts go from 0 to {max}."),
    "queens_range": N_("There are only {max} queens of spades."),
    "no_such_hand": N_("There is no hand {hand}."),
    "not_a_moon": N_("Nobody took every penalty point in this hand."),
    "jack_missing": N_("Say who took the J♦."),
    "jack_player": N_("The J♦ must go to one of the players."),
    "jack_type": N_("The J♦ must go to one of the players."),
    "jack_unknown": N_("The J♦ must go to one of the players."),
    "unknown_key:jack": N_("This table does not play the J♦ rule."),
    "house_variant": N_("This house rule cannot be played in this variant."),
    "pass_token": N_("This is not a pass: use hold, left, right, left or right by more "
                     "seats, or across."),
    "passes_type": N_("The pass cycle needs at least one pass."),
    "passes_empty": N_("The pass cycle needs at least one pass."),
    "pass_across_odd": N_("Passing across needs an even number of players (now {count})."),
    "pass_too_far": N_("Too far round: with {count} players a pass goes at most {max} seats."),
    # a table's life: a change of player (rules.seats)
    "seat_change_duplicate": N_("After the change {name} would sit at two seats: pick "
                                "another name."),
    "seat_change_same": N_("{name} already has that name."),
    "seat_change_empty": N_("Type the new name."),
    "seat_change_long": N_("The new name is too long: at most {max} characters."),
    "seat_change_chars": N_("The new name holds characters that cannot be shown: use "
                            "letters, digits, spaces and signs."),
    "seat_change_seat": N_("Pick the player who leaves or is renamed."),
    "seat_change_twice": N_("Pick the player who leaves or is renamed."),
    "seat_change_gone": N_("{name} no longer plays: the seat has a new name."),
    "seat_change_unknown": N_("{name} is not one of the players."),
    "rules_value": N_("This house rule cannot have that value."),
    # Kierki (rules.kierki): a deal that does not add up, the table's own rules
    "taken_count": N_("Enter one count for every player."),
    "taken_type": N_("{player}: enter a whole number."),
    "taken_range": N_("{player}: {counted} go from 0 to {max}."),
    "taken_total": N_("{counted}: {total} given; a deal has {expected}."),
    "robber_taken": N_("The robber needs all six counts for every player."),
    "robber_no_trick": N_("{player} has no trick, so no card either: {counted} must be 0."),
    "robber_king_of_hearts": N_("{player} took the K♥: it counts among {player}'s hearts "
                                "and kings too."),
    "robber_last_tricks": N_("{player}: more of the last tricks ({value}) than tricks "
                             "({tricks})."),
    "robber_cards": N_("{player}: {cards} counted cards do not fit in the tricks taken "
                       "({tricks})."),
    "robber_counts": N_("No cards give {player} these counts: the Q♥, the K♥ and the J♥ "
                        "are hearts too."),
    "robber_deal": N_("No deal of real cards gives these counts: the Q♥ and the J♥ are "
                      "each in one player's tricks."),
    "out_count": N_("Tap who went out first and who went out second."),
    "out_player": N_("Pick the players out among the players at the table."),
    "out_same": N_("{player} cannot be both the first and the second out."),
    "trump_stray": N_("Only a trump deal names trumps."),
    "out_stray": N_("Only the lottery names players out."),
    "taken_stray": N_("The lottery counts no cards: tap who went out first and second."),
    "hand_kind": N_("A Kierki deal is entered as what each player took."),
    "contract_order": N_("Deal {hand} is played for another contract: the match's order "
                         "fixes each deal's contract."),
    "contracts_order": N_("The order must name each of the seven negative deals once."),
    "rules_value:lottery": N_("Pick how often the lottery is played."),
    "rules_value:last_tricks": N_("Pick which tricks the sixth deal counts."),
    "rules_value:series": N_("A match has 1 to 4 series."),
    "rules_value:trump_trick": N_("A trick in a trump deal is worth 25 or 20."),
    "kierki_rules": N_("Kierki has no target, moon rule or house rules."),
    "unknown_contract": N_("This is not one of Kierki's contracts."),
    "trump_suit": N_("Trumps are clubs, diamonds, hearts or spades."),
    "no_lottery": N_("This table plays no lottery."),
}
# what a Kierki deal counts, as a rules error names it ("Hearts: 11 given; a deal has
# 13."): rules.Count's values
COUNT_TITLE: dict[str, str] = {
    "tricks": N_("Tricks"),
    "hearts": N_("Hearts"),
    "queens": N_("Queens"),
    "kings_jacks": N_("Kings and jacks"),
    "king_of_hearts": N_("The K♥"),
    "last_tricks": N_("Last tricks"),
}
RULES_ERROR_FALLBACK = N_("This does not follow the rules of the game.")
LATER_HAND = N_("Hand {hand} would no longer be valid: {problem}")


def rules_error(err: rules.RulesError | formats.FormatError,
                edited_hand: int | None = None) -> Msg:
    """A translatable message for a rules error (one a player can act on)."""
    msgid = RULES_ERRORS.get(f"{err.code}:{err.params.get('key')}") or RULES_ERRORS.get(
        err.code, RULES_ERROR_FALLBACK)
    params = dict(err.params)
    params.setdefault("hand", err.hand)
    # what a count of a deal is (Kierki's: tricks, hearts...), in words
    if params.get("counted") in COUNT_TITLE:
        params["counted"] = Msg(COUNT_TITLE[params["counted"]])
    # Fill every placeholder the sentence needs, so a missing param can never crash it.
    for name in ("seat", "name", "min", "max", "winner", "player", "total", "expected",
                 "count", "counted", "value", "tricks", "cards"):
        params.setdefault(name, "")
    msg = Msg(msgid, params)
    if edited_hand is not None and err.hand is not None and err.hand != edited_hand:
        return Msg(LATER_HAND, {"hand": err.hand, "problem": msg})
    return msg


STALE = N_("This game was changed on another phone or tab. It has been reloaded: "
           "check it and enter your change again.")
NOT_FOUND = N_("This game does not exist (any more).")
# Any other failure of the store: what happened is in the log (a path, an exception's
# name), never on the phone
STORE_PROBLEM = N_("The change could not be saved, and nothing was changed. Try again; if "
                   "it happens again, reload the page.")
SOMETHING_WRONG = N_("Something went wrong and nothing was changed. Try again; if it "
                     "happens again, reload the page.")
STORE_ERRORS: dict[str, str] = {
    "disk_full": N_("The disk is full: nothing was saved. Free some space and try again."),
    "read_only": N_("The data folder cannot be written to: nothing was saved."),
    "not_found": N_("This game does not exist (any more)."),
    "deleted": N_("This game was deleted, so it cannot be changed."),
    "refused": N_("This phone follows the table: enter the table code from the host's "
                  "screen to keep score."),
    # the web app: the browser's storage did not keep the write (web/browser.py)
    "storage_full": N_("This phone could not keep the change: its storage is full. Free "
                       "some space, then try again."),
    "storage_refused": N_("This phone could not keep the change: its storage did not take "
                          "it. Try again; if it happens again, reload the page."),
    "storage_lost": N_("This phone's storage stopped answering, so the change was not "
                       "kept. Reload the page, then try again."),
}
# ... the same for a hand being saved, said on its hand entry (kept as it was typed)
HAND_NOT_KEPT: dict[str, str] = {
    "storage_full": N_("This phone could not keep hand {hand}: its storage is full. Free "
                       "some space, then Save again."),
    "storage_refused": N_("This phone could not keep hand {hand}: its storage did not take "
                          "it. Save again; if it happens again, reload the page."),
}
# ... and for a Kierki deal
DEAL_NOT_KEPT: dict[str, str] = {
    "storage_full": N_("This phone could not keep deal {deal}: its storage is full. Free "
                       "some space, then Save again."),
    "storage_refused": N_("This phone could not keep deal {deal}: its storage did not take "
                          "it. Save again; if it happens again, reload the page."),
}


def store_error(err: Exception) -> Msg:
    """Words for a StoreError: what happened and what to do, never its English detail
    (a file's path, an exception's name: those go to the log)."""
    code = getattr(err, "code", None)
    if code in STORE_ERRORS:
        return Msg(STORE_ERRORS[code])
    return Msg(STORE_PROBLEM)


# RecoveryNote.kind -> what a player reads when the store repaired a file (see
# scorekeeper.store.model.RECOVERY_KINDS)
RECOVERED: dict[str, str] = {
    "restored": N_("A damaged save file was set aside; the last good copy was restored. "
                   "The latest change may be missing."),
    "lost": N_("A damaged save file was set aside and no good copy of it was found: a "
               "game or your settings may be missing."),
    "draft": N_("A half-entered hand could not be read and was set aside: enter it again."),
    "rebuilt": N_("Damaged files were rebuilt from the saved games; nothing was lost."),
    "unreadable": N_("A saved game could not be read and was left as it is (it may come "
                     "from a newer version of this app)."),
}
def Nn_(singular: str, plural: str) -> tuple[str, str]:
    """Marks a plural message for ``pybabel extract`` (babel.cfg: ``Nn_:1,2``)."""
    return singular, plural


EXPORT_SKIPPED, EXPORT_SKIPPED_PLURAL = Nn_(
    "{n} saved game could not be read and was left out of the export.",
    "{n} saved games could not be read and were left out of the export.")
RECOVERED_FALLBACK = N_("Some saved data could not be read and was repaired.")


def recovery_message(kind: str) -> Msg:
    """Words for a repair the store made (a RecoveryNote's kind)."""
    return Msg(RECOVERED.get(kind, RECOVERED_FALLBACK))
