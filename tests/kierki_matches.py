"""Kierki matches worked out by hand, for the tests of the rules, the game file, replay,
the store and (later) the app's screens and the browser: each is a game file and, for
every deal, the points worked out on paper (not by the code under test), the running
totals, the final totals, the winners and the sum.

CLASSIC is the usual game: 4 players, the lottery once, the 7th and the last trick, the
usual order, 1 series: 12 deals. Ala deals first, so the dealers go Ala, Bartek, Celina,
Darek, Ala... and the player on the dealer's left leads.

    deal contract            dealer   Ala  Bartek  Celina  Darek   what was taken
     1   bez lew             Ala      -40    -60     -80    -80    tricks 2 3 4 4      x -20
     2   bez kierów          Bartek   -60   -100       0   -100    hearts 3 5 0 5      x -20
     3   bez dam             Celina   -60      0    -120    -60    queens 1 0 2 1      x -60
     4   bez panów           Darek    -60    -90     -30    -60    K and J 2 3 1 2     x -30
     5   bez króla kier      Ala        0      0    -150      0    K♥ Celina           -150
     6   bez 7. i ostatniej  Bartek   -75      0       0    -75    7th Ala, last Darek x -75
     7   rozbójnik           Celina  -345   -445    -290   -220    (below)
     8   atu (Darek names)   Darek    100     75      50    100    tricks 4 3 2 4      x 25
     9   atu (Ala names)     Ala       75     75     125     50    tricks 3 3 5 2      x 25
    10   atu (Bartek names)  Bartek    50    150      75     50    tricks 2 6 3 2      x 25
    11   atu (Celina names)  Celina   125     50      50    100    tricks 5 2 2 4      x 25
    12   loteryjka           Darek    500      0     800      0    out: Celina, then Ala
         totals                       210   -345     430   -295    sum 0; Celina wins

The robber (deal 7), per player Ala / Bartek / Celina / Darek:
tricks 3 3 4 3 (x -20: -60 -60 -80 -60), hearts 6 2 3 2 (x -20: -120 -40 -60 -40),
queens 1 1 1 1 (x -60: -60 each), kings and jacks 1 2 3 2 (x -30: -30 -60 -90 -60),
the K♥ Bartek (-150), the 7th and the last trick Ala and Bartek (x -75: -75 -75 0 0):
Ala -345, Bartek -445, Celina -290, Darek -220; together -1300.
"""

from __future__ import annotations

import copy
from typing import Any

PLAYERS = ["Ala", "Bartek", "Celina", "Darek"]

ROBBER = {"tricks": [3, 3, 4, 3], "hearts": [6, 2, 3, 2], "queens": [1, 1, 1, 1],
          "kings_jacks": [1, 2, 3, 2], "king_of_hearts": [0, 1, 0, 0],
          "last_tricks": [1, 1, 0, 0]}

CLASSIC_FILE: dict[str, Any] = {
    "players": PLAYERS,
    "rules": {"variant": "kierki", "lottery": "once", "last_tricks": "seventh_and_last",
              "contracts": ["no_tricks", "no_hearts", "no_queens", "no_kings_jacks",
                            "no_king_of_hearts", "no_last_tricks", "robber"],
              "series": 1},
    "first_dealer": "Ala",
    "hands": [
        {"contract": "no_tricks", "taken": [2, 3, 4, 4]},
        {"contract": "no_hearts", "taken": [3, 5, 0, 5]},
        {"contract": "no_queens", "taken": [1, 0, 2, 1]},
        {"contract": "no_kings_jacks", "taken": [2, 3, 1, 2]},
        {"contract": "no_king_of_hearts", "taken": [0, 0, 1, 0]},
        {"contract": "no_last_tricks", "taken": [1, 0, 0, 1]},
        {"contract": "robber", "taken": ROBBER},
        {"contract": "trumps", "trump": "spades", "taken": [4, 3, 2, 4]},
        {"contract": "trumps", "trump": "hearts", "taken": [3, 3, 5, 2]},
        {"contract": "trumps", "trump": "clubs", "taken": [2, 6, 3, 2]},
        {"contract": "trumps", "trump": "diamonds", "taken": [5, 2, 2, 4]},
        {"contract": "lottery", "out": ["Celina", "Ala"]},
    ],
}

# per deal: (contract, dealer, leader, the points each player scored), worked by hand
CLASSIC_DEALS: list[tuple[str, str, str, list[int]]] = [
    ("no_tricks", "Ala", "Bartek", [-40, -60, -80, -80]),
    ("no_hearts", "Bartek", "Celina", [-60, -100, 0, -100]),
    ("no_queens", "Celina", "Darek", [-60, 0, -120, -60]),
    ("no_kings_jacks", "Darek", "Ala", [-60, -90, -30, -60]),
    ("no_king_of_hearts", "Ala", "Bartek", [0, 0, -150, 0]),
    ("no_last_tricks", "Bartek", "Celina", [-75, 0, 0, -75]),
    ("robber", "Celina", "Darek", [-345, -445, -290, -220]),
    ("trumps", "Darek", "Ala", [100, 75, 50, 100]),
    ("trumps", "Ala", "Bartek", [75, 75, 125, 50]),
    ("trumps", "Bartek", "Celina", [50, 150, 75, 50]),
    ("trumps", "Celina", "Darek", [125, 50, 50, 100]),
    ("lottery", "Darek", "Ala", [500, 0, 800, 0]),
]

