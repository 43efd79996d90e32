"""Flet's socket, recorded: every frame between the page and the server, decoded.

Flet sends MessagePack frames, ``[action, body]`` (``flet/messaging/protocol.py``): the
phone sends a field's new text as ``[4, {"id": control, "props": {"value": text}}]`` and
then its change event ``[3, {"target": control, "name": "change", "data": text}]``; the
server answers with patches, ``[2, {"id": root, "patch": [paths, *ops]}]``, whose ops are
``[0 (replace), node, property, value]``, ``[1 (add), node, index, value]``,
``[2 (remove), node, index]`` and ``[3 (move), ...]``.

What a browser test asks of it: did the server ever send a field a text other than the
one the phone typed last (a redraw carrying an older text over a keystroke), or make a
field the phone typed into anew? The server sets a field's text by a replace of
``value`` or by adding a whole ``TextField`` (its ``value`` in it, or none: empty);
:meth:`SocketFrames.texts_sent` lists both, beside what the phone typed, and
:meth:`SocketFrames.overwritten` says each time the server went against the phone.
"""

from __future__ import annotations

import copy
import json
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import msgpack

REGISTER = 1  # the server's first answer: the whole page
UPDATE_PROPS = 4  # the phone: a control's new property values (a field's text)
CONTROL_EVENT = 3
PATCH_CONTROL = 2
REPLACE, ADD, REMOVE, MOVE = 0, 1, 2, 3


@dataclass(frozen=True)
class Frame:
    """One decoded frame: who sent it ("phone" or "server"), when (seconds since the
    recording began) and the message (None when it is not Flet's MessagePack)."""

    by: str
    at: float
    message: Any


def decode(payload: Any) -> Any:
    """A frame's message: Flet's web client puts one byte before the MessagePack."""
    data = payload if isinstance(payload, bytes) else str(payload).encode("latin-1")
    for start in (1, 0):
        try:
            return msgpack.unpackb(data[start:], strict_map_key=False, raw=False)
        except Exception:  # not this framing: try the next
            continue
    return None


class SocketFrames:
    """Every frame of a page's sockets from now on (Playwright's ``websocket`` event)."""

    def __init__(self, page: Any) -> None:
        self.frames: list[Frame] = []
        self._replaced: list[tuple[float, Any, list[tuple[Any, str]]]] = []
        self.unfollowed = 0  # see Mirror.unfollowed
        self._lock = threading.Lock()
        self._t0 = time.perf_counter()
        page.on("websocket", self._socket)

    def _socket(self, ws: Any) -> None:
        ws.on("framesent", lambda payload: self._add("phone", payload))
        ws.on("framereceived", lambda payload: self._add("server", payload))

    def _add(self, by: str, payload: Any) -> None:
        message = decode(payload)
        with self._lock:
            # strictly later than the frame before: "when" also orders the frames (a
            # keystroke and the server's answer can come within one tick of the clock)
            last = self.frames[-1].at if self.frames else 0.0
            at = max(time.perf_counter() - self._t0, last + 1e-6)
            self.frames.append(Frame(by, at, message))

    def snapshot(self) -> list[Frame]:
        with self._lock:
            return list(self.frames)

    def typed(self) -> list[tuple[float, int, str]]:
        """(when, control id, text) for each text the phone sent for a field."""
        out = []
        for f in self.snapshot():
            m = f.message
            if f.by == "phone" and _action(m) == UPDATE_PROPS:
                props = m[1].get("props") or {}
                if isinstance(props.get("value"), str):
                    out.append((f.at, m[1].get("id"), props["value"]))
        return out

    def texts_sent(self) -> list[tuple[float, Any, str]]:
        """(when, control id, text) for each text the server set on a ``TextField``: a
        replace of its ``value``, or the field added (a new control: its ``value``, or ""
        when it has none, as Flet leaves a default out). The page's tree is mirrored
        from the first answer on (:class:`Mirror`) to know which control an op is on."""
        mirror: Mirror | None = None
        self.unfollowed = 0
        out: list[tuple[float, Any, str]] = []
        self._replaced: list[tuple[float, Any, list[tuple[Any, str]]]] = []
        for f in self.snapshot():
            m = f.message
            if f.by != "server":
                continue
            if _action(m) == REGISTER and isinstance(m[1].get("page_patch"), dict):
                mirror = Mirror(copy.deepcopy(m[1]["page_patch"]))
                out += [(f.at, i, text) for i, text in mirror.fields]
            elif _action(m) == PATCH_CONTROL and mirror is not None:
                texts = mirror.apply(copy.deepcopy(m[1]))  # the frames stay as sent
                self.unfollowed = mirror.unfollowed
                out += [(f.at, i, text) for i, text in texts]
                self._replaced += [(f.at, gone, texts) for gone in mirror.dropped
                                   if gone not in {i for i, _ in texts}]
        return out

    def overwritten(self) -> list[str]:
        """Each text the server set on a field the phone had typed into that is not the
        text the phone typed there last (a redraw carrying an older text over a
        keystroke), and each such field the server took off the page while drawing new
        fields (a redraw that made the field anew, so its text and the texts the phone
        sends for it are gone), in words; empty: the server never did."""
        typed = self.typed()
        out = []
        sent = self.texts_sent()
        for at, control, text in sent:
            before = [t for when, i, t in typed if i == control and when <= at]
            if before and text != before[-1]:
                out.append(f"at {at:.3f}s the server set field {control} to {text!r} "
                           f"after the phone typed {before[-1]!r} there")
        for at, gone, added in self._replaced:
            before = [t for when, i, t in typed if i == gone and when <= at]
            if before and added:  # the typed field taken off, a new one drawn instead
                out.append(f"at {at:.3f}s the server replaced field {gone} (the phone "
                           f"typed {before[-1]!r} there) by new fields {added}")
        return out

    def story(self, since: float = 0.0) -> str:
        """What the phone typed and what the server set on fields from ``since`` on."""
        lines = [f"{at:.3f}s phone typed {text!r} in field {i}"
                 for at, i, text in self.typed() if at >= since]
        lines += [f"{at:.3f}s server set field {i} to {text!r}"
                  for at, i, text in self.texts_sent() if at >= since]
        if self.unfollowed:
            lines.append(f"{0:.3f}s (the mirror could not follow {self.unfollowed} ops)")
        return "\n".join(sorted(lines, key=lambda line: float(line.split("s ", 1)[0])))

    def save(self, path: Path) -> Path:
        """Every frame as one JSON line each (for a person to read after a failure)."""
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("w", encoding="utf-8") as out:
            for f in self.snapshot():
                out.write(json.dumps({"by": f.by, "at": f.at, "message": f.message},
                                     default=repr, ensure_ascii=False) + "\n")
        return path


