"""The reference model of SPEC §12 statistics, shared by the records' property tests
(``test_records_properties.py``) and the page's storage model test
(``tests/ui/test_storage_model.py``): what a list of events must give, read from the
specification literally, one game at a time, with none of ``game.records``'s code."""

from __future__ import annotations

from collections.abc import Iterable

from game.records import STAT_VARIANTS, Event


def reference(events: Iterable[Event]) -> dict[str, dict[str, int | None]]:
    """SPEC §12 read literally, one game at a time: a game is played once it has any
    event; its first end decides its result for good; wins (not assisted) make the
    streak and the best figures; a loss ends the streak."""
    seen: dict[str, str] = {}
    out = {v: {"played": 0, "won": 0, "streak": 0, "best-streak": 0, "best-score": None,
               "fewest-moves": None, "fastest": None, "assisted": 0} for v in STAT_VARIANTS}
    variant_of: dict[str, str] = {}
    for e in events:
        v = variant_of.setdefault(e.game_id, e.variant)
        s = out[v]
        if e.game_id not in seen:
            s["played"] += 1
            seen[e.game_id] = "playing"
        if seen[e.game_id] != "playing" or e.kind == "start":
            continue
        seen[e.game_id] = e.kind
        if e.kind == "lost":
            s["streak"] = 0
        elif e.kind == "assisted":
            s["assisted"] += 1
        else:
            s["won"] += 1
            s["streak"] += 1
            s["best-streak"] = max(s["best-streak"], s["streak"])
            for key, value, better in (("best-score", e.score, max), ("fewest-moves", e.moves, min),
                                       ("fastest", e.seconds, min)):
                s[key] = value if s[key] is None else better(s[key], value)
    return out
