"""Every identifier a browser test (or a screen reader test) may look a control up by.

The app sets them with ``ft.Semantics(identifier=...)``; in the browser they appear as
the ``flt-semantics-identifier`` attribute once the accessibility tree is switched on
(click ``flt-semantics-placeholder`` first). Identifiers with ``{...}`` are templates:
``ids.HEARTS.format(seat=0)``. Seats are 0-based (seating order), hand numbers 1-based,
game ids are the store's ids.

This module is the contract with ``tests/e2e``: rename nothing without telling them.
"""

# --- every screen ------------------------------------------------------------------
BACK = "back"  # the app bar's back arrow
HOME = "home"  # the way home from an address that shows nothing
NOTICE = "notice"  # the snack bar with a message (saved, deleted, changed elsewhere)
UNDO = "undo"  # the Undo action in the snack bar after a delete
ERROR = "error"  # an error shown in place on the current screen
CONFIRM = "confirm"  # the confirming button of a confirmation dialog
CANCEL = "cancel"  # the cancelling button of a confirmation dialog
RECOVERED = "recovered"  # damaged save files the store repaired, in words (any screen)
RECOVERED_OK = "recovered-ok"  # dismisses it
SCREEN = "screen-{name}"  # the body of each screen: home, new, sheet, hand, deal, history,
#                            settings, changes, not-found

# --- home (/) ----------------------------------------------------------------------
NEW_GAME = "new-game"
RESUME = "resume-{game_id}"  # an unfinished game on the home screen (newest first)
SEE_ALL = "see-all"  # shown when there are more unfinished games than home lists
HISTORY = "history"  # the button that opens the history
SETTINGS = "settings"  # the button that opens the settings

# --- new game (/new, /new?from=<game_id> for a rematch) -----------------------------
PLAYER_NAME = "player-name-{seat}"  # text field
PLAYER_UP = "player-up-{seat}"  # move the seat one place up (counter-clockwise)
PLAYER_DOWN = "player-down-{seat}"  # move the seat one place down
PLAYER_REMOVE = "player-remove-{seat}"
ADD_PLAYER = "add-player"
SUGGESTION = "suggestion-{n}"  # a recent name chip, n = 0.. in the order shown
VARIANT = "variant-{variant}"  # standard | cancellation (only the possible ones)
TARGET = "target-{value}"  # 50 | 100 | 150 | other
TARGET_OTHER = "target-other-value"  # text field shown when "other" is picked
MOON_RULE = "moon-rule-{rule}"  # add_to_others | subtract_from_self | shooter_choice
FIRST_DEALER = "first-dealer"  # the group of first-dealer choices
FIRST_DEALER_OPTION = "first-dealer-{seat}"  # one tap makes that seat the first dealer
QUEEN_BREAKS = "queen-breaks-hearts"  # switch
HOUSE_RULES = "house-rules"  # opens and closes the house rules (closed at first)
HOUSE_RULE = "house-rule-{rule}"  # switch: jack_of_diamonds | exact_target_halves
HOUSE_EXAMPLE = "house-example-{rule}"  # the live example under a house rule
PASS_CARDS = "pass-cards-{n}"  # how many cards each player passes (1 to 4; 3 the usual)
PASS_CYCLE = "pass-cycle-{n}"  # n = 0 (the usual passes) .. : the cycles offered
DECK_PLAN = "deck-plan"  # the card preparation text block
START_GAME = "start-game"