def _action(message: Any) -> Any:
    if isinstance(message, list) and len(message) == 2 and isinstance(message[1], dict):
        return message[0]
    return None


class Mirror:
    """The page's control tree as the phone has it, kept by applying the server's
    patches (a patch's ops address nodes by their path from the patched control)."""

    def __init__(self, page: dict[str, Any]) -> None:
        self.index: dict[Any, dict[str, Any]] = {}
        self.page = page
        self.fields = self._index(page)  # (id, text) of the first page's fields
        self.dropped: list[Any] = []  # the fields the last patch took off the page
        self.unfollowed = 0  # ops on parts of the page the mirror did not have

    def _index(self, value: Any) -> list[tuple[Any, str]]:
        """Index every control in ``value``; (id, text) of each TextField in it."""
        stack = [value]
        while stack:
            v = stack.pop()
            if isinstance(v, dict):
                if "_i" in v:
                    self.index[v["_i"]] = v
                stack.extend(v.values())
            elif isinstance(v, list):
                stack.extend(v)
        return _fields_of(value)

    def apply(self, body: dict[str, Any]) -> list[tuple[Any, str]]:
        """Apply one patch; (id, text) for each text it set on a TextField (the ids of
        the fields it took off the page are then in :attr:`dropped`)."""
        self.dropped: list[Any] = []
        root = self.index.get(body.get("id"))
        patch = body.get("patch") or []
        if root is None or not patch:
            return []
        nodes: dict[int, list[Any]] = {}
        _paths(patch[0], [], nodes)
        out: list[tuple[Any, str]] = []
        for op in patch[1:]:
            try:
                out += self._apply(root, nodes, op)
            except (KeyError, IndexError, TypeError, ValueError):
                self.unfollowed += 1  # an op on a part the mirror does not have
        return out

    def _apply(self, root: Any, nodes: dict[int, list[Any]],
               op: list[Any]) -> list[tuple[Any, str]]:
        kind = op[0]
        if kind == MOVE:
            source = _follow(root, nodes[op[1]])
            moved = source.pop(op[2])
            _follow(root, nodes[op[3]]).insert(op[4], moved)
            return []
        target = _follow(root, nodes[op[1]])
        if kind == REMOVE:
            self._drop(target[op[2]])
            del target[op[2]]
            return []
        if kind == ADD and isinstance(target, list):
            target.insert(op[2], op[3])
        else:
            if isinstance(target, dict) and op[2] in target or \
                    isinstance(target, list) and 0 <= op[2] < len(target):
                self._drop(target[op[2]])
            target[op[2]] = op[3]
        out = []
        if kind == REPLACE and op[2] == "value" and isinstance(target, dict) \
                and target.get("_c") == "TextField":
            out.append((target.get("_i"), op[3] if isinstance(op[3], str) else ""))
        return out + self._index(op[3])

    def _drop(self, value: Any) -> None:
        """A part of the page taken off: the ids of the TextFields in it."""
        if isinstance(value, (dict, list)):
            self.dropped += [i for i, _ in _fields_of(value)]


def _fields_of(value: Any) -> list[tuple[Any, str]]:
    """(id, text) of each TextField in a part of the page, in the page's order."""
    fields = []
    stack = [value]
    while stack:
        v = stack.pop()
        if isinstance(v, dict):
            if "_i" in v and v.get("_c") == "TextField":
                text = v.get("value", "")
                fields.append((v["_i"], text if isinstance(text, str) else ""))
            stack.extend(reversed(list(v.values())))
        elif isinstance(v, list):
            stack.extend(reversed(v))
    return fields


def _paths(node: Any, keys: list[Any], nodes: dict[int, list[Any]]) -> None:
    """The patch's path table (``[n, {key: [m, {...}]}]``): node n's keys from the root."""
    nodes[node[0]] = keys
    if len(node) > 1:
        for key, child in node[1].items():
            _paths(child, keys + [key], nodes)


def _follow(root: Any, keys: list[Any]) -> Any:
    for key in keys:  # a list's index is a string in a recording read back from JSON
        root = root[int(key) if isinstance(root, list) else key]
    return root


__all__ = ["Frame", "Mirror", "SocketFrames", "decode"]
