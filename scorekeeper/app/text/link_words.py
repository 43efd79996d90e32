"""The words of "Show on another phone" and of a game opened from its link."""

from __future__ import annotations

from ... import formats
from .i18n import N_
from .messages import RULES_ERRORS, Msg, Nn_, rules_error

SHOW_TITLE = N_("Show on another phone")
SHOW_HOW = N_("Scan this code with the other phone's camera, or send it the link. The game "
              "travels in the link itself: it never reaches a server, and nothing else "
              "leaves this phone.")
SHOW_DENSE = N_("A long game makes a dense code: hold the phones close, or send the link.")
SHOW_NO_CODE = N_("This game is too long for a QR code: send the link instead.")
SHOW_TOO_BIG = N_("This game is too long to travel in a link.")
SHOW_NO_ADDRESS = N_("This app has no address another phone can open.")
QR_LABEL = N_("QR code of the link to this game")
LINK_LABEL = N_("The link to this game: Copy link copies it")
COPY_LINK = N_("Copy link")
SHARE_LINK = N_("Share link")
LINK_COPIED = N_("Link copied: paste it into a message to the other phone.")

FROM_TITLE = N_("From another phone")
FROM_HAND = N_("From another phone: hand {hand}, {time}")
FROM_DEAL = N_("From another phone: deal {hand}, {time}")
FROM_NONE = N_("From another phone: no hand played yet, {time}")
FROM_READ_ONLY = N_("Read only: keep it on this phone to play on.")
KEEP = N_("Keep on this phone")
OPEN_KEPT = N_("Open the game on this phone")
KEPT = N_("Kept on this phone: the game goes on here.")
ADD_HANDS = Nn_("Add {n} hand to this phone", "Add {n} hands to this phone")
ADDED = Nn_("{n} hand from the link added.", "{n} hands from the link added.")
KEPT_SAME = N_("This phone keeps this game already, with the same hands.")
KEPT_NEWER = Nn_("This phone keeps this game: the link adds {n} hand.",
                 "This phone keeps this game: the link adds {n} hands.")
KEPT_OLDER = N_("This phone keeps this game with more hands than the link: nothing to add.")
KEPT_DIFFERS = N_("This phone keeps this game, but its hands differ from the link's, so "
                  "nothing was changed.")
KEPT_DELETED = N_("This phone deleted this game: restore it from the history, then open "
                  "the link again.")

# FormatError.code of a link (formats/sharelink.py) -> what a player reads
LINK_ERRORS: dict[str, str] = {
    "link_not_game": N_("This link holds no game. Ask the phone that keeps the game for "
                        "its code again."),
    "link_garbled": N_("This link is damaged or cut short, so no game was opened. Scan the "
                       "code again, or ask for the whole link."),
    "link_too_big": N_("This link is too long to be a game of this app, so it was not "
                       "opened."),
    "link_newer": N_("This link was made by a newer version of the app. Update the app "
                     "(open it once while online), then open the link again."),
    "import_invalid": N_("The game in this link cannot be read, so it was not opened."),
}
LINK_BREAKS_RULES = N_("The game in this link cannot be read, so it was not opened: {problem}")
LINK_NOT_READ = N_("This phone could not read the link. Open it again.")


def link_error(err: formats.FormatError) -> Msg:
    """Words for a link refused (never its English detail)."""
    rules_code = err.params.get("rules_code")
    if err.code == "import_invalid" and rules_code in RULES_ERRORS:
        inner = {k: v for k, v in err.params.items() if k != "rules_code"}
        return Msg(LINK_BREAKS_RULES, {"problem": rules_error(
            formats.FormatError(str(rules_code), "", **inner))})
    return Msg(LINK_ERRORS.get(err.code, LINK_ERRORS["link_garbled"]))