# --- score sheet (/game/<id>) -------------------------------------------------------
PLAYER_HEADER = "player-{seat}"  # the column head with the name
TOTAL = "total-{seat}"  # the total at the top of a column
ENTRY_NAME = "entry-name-{seat}"  # the name at the head of a hand-entry row, as drawn
SHEET_NAME = "sheet-name-{seat}"  # the name as drawn on the sheet (its box: the name's room)
LEADER = "leader-{seat}"  # the mark on the leader(s)
TARGET_INFO = "target-info"  # "Target 100 · 23 to go"
BANNER = "next-hand-banner"  # number, dealer, passing, lead of the next hand
BANNER_MORE = "next-hand-more"  # 6-11 players: unfolds the banner (who passes to whom, lead)
HAND_ROW = "hand-row-{n}"  # one row of the sheet; tap to edit hand n
CELL = "cell-{n}-{seat}"  # the score of seat in hand n
RULES = "rules"  # the sheet's Rules button: opens and closes the rules card
RULES_CARD = "rules-card"  # the table's rules and the reminders (2♣ leads, ...)
HOUSE_LINE = "house-line"  # the table's house rules in one line under the target
HOUSE_MARK = "house-mark-{n}-{seat}-{rule}"  # "−10 J♦" / "100 → 50" in hand n's cell
MOON_MARK = "moon-mark-{n}"  # the moon beside the shooter's score in hand n (its label
#                              names the shooter: "Bartek shot the moon")
ENTER_HAND = "enter-hand"  # opens the hand entry for the next hand
CHANGE_LOG = "change-log"  # opens the list of changes (/game/<id>/changes)
GAME_OVER = "game-over"  # the game-over card (winner, standings)
WINNER = "winner"
STANDING = "standing-{place}"  # final standings, row 1.. from the lowest total
#   (the place shown is shared by equal totals: 1, 2, 2, 4)
TIE = "tie-for-lowest"  # "Tie for lowest: play another hand"
# a table's life: who played each seat when, and the change-a-player card on the sheet
SEAT_HISTORY = "seat-history"
SEAT_CHANGE = "seat-change-{seat}-{n}"  # "Zenon · for Darek from hand 6"
SEAT_OPEN = "seat-open"  # "Change a player": opens the card
SEAT_CARD = "seat-card"
SEAT_PICK = "seat-pick-{seat}"  # the seat whose player leaves or is renamed
SEAT_NEW_NAME = "seat-new-name"
SEAT_SAVE = "seat-save"  # "Change from hand N"
SEAT_CANCEL = "seat-cancel"
REMATCH = "rematch"
READ_ONLY = "read-only"  # the note on a game opened read-only from the history

# --- hand entry (/game/<id>/hand new, /game/<id>/hand/<n> edit) ---------------------
MODE_CARDS = "mode-cards"  # enter hearts and queens
MODE_POINTS = "mode-points"  # enter points directly
ENTRY_ROW = "entry-{seat}"  # the row of one player (tap to pick the player)
HEARTS = "hearts-{seat}"  # the hearts count shown for a player (tap to pick)
HEARTS_KEY = "hearts-key-{count}"  # the keypad key that sets the picked player's hearts
QUEEN = "queen-{seat}-{n}"  # who took queen of spades n (n = 0; 0 or 1 in Cancellation)
POINTS = "points-{seat}"  # direct points text field
PLAYER_POINTS = "player-points-{seat}"  # the points a player gets for the hand so far
GIVE_REST = "give-rest-{seat}"  # "gets the rest" for a player
REMAINING = "remaining"  # live counter of points not given to anyone yet
SAVE_HAND = "save-hand"
SAVE_REASON = "save-reason"  # why Save is disabled
MOON = "moon"  # the moon box: who shot it and what the table rule does
MOON_CHOICE = "moon-choice-{choice}"  # add_to_others | subtract_from_self (shooter's choice)
MOON_APPLIED = "moon-applied"  # "unless it loses": what the rule will do, before Save
JACK_TAKER = "jack-taker-{seat}"  # Omnibus: who took the J♦ (one tap)
DELETE_HAND = "delete-hand"  # only when editing an earlier hand
CLEAR_HAND = "clear-hand"  # start the entry again
STEP_BACK = "step-back"  # a Kierki deal's entry: take back the last change

# --- change log (/game/<id>/changes) ------------------------------------------------
CHANGE = "change-{n}"  # one entry, n = 0.. newest first
CHANGE_UNDO = "change-undo"  # on the newest entry, a delete nothing came after: bring it back

# --- history (/history) -------------------------------------------------------------
HISTORY_GAME = "history-game-{game_id}"  # a row: date, players, winner, hands; a tap opens
#   it (read-only at /history/<id> when finished, the score sheet to resume otherwise)
DELETE_GAME = "delete-game-{game_id}"
HISTORY_SEARCH = "history-search"  # text field: games with a player whose name has this
HISTORY_STATUS = "history-status-{status}"  # all | unfinished | finished
HISTORY_VARIANT = "history-variant-{variant}"  # any | standard | cancellation
HISTORY_GAME_KIND = "history-kind-{game}"  # all | hearts | kierki: the filter by game
HISTORY_ORDER = "history-order-{order}"  # started (newest start first) | played (last played)
HISTORY_ORDERS = "history-orders"  # the two orders, under "Sort:"
HISTORY_MORE = "history-more"  # shows the next page of games
HISTORY_COUNT = "history-count"  # how many games match, and how many are shown
EXPORT = "export"  # download every game as JSON
EXPORT_TEXT = "export-text"  # the exported JSON shown in a dialog
EXPORT_DOWNLOAD = "export-download"  # download it as a file (GET /export.json)
EXPORT_CLOSE = "export-close"