# the running totals after each deal, added up by hand
CLASSIC_RUNNING: list[list[int]] = [
    [-40, -60, -80, -80],
    [-100, -160, -80, -180],
    [-160, -160, -200, -240],
    [-220, -250, -230, -300],
    [-220, -250, -380, -300],
    [-295, -250, -380, -375],
    [-640, -695, -670, -595],
    [-540, -620, -620, -495],
    [-465, -545, -495, -445],
    [-415, -395, -420, -395],
    [-290, -345, -370, -295],
    [210, -345, 430, -295],
]
CLASSIC_TOTALS = [210, -345, 430, -295]
CLASSIC_WINNER = "Celina"
CLASSIC_SUM = 0


def classic_file(deals: int | None = None) -> dict[str, Any]:
    """The classic match's game file (a deep copy), cut after ``deals`` deals."""
    data = copy.deepcopy(CLASSIC_FILE)
    if deals is not None:
        data["hands"] = data["hands"][:deals]
    return data


# THREE: 3 players (the 2♣ out, 17 cards each, 17 tricks), the lottery once per dealer
# (250 and 175 each time), the last trick alone (-140), 1 series: 7 + 3 trump deals + 3
# lotteries = 13 deals. Bartek deals first: Bartek, Celina, Ala, Bartek...
#
#   deal contract        dealer   Ala  Bartek Celina  taken
#    1  bez lew          Bartek   -75    -90    -90   tricks 5 6 6      x -15
#    2  bez kierów       Celina   -80    -80   -100   hearts 4 4 5      x -20
#    3  bez dam          Ala     -120    -60    -60   queens 2 1 1      x -60
#    4  bez panów        Bartek   -90    -90    -60   K and J 3 3 2     x -30
#    5  bez króla kier   Celina     0      0   -140   K♥ Celina         -140
#    6  bez ostatniej    Ala     -140      0      0   last trick Ala    -140
#    7  rozbójnik        Bartek  -510   -460   -305   (below)
#    8  atu              Celina   150    125    150   tricks 6 5 6      x 25
#    9  atu              Ala      125    175    125   tricks 5 7 5      x 25
#   10  atu              Bartek   150    150    125   tricks 6 6 5      x 25
#   11  loteryjka        Celina   250    175      0   out: Ala, then Bartek
#   12  loteryjka        Ala      175      0    250   out: Celina, then Ala
#   13  loteryjka        Bartek     0    250    175   out: Bartek, then Celina
#       totals                   -165     95     70   sum 0; Bartek wins
#
# The robber: tricks 6 6 5 (x -15: -90 -90 -75), hearts 5 4 4 (x -20: -100 -80 -80),
# queens 2 1 1 (x -60: -120 -60 -60), kings and jacks 2 3 3 (x -30: -60 -90 -90), the K♥
# Ala (-140), the last trick Bartek (-140): Ala -510, Bartek -460, Celina -305 (-1275).
THREE_ROBBER = {"tricks": [6, 6, 5], "hearts": [5, 4, 4], "queens": [2, 1, 1],
                "kings_jacks": [2, 3, 3], "king_of_hearts": [1, 0, 0],
                "last_tricks": [0, 1, 0]}
THREE_FILE: dict[str, Any] = {
    "players": ["Ala", "Bartek", "Celina"],
    "rules": {"variant": "kierki", "lottery": "each_dealer", "last_tricks": "last"},
    "first_dealer": "Bartek",
    "hands": [
        {"contract": "no_tricks", "taken": [5, 6, 6]},
        {"contract": "no_hearts", "taken": [4, 4, 5]},
        {"contract": "no_queens", "taken": [2, 1, 1]},
        {"contract": "no_kings_jacks", "taken": [3, 3, 2]},
        {"contract": "no_king_of_hearts", "taken": [0, 0, 1]},
        {"contract": "no_last_tricks", "taken": [1, 0, 0]},
        {"contract": "robber", "taken": THREE_ROBBER},
        {"contract": "trumps", "taken": [6, 5, 6]},
        {"contract": "trumps", "taken": [5, 7, 5]},
        {"contract": "trumps", "taken": [6, 6, 5]},
        {"contract": "lottery", "out": ["Ala", "Bartek"]},
        {"contract": "lottery", "out": ["Celina", "Ala"]},
        {"contract": "lottery", "out": ["Bartek", "Celina"]},
    ],
}
THREE_DEALS: list[tuple[str, str, str, list[int]]] = [
    ("no_tricks", "Bartek", "Celina", [-75, -90, -90]),
    ("no_hearts", "Celina", "Ala", [-80, -80, -100]),
    ("no_queens", "Ala", "Bartek", [-120, -60, -60]),
    ("no_kings_jacks", "Bartek", "Celina", [-90, -90, -60]),
    ("no_king_of_hearts", "Celina", "Ala", [0, 0, -140]),
    ("no_last_tricks", "Ala", "Bartek", [-140, 0, 0]),
    ("robber", "Bartek", "Celina", [-510, -460, -305]),
    ("trumps", "Celina", "Ala", [150, 125, 150]),
    ("trumps", "Ala", "Bartek", [125, 175, 125]),
    ("trumps", "Bartek", "Celina", [150, 150, 125]),
    ("lottery", "Celina", "Ala", [250, 175, 0]),
    ("lottery", "Ala", "Bartek", [175, 0, 250]),
    ("lottery", "Bartek", "Celina", [0, 250, 175]),
]
THREE_TOTALS = [-165, 95, 70]
THREE_WINNER = "Bartek"


def three_file(deals: int | None = None) -> dict[str, Any]:
    """The 3-player match's game file (a deep copy), cut after ``deals`` deals."""
    data = copy.deepcopy(THREE_FILE)
    if deals is not None:
        data["hands"] = data["hands"][:deals]
    return data
