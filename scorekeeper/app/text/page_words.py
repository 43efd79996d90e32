"""Words the web app's page says itself, before Python runs (``scorekeeper build-web``
puts them in the page's script in each language: see ``web/js/start-early.js``): when
Python could not start, offline with neither its start-up snapshot nor the files of the
usual start, or for another reason, and what the player does then."""

from __future__ import annotations

from .i18n import N_

CANNOT_START_OFFLINE = N_("The score sheet could not start: this phone is offline, and "
                          "it needs the internet once more to start. Connect to Wi-Fi or "
                          "mobile data, then tap Try again. Your games are still on this "
                          "phone.")
CANNOT_START = N_("The score sheet could not start. Tap Try again; if it happens again, "
                  "close the score sheet and open it again. Your games are still on this "
                  "phone.")
TRY_AGAIN = N_("Try again")
