"""What the web app says at its start when the phone's storage does not keep the store's
own first files (``web/first_start.py``): the player's words, with Try again."""

from __future__ import annotations

from .i18n import N_

START_FULL = N_("This phone's storage is full, so the score sheet cannot keep any game "
                "on it. Free some space on the phone, then tap Try again.")
START_REFUSED = N_("This phone's storage did not take the score sheet's files, so it "
                   "cannot keep any game on it. Tap Try again; if it happens again, close "
                   "the score sheet and open it again.")