# --- settings (/settings) -----------------------------------------------------------
LANGUAGE = "language"  # the language choice group
LANGUAGE_OPTION = "language-{code}"  # system | en | pl | lt
THEME = "theme"
THEME_OPTION = "theme-{mode}"  # system | light | dark

# --- a --lan table (/table/<token>, the QR screen, /invite) -------------------------
TABLE_NOW = "table-now"  # the table view's card: this hand's dealer and passing, large
TABLE_DEALER = "table-dealer"  # "Ala deals"
TABLE_PASS = "table-pass"  # "Pass left"
TABLE_TOTALS = "table-totals"
TABLE_TOTAL = "table-total-{seat}"  # label "Ala: 13 points"
TABLE_HAND = "table-hand-{n}"  # one hand's row
TABLE_MOON = "table-moon-{n}"  # "Bartek shot the moon" under hand n
TABLE_WAITING = "table-waiting"  # no game open on the host yet
TABLE_SETTINGS = "table-settings"
TABLE_CODE_FIELD = "table-code"  # the follower types the table code here
TABLE_CODE_OK = "table-code-ok"  # "Keep score"
TABLE_CODE_ERROR = "table-code-error"  # wrong code / locked for n seconds
LOBBY_TEXT = "lobby-text"  # "Scan the QR code on the host's phone..."
INVITE = "invite"  # the sheet's "Invite phones" action (host, --lan)
INVITE_QR = "invite-qr"  # the QR code image
INVITE_ADDRESS = "invite-address"  # the join address as text
INVITE_NETWORK = "invite-network-{n}"  # pick address n (0..) of this machine's addresses (label: it)
INVITE_CODE = "invite-code"  # the table code, label = the 6 digits
KEEP_AWAKE = "keep-awake"  # settings: keep the screen on during a game
STORAGE_KEPT = "storage-kept"  # settings, web app: whether the browser keeps the games
LAST_BACKUP = "last-backup"  # settings, web app: when the last backup was made
BACKUP_NOW = "backup-now"  # settings and home, web app: download every game as a file
BACKUP_DUE = "backup-due"  # home, web app: no backup for a week
STORAGE_EXPIRES = "storage-expires"  # home and settings, Safari not installed: the 7 days
INSTALL = "install"  # beside it: show how to add the app to the home screen
INSTALL_STEPS = "install-steps"  # those steps
OPEN_ELSEWHERE = "open-elsewhere"  # web app: another tab or window has the games
# --- the sheet's table, the queens of Cancellation, the game cards --------------------------
QUEENS = "queens-{seat}-{count}"  # Cancellation: this player took count (0, 1, 2) queens
RUNNING = "running-{n}-{seat}"  # the running total of seat after hand n (small print)
AT_TARGET = "at-target-{seat}"  # the flag on a player at or past the target
SIDE_SHEET = "side-sheet"  # 6-11 players: the sheet on its side (one row per player)
NOT_STARTED = "not-started"  # on a game card: the game has no hand yet
# --- score chart, share, stats ---------------------------------------------------------
CHART = "score-chart"  # the chart of a game; its label is the spoken summary
#   ("Score chart: Ala 34, Bartek 61 after 7 hands; target 100")
SHEET_TAB = "sheet-tab-{mode}"  # the sheet's view switch: mode = table | chart
SHARE = "share-game"  # the game's text summary to the share sheet (phones only)
COPY = "copy-result"  # the game's text summary to the clipboard, then "Copied" is said
DOWNLOAD_JSON = "download-json"  # this game as a JSON file (GET /game/<id>.json)
DOWNLOAD_CSV = "download-csv"  # this game as a CSV file (GET /game/<id>.csv)
STATS = "stats"  # the button that opens the stats (home and history)
STATS_VARIANT = "stats-variant-{variant}"  # any | standard | cancellation
STATS_GAME = "stats-game-{game}"  # hearts | kierki: which game's stats (Kierki's apart)
STATS_CONTRACTS = "stats-contracts-{n}"  # Kierki: player n's average points per contract
STATS_COUNT = "stats-count-{n}"  # n = 0 (any count) or 3..11: the player-count filter
STATS_PLAYER = "stats-player-{n}"  # one player's figures, n = 0.. in the order shown
STATS_MORE = "stats-more"  # draws every player (the first 12 are drawn at first)
STATS_LEFT_OUT = "stats-left-out"  # how many unfinished and deleted games are left out
STATS_VS = "stats-vs-{seat}"  # the two players picked for head to head: seat 0 | 1
STATS_VS_OPTION = "stats-vs-{seat}-{n}"  # player n (in the order shown) for side 0 or 1
STATS_H2H = "stats-h2h"  # the head-to-head result
# --- Kierki (a game of rules.KIERKI) ---------------------------------------------------
# new game, when Kierki is picked (VARIANT.format(variant="kierki"))
KIERKI_LOTTERY = "kierki-lottery-{value}"  # once | each_dealer | none
KIERKI_LAST = "kierki-last-{value}"  # seventh_and_last | last_two | last
KIERKI_SERIES = "kierki-series-{n}"  # 1 .. 4
KIERKI_TRUMP_TRICK = "kierki-trump-trick-{value}"  # 25 | 20 (three players)
KIERKI_ORDER = "kierki-order-{n}"  # the n-th negative deal (0-based) in the table's order
KIERKI_ORDER_UP = "kierki-order-up-{n}"  # moves it one place earlier
KIERKI_ORDER_DOWN = "kierki-order-down-{n}"  # ... one place later
KIERKI_ORDER_RESET = "kierki-order-reset"  # back to the usual order
KIERKI_MATCH = "kierki-match"  # "The match: 12 deals ..." under the table's rules
# the sheet: BANNER says the deal's contract, what it scores, who deals and leads;
# HAND_ROW, CELL, RUNNING, TOTAL, LEADER, GAME_OVER, WINNER, STANDING as in Hearts
KIERKI_CONTRACT = "kierki-contract-{n}"  # deal n's short contract name on the sheet
KIERKI_SUBTOTAL = "kierki-subtotal-{n}"  # the subtotal line under deal n (its check)
KIERKI_PART = "kierki-part-{n}-{seat}"  # what that part of the match gave a seat
SUM_CHECK = "sum-check"  # what the totals add up to (0 at the end with the lottery)
# a deal's entry (/game/<id>/deal new, /game/<id>/deal/<n> edit); ENTRY_ROW, PLAYER_POINTS,
# GIVE_REST, REMAINING, SAVE_HAND, SAVE_REASON, DELETE_HAND, CLEAR_HAND as in Hearts
COUNT = "count-{counted}-{seat}"  # a player's count (tricks, hearts, queens, kings_jacks)
COUNT_KEY = "count-key-{n}"  # the keypad's key: the picked player's count is n
COUNT_REST = "count-rest"  # the robber's keypad: the picked player takes the rest
TAKER = "taker-{slot}-{seat}"  # who took it: slot king | seventh | second_last | last
TRUMP = "trump-{suit}"  # the suit the dealer named: clubs | diamonds | hearts | spades
OUT = "out-{place}-{seat}"  # the lottery: place 1 (first out) | 2 (second out)
# the web app's first start on a phone whose storage refuses (web/first_start.py)
START_NOT_KEPT = "start-not-kept"  # why the games cannot be kept, in words
START_TRY_AGAIN = "start-try-again"  # opens the store again


# --- "Show on another phone" (/game/<id>/show) and a game from a link (/link) -----------
SHOW_ON_PHONE = "show-on-phone"  # the sheet's button, beside Share and Copy
SHOW_HOW = "show-how"  # what the code is and that the game travels in the link
SHOW_QR = "show-qr"  # the QR code of the link
SHOW_DENSE = "show-dense"  # the code is dense: hold the phones close
SHOW_NO_CODE = "show-no-code"  # no QR code holds this game: the link only
SHOW_PROBLEM = "show-problem"  # no link at all (too long, no address)
SHOW_LINK = "show-link"  # the link as text
SHOW_COPY = "show-copy"  # Copy link
SHOW_SHARE = "show-share"  # Share link (where the phone has a share sheet)
LINK_FROM = "link-from"  # "From another phone: hand 7, today 21:04"
LINK_STATE = "link-state"  # what this phone keeps of the game already
LINK_PROBLEM = "link-problem"  # the link refused, in words
LINK_KEEP = "link-keep"  # Keep on this phone (or add its new hands)
LINK_OPEN_KEPT = "link-open-kept"  # open the game this phone keeps
