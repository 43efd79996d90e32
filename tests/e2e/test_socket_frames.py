"""The socket recorder (``socket_frames``) reads Flet's frames as the phone gets them: a
field's text set by a replace, a field added anew, and a text the server set over what
the phone typed last (no browser: frames made as Flet's web client and server send them)."""

from __future__ import annotations

from typing import Any

import msgpack
from socket_frames import SocketFrames, decode


class Socket:
    """A stand-in for Playwright's page and its one socket (the recorder asks the page
    for its sockets, then each socket for its frames)."""

    def __init__(self) -> None:
        self.handlers: dict[str, Any] = {}

    def on(self, event: str, handler: Any) -> None:
        if event == "websocket":
            handler(self)
        else:
            self.handlers[event] = handler

    def frame(self, by: str, message: Any) -> None:
        event = "framesent" if by == "phone" else "framereceived"
        self.handlers[event](b"\x00" + msgpack.packb(message))


def field(i: int, value: str | None = None) -> dict[str, Any]:
    control: dict[str, Any] = {"_c": "TextField", "_i": i}
    if value is not None:
        control["value"] = value
    return control


def page_with_fields() -> tuple[Socket, SocketFrames]:
    socket = Socket()
    frames = SocketFrames(socket)
    view = {"_c": "View", "_i": 10, "controls": [field(21), field(22, "Bartek")]}
    socket.frame("server", [1, {"session_id": "s", "page_patch": {
        "_c": "Page", "_i": 1, "views": [view]}, "error": ""}])
    return socket, frames


def typed(socket: Socket, control: int, text: str) -> None:
    socket.frame("phone", [4, {"id": control, "props": {"value": text}}])
    socket.frame("phone", [3, {"target": control, "name": "change", "data": text}])


def test_a_frame_is_read_with_or_without_the_web_clients_first_byte() -> None:
    message = [4, {"id": 3, "props": {"value": "Al"}}]
    assert decode(b"\x00" + msgpack.packb(message)) == message
    assert decode(msgpack.packb(message)) == message


def test_what_the_phone_typed_and_a_redraw_that_keeps_it() -> None:
    socket, frames = page_with_fields()
    typed(socket, 21, "A")
    typed(socket, 21, "Al")
    # a redraw that sets the field to what was typed: no harm
    socket.frame("server", [2, {"id": 10, "patch": [[0, {"controls": [1, {0: [2]}]}],
                                                     [0, 2, "value", "Al"]]}])
    assert [(i, t) for _, i, t in frames.typed()] == [(21, "A"), (21, "Al")]
    assert [(i, t) for _, i, t in frames.texts_sent()] == [(21, ""), (22, "Bartek"),
                                                           (21, "Al")]
    assert frames.overwritten() == []


def test_an_older_text_sent_over_a_keystroke_is_named() -> None:
    socket, frames = page_with_fields()
    typed(socket, 21, "Al")
    typed(socket, 21, "Ala")
    socket.frame("server", [2, {"id": 10, "patch": [[0, {"controls": [1, {0: [2]}]}],
                                                     [0, 2, "value", "Al"]]}])
    [said] = frames.overwritten()
    assert "field 21 to 'Al' after the phone typed 'Ala'" in said
    assert "server set field 21 to 'Al'" in frames.story()


def test_a_field_added_anew_and_a_text_on_a_moved_field() -> None:
    socket, frames = page_with_fields()
    # a new empty field in front of the two, then the second moved first; a text is
    # then set on the field now at index 0 (the one that was last): field 22
    socket.frame("server", [2, {"id": 10, "patch": [[0, {"controls": [1]}],
                                                     [1, 1, 0, field(23)],
                                                     [3, 1, 2, 1, 0],
                                                     [2, 1, 2]]}])
    socket.frame("server", [2, {"id": 10, "patch": [[0, {"controls": [1, {0: [2]}]}],
                                                     [0, 2, "value", "Celina"]]}])
    assert [(i, t) for _, i, t in frames.texts_sent()][-2:] == [(23, ""), (22, "Celina")]


def test_a_typed_field_made_anew_by_a_redraw_is_named() -> None:
    socket, frames = page_with_fields()
    typed(socket, 21, "Ala")
    # the first field replaced by a new empty one (another id): the text is gone
    socket.frame("server", [2, {"id": 10, "patch": [[0, {"controls": [1]}],
                                                     [0, 1, 0, field(31)]]}])
    [said] = frames.overwritten()
    assert "replaced field 21 (the phone typed 'Ala' there) by new fields [(31, '')]" in said


def test_the_frames_are_read_again_the_same() -> None:
    socket, frames = page_with_fields()
    typed(socket, 21, "Ala")
    socket.frame("server", [2, {"id": 10, "patch": [[0, {"controls": [1]}],
                                                     [0, 1, 0, field(31)]]}])
    socket.frame("server", [2, {"id": 10, "patch": [[0, {"controls": [1, {0: [2]}]}],
                                                     [0, 2, "value", "Ala"]]}])
    first = frames.texts_sent()
    assert frames.texts_sent() == first  # the mirror changed none of the frames
    assert first[-1][1:] == (31, "Ala")
