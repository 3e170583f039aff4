"""The page's end of the solver's worker (issue 24 point 1), as pure logic.

``assist.Assist`` starts the worker (``Browser.start_worker``: ``static/solver-worker.js``,
a Pyodide of its own running ``searcher.Searcher``) once the page is ready, and holds
one :class:`Beside` over the worker's port while it lives. The messages are those of
:mod:`.protocol`.

- Until the worker says it is ready, what is asked waits here (the latest search and
  the latest hint); then it is sent.
- One search and one hint are asked at a time: a new one replaces the old, and
  :meth:`Beside.cancel` (the game changed) forgets both and tells the worker to stop.
- :meth:`Beside.take` accepts an answer only for the request still asked, and only when
  it names that request's position: a late or stale answer is never applied (the page
  still remembers what it says about its own position, which stays true).
- :meth:`Beside.pause` asks the worker to step aside while the player acts.
- :meth:`Beside.fail` ends the link and hands back what was still asked, for the
  page's own slices to answer.
"""

from __future__ import annotations

from typing import Protocol

import game

from .protocol import CANCEL_TEXT, Answer, Ask, Pause, Request

STARTING, READY, GONE = "starting", "ready", "gone"


class Port(Protocol):
    """The worker as the page sees it (``browser.WorkerPort``; tests pass a fake)."""

    def post(self, text: str) -> None: ...

    def close(self) -> None: ...


class Beside:
    """The link to one worker: its state (``STARTING``, ``READY``, ``GONE``) and what
    is asked of it."""

    def __init__(self, port: Port) -> None:
        self.port = port
        self.state = STARTING
        self.next_id = 1
        self.search: Request | None = None  # the search asked, sent once READY
        self.hint: Request | None = None  # the hint asked, likewise

    def ask(self, ask: Ask, g: game.Game, line: tuple[str, ...] = ()) -> Request:
        """Ask ``ask`` about the position of ``g`` (replacing the search, or the hint,
        asked before); sent now when the worker is ready, else when it becomes so. A
        hint carries the game's way there (its undoable actions, ``protocol.Request``)
        and ``line``, a winning line from there the page knows (or none)."""
        base = ""
        trail: tuple[str, ...] = ()
        if ask.kind == "hint":
            past = g.past_positions()
            if past:
                base, trail = game.format_position(past[0]), tuple(str(m) for m in g.history())
        req = Request(self.next_id, ask, g.game, g.cells, g.position(), base, trail, tuple(line))
        self.next_id += 1
        if ask.kind == "hint":
            self.hint = req
        else:
            self.search = req
        if self.state == READY:
            self.port.post(req.text())
        return req

    def cancel(self, hint: bool = True) -> None:
        """Forget the search asked (and the hint, unless ``hint`` is False); the worker
        abandons its search."""
        if self.search is not None and self.state == READY:
            self.port.post(CANCEL_TEXT)
        self.search = None
        if hint:
            self.hint = None

    def pause(self, ms: float) -> bool:
        """Ask the worker to search no further for ``ms`` ms (the player acts: the
        search that the action will ask for waits too); once it is ready. Returns
        whether the message was sent."""
        if self.state != READY:
            return False
        self.port.post(Pause(ms).text())
        return True

    def ready(self) -> None:
        """The worker is up: send what waits."""
        if self.state != STARTING:
            return
        self.state = READY
        for req in (self.search, self.hint):
            if req is not None:
                self.port.post(req.text())

    def take(self, ans: Answer) -> bool:
        """Whether ``ans`` answers the search (or hint) still asked, about the position
        asked; if so, it is no longer asked."""
        hint = ans.kind == "hint"
        req = self.hint if hint else self.search
        if req is None or req.id != ans.id or req.ask.kind != ans.kind or req.position != ans.position:
            return False
        if hint:
            self.hint = None
        else:
            self.search = None
        return True

    def asked(self, rid: int) -> bool:
        """Whether request ``rid`` is still asked."""
        return any(r is not None and r.id == rid for r in (self.search, self.hint))

    def fail(self) -> list[Request]:
        """End the link (the worker is stopped): the requests still asked, search first."""
        left = [r for r in (self.search, self.hint) if r is not None]
        self.search = self.hint = None
        if self.state != GONE:
            self.state = GONE
            self.port.close()
        return left


__all__ = ["GONE", "READY", "STARTING", "Beside", "Port"]
