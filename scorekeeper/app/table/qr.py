"""The invitation's QR code, made on this machine with ``segno`` (no network, no Flet).

:func:`qr_png` is what the invite sheet draws (an ``ft.Image`` of PNG bytes, scaled with
no smoothing so every module stays sharp); :func:`qr_matrix` is the same code as rows of
booleans, which the tests compare with what the browser shows.
"""

from __future__ import annotations

import io

import segno

BORDER = 4  # the quiet zone a phone camera needs around the code, in modules
ERROR_LEVEL = "m"  # survives a smudge or a glare on the host's screen


def make(text: str) -> segno.QRCode:
    return segno.make_qr(text, error=ERROR_LEVEL, boost_error=False)


def qr_matrix(text: str, border: int = BORDER) -> list[list[bool]]:
    """The code's modules (True: dark), with ``border`` light modules on every side."""
    return [[bool(v) for v in row] for row in make(text).matrix_iter(border=border)]


def qr_png(text: str, scale: int = 8, border: int = BORDER) -> bytes:
    """The code as a black-on-white PNG, ``scale`` pixels per module."""
    out = io.BytesIO()
    make(text).save(out, kind="png", scale=scale, border=border, dark="#000000",
                    light="#ffffff")
    return out.getvalue()


def modules(text: str, border: int = BORDER) -> int:
    """How many modules wide the drawn code is, quiet zone included."""
    return make(text).symbol_size(scale=1, border=border)[0]
