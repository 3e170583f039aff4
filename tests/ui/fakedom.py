"""A small DOM for running the page's Python under CPython (issue 23 point 2).

Only what ``game/ui`` uses: elements parsed from HTML (the real ``index.html``, and every
``innerHTML`` the view writes) with attributes, ``dataset``, ``classList``, ``style``,
text, the form properties (``checked``, ``value``, ``disabled``, ``hidden``), dialogs
(``open``, ``showModal``, ``close`` and its event), ``querySelector``/``All`` and
``closest`` over compound selectors (tag, ``#id``, ``.class``, ``[attr]``,
``[attr="v"]``, ``:checked``) joined by descendant spaces, and events that bubble from
the target to the document and the window. Geometry comes from the page's own numbers:
an element placed with ``transform: translate(x, y)`` inside ``#table`` gets the card
size the page set (``--cw``/``--ch``); the table fills the viewport under a header.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from functools import cache
from html.parser import HTMLParser
from types import SimpleNamespace
from typing import Any

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta",
        "source", "track", "wbr", "use", "path"}
STYLE_NAMES = {"zIndex": "z-index", "transform": "transform", "height": "height",
               "left": "left", "top": "top", "width": "width"}
TRANSLATE = re.compile(r"translate\(\s*(-?[\d.]+)px\s*,\s*(-?[\d.]+)px\s*\)")


def _kebab(name: str) -> str:
    return re.sub(r"[A-Z]", lambda m: "-" + m.group(0).lower(), name)


class Style:
    """``element.style``: kept in the element's ``style`` attribute."""

    def __init__(self, el: Element) -> None:
        object.__setattr__(self, "_el", el)

    def _props(self) -> dict[str, str]:
        text = self._el.attrs.get("style", "")
        out = {}
        for part in text.split(";"):
            if ":" in part:
                k, v = part.split(":", 1)
                out[k.strip()] = v.strip()
        return out

    def _write(self, props: dict[str, str]) -> None:
        self._el.attrs["style"] = ";".join(f"{k}:{v}" for k, v in props.items())

    def setProperty(self, name: str, value: str) -> None:  # noqa: N802 - DOM name
        props = self._props()
        props[name] = str(value)
        self._write(props)

    def removeProperty(self, name: str) -> None:  # noqa: N802
        props = self._props()
        props.pop(name, None)
        self._write(props)

    def getPropertyValue(self, name: str) -> str:  # noqa: N802
        return self._props().get(name, "")

    def __getattr__(self, name: str) -> str:
        return self._props().get(STYLE_NAMES.get(name, _kebab(name)), "")

    def __setattr__(self, name: str, value: object) -> None:
        self.setProperty(STYLE_NAMES.get(name, _kebab(name)), str(value))


class ClassList:
    def __init__(self, el: Element) -> None:
        self._el = el

    def _names(self) -> list[str]:
        return self._el.attrs.get("class", "").split()

    def _set(self, names: list[str]) -> None:
        self._el.attrs["class"] = " ".join(names)

    def add(self, *names: str) -> None:
        have = self._names()
        self._set(have + [n for n in names if n not in have])

    def remove(self, *names: str) -> None:
        self._set([n for n in self._names() if n not in names])

    def contains(self, name: str) -> bool:
        return name in self._names()

    def toggle(self, name: str, force: bool | None = None) -> bool:
        on = not self.contains(name) if force is None else bool(force)
        if on:
            self.add(name)
        else:
            self.remove(name)
        return on


class Dataset:
    def __init__(self, el: Element) -> None:
        object.__setattr__(self, "_el", el)

    def __getattr__(self, name: str) -> Any:
        return self._el.attrs.get("data-" + _kebab(name))  # None when absent (JS: undefined)

    def __setattr__(self, name: str, value: object) -> None:
        self._el.attrs["data-" + _kebab(name)] = str(value)


class Event(SimpleNamespace):
    """A DOM event: ``type``, ``target`` and any other attribute given."""

    def __init__(self, type: str, **kw: Any) -> None:  # noqa: A002 - DOM name
        kw.setdefault("bubbles", True)
        super().__init__(type=type, defaultPrevented=False, **kw)

    def preventDefault(self) -> None:  # noqa: N802
        self.defaultPrevented = True

    def stopPropagation(self) -> None:  # noqa: N802
        self.bubbles = False


class Target:
    """Something events can be listened to on."""

    def __init__(self) -> None:
        self.listeners: dict[str, list[Callable[..., Any]]] = {}

    def addEventListener(self, name: str, fn: Callable[..., Any]) -> None:  # noqa: N802
        self.listeners.setdefault(name, []).append(fn)

    def removeEventListener(self, name: str, fn: Callable[..., Any]) -> None:  # noqa: N802
        if fn in self.listeners.get(name, []):
            self.listeners[name].remove(fn)

    def fire(self, evt: Event) -> list[Any]:
        """Call this target's listeners of ``evt.type``; returns what they returned (a
        coroutine of an async listener is run by the fake browser)."""
        evt.currentTarget = self
        return [fn(evt) for fn in list(self.listeners.get(evt.type, []))]


class Element(Target):
    def __init__(self, tag: str, attrs: dict[str, str] | None = None,
                 doc: Document | None = None) -> None:
        super().__init__()
        self.tag = tag.lower()
        self.attrs: dict[str, str] = dict(attrs or {})
        self.nodes: list[Element | str] = []
        self.parent: Element | None = None
        self.doc = doc
        self._checked: bool | None = None
        self._value: str | None = None
        self.files: list[Any] = []

    # ----- tree -----------------------------------------------------------------------

    @property
    def tagName(self) -> str:  # noqa: N802
        return self.tag.upper()

    @property
    def children(self) -> list[Element]:
        return [n for n in self.nodes if isinstance(n, Element)]

    def walk(self) -> Iterator[Element]:
        """Every element below this one, in document order."""
        stack = [n for n in reversed(self.nodes) if isinstance(n, Element)]
        while stack:
            n = stack.pop()
            yield n
            stack.extend(c for c in reversed(n.nodes) if isinstance(c, Element))

    def append(self, *nodes: Element | str) -> None:
        for n in nodes:
            if isinstance(n, Element):
                n.parent = self
                n.doc = self.doc
            self.nodes.append(n)

    def remove(self) -> None:
        if self.parent is not None:
            self.parent.nodes = [n for n in self.parent.nodes if n is not self]
            self.parent = None

    @property
    def textContent(self) -> str:  # noqa: N802
        return "".join(n if isinstance(n, str) else n.textContent for n in self.nodes)

    @textContent.setter
    def textContent(self, value: object) -> None:  # noqa: N802
        self.nodes = [str(value)] if str(value) else []

    @property
    def innerHTML(self) -> str:  # noqa: N802
        return self.textContent

    @innerHTML.setter
    def innerHTML(self, html: str) -> None:  # noqa: N802
        self.nodes = []
        parse_into(self, html)

    # ----- attributes -------------------------------------------------------------------

    def getAttribute(self, name: str) -> str | None:  # noqa: N802
        return self.attrs.get(name)

    def setAttribute(self, name: str, value: object) -> None:  # noqa: N802
        self.attrs[name] = str(value)

    def removeAttribute(self, name: str) -> None:  # noqa: N802
        self.attrs.pop(name, None)

    def hasAttribute(self, name: str) -> bool:  # noqa: N802
        return name in self.attrs

    @property
    def dataset(self) -> Dataset:
        return Dataset(self)

    @property
    def classList(self) -> ClassList:  # noqa: N802
        return ClassList(self)

    @property
    def style(self) -> Style:
        return Style(self)

    def _flag(name: str) -> property:  # type: ignore[misc]  # noqa: N805
        def get(self: Element) -> bool:
            return name in self.attrs

        def put(self: Element, on: object) -> None:
            if on:
                self.attrs[name] = ""
            else:
                self.attrs.pop(name, None)

        return property(get, put)

    hidden = _flag("hidden")
    disabled = _flag("disabled")
    open = _flag("open")

    def _text_attr(name: str) -> property:  # type: ignore[misc]  # noqa: N805
        def get(self: Element) -> str:
            return self.attrs.get(name, "")

        def put(self: Element, value: object) -> None:
            self.attrs[name] = str(value)

        return property(get, put)

    id = _text_attr("id")
    name = _text_attr("name")
    lang = _text_attr("lang")
    dir = _text_attr("dir")
    title = _text_attr("title")
    href = _text_attr("href")
    download = _text_attr("download")

    @property
    def type(self) -> str:
        return self.attrs.get("type", "text" if self.tag == "input" else "")

    @property
    def checked(self) -> bool:
        if self.tag != "input":
            raise AttributeError("checked")  # as a JS proxy of another element does
        return ("checked" in self.attrs) if self._checked is None else self._checked

    @checked.setter
    def checked(self, on: object) -> None:
        on = bool(on)
        if on and self.attrs.get("type") == "radio" and self.doc is not None:
            for other in self.doc.querySelectorAll(f'input[name="{self.name}"]'):
                if other is not self:
                    other._checked = False
        self._checked = on

    @property
    def value(self) -> str:
        if self.tag == "select":
            if self._value is not None:
                return self._value
            opts = self.querySelectorAll("option")
            return opts[0].attrs.get("value", "") if opts else ""
        return self.attrs.get("value", "") if self._value is None else self._value

    @value.setter
    def value(self, v: object) -> None:
        self._value = str(v)

    # ----- selectors -------------------------------------------------------------------

    def querySelectorAll(self, selector: str) -> list[Element]:  # noqa: N802
        groups = [parse_selector(s) for s in selector.split(",")]
        return [el for el in self.walk() if any(matches(el, g) for g in groups)]

    def querySelector(self, selector: str) -> Element | None:  # noqa: N802
        groups = [parse_selector(s) for s in selector.split(",")]
        return next((el for el in self.walk() if any(matches(el, g) for g in groups)), None)

    def matches(self, selector: str) -> bool:
        return any(matches(self, parse_selector(s)) for s in selector.split(","))

    def closest(self, selector: str) -> Element | None:
        el: Element | None = self
        while el is not None:
            if el.matches(selector):
                return el
            el = el.parent
        return None

    # ----- behaviour ---------------------------------------------------------------------

    def showModal(self) -> None:  # noqa: N802
        self.open = True

    def close(self) -> None:
        if self.open:
            self.open = False
            if self.doc is not None:
                self.doc.dispatch(self, Event("close", bubbles=False))

    def focus(self) -> None:
        if self.doc is not None:
            self.doc.activeElement = self

    def click(self) -> None:
        if self.doc is not None:
            self.doc.dispatch(self, Event("click", button=0))

    def setPointerCapture(self, _pointer: int) -> None:  # noqa: N802
        pass

    def getBoundingClientRect(self) -> SimpleNamespace:  # noqa: N802
        assert self.doc is not None
        return self.doc.rect_of(self)

    @property
    def offsetWidth(self) -> float:  # noqa: N802
        return float(self.getBoundingClientRect().width)

    @property
    def offsetHeight(self) -> float:  # noqa: N802
        return float(self.getBoundingClientRect().height)

    scrollWidth = 0.0
    clientWidth = 0.0

    def __repr__(self) -> str:
        attrs = " ".join(f'{k}="{v}"' for k, v in self.attrs.items() if k != "style")
        return f"<{self.tag} {attrs}>"


class Document(Element):
    """The document: its root ``<html>`` element holds everything."""

    def __init__(self, window: Target, viewport: tuple[float, float],
                 header: float = 56.0) -> None:
        super().__init__("#document")
        self.doc = self
        self.window = window
        self.viewport = viewport
        self.header = header
        self.activeElement: Element | None = None
        self.hidden = False  # type: ignore[assignment]
        self.title = ""  # type: ignore[assignment]
        self.microtasks: list[Callable[[], Any]] = []
        self.run_async: Callable[[Any], None] = lambda _c: None

    @property
    def documentElement(self) -> Element:  # noqa: N802
        return self.children[0]

    @property
    def body(self) -> Element:
        found = self.querySelector("body")
        assert found is not None
        return found

    def createElement(self, tag: str) -> Element:  # noqa: N802
        return Element(tag, doc=self)

    def dispatch(self, target: Element, evt: Event) -> Event:
        """Fire ``evt`` at ``target``, bubbling up to the document and the window, then
        run the microtasks queued meanwhile."""
        evt.target = target
        chain: list[Target] = []
        el: Element | None = target
        while el is not None:
            chain.append(el)
            el = el.parent
        if chain[-1] is not self:
            chain.append(self)
        chain.append(self.window)
        for node in chain:
            for out in node.fire(evt):
                self.run_async(out)
            if not evt.bubbles:
                break
        self.flush()
        return evt

    def dispatch_window(self, evt: Event) -> None:
        """Fire ``evt`` at the window alone (``storage``, ``message``)."""
        evt.target = self.window
        for out in self.window.fire(evt):
            self.run_async(out)
        self.flush()

    def flush(self) -> None:
        while self.microtasks:
            self.microtasks.pop(0)()

    # ----- geometry --------------------------------------------------------------------

    def table_rect(self) -> tuple[float, float, float, float]:
        w, h = self.viewport
        return 0.0, self.header, w, h - self.header

    def rect_of(self, el: Element) -> SimpleNamespace:
        """Client box of ``el``: the table; anything placed by a translate inside it; or a
        fixed small box at the bottom of the screen (a notice, the reminder)."""
        tx, ty, tw, th = self.table_rect()
        if el.attrs.get("id") == "table":
            return _rect(tx, ty, tw, th)
        m = TRANSLATE.search(el.style.transform or "")
        root = self.documentElement.style
        if m is not None:
            cw = float(root.getPropertyValue("--cw").removesuffix("px") or 0)
            ch = float(root.getPropertyValue("--ch").removesuffix("px") or 0)
            return _rect(tx + float(m.group(1)), ty + float(m.group(2)), cw, ch)
        if el.attrs.get("data-role") == "welcome":
            return _rect(0.0, self.viewport[1] - 120, self.viewport[0], 120)
        return _rect(8.0, self.viewport[1] - 48, 200.0, 40.0)


def _rect(x: float, y: float, w: float, h: float) -> SimpleNamespace:
    return SimpleNamespace(left=x, top=y, right=x + w, bottom=y + h, width=w, height=h,
                           x=x, y=y)


# ----- HTML ------------------------------------------------------------------------------


class _Builder(HTMLParser):
    def __init__(self, root: Element) -> None:
        super().__init__(convert_charrefs=True)
        self.stack = [root]

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        el = Element(tag, {k: (v or "") for k, v in attrs}, self.stack[-1].doc)
        self.stack[-1].append(el)
        if tag not in VOID:
            self.stack.append(el)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.stack[-1].append(Element(tag, {k: (v or "") for k, v in attrs},
                                      self.stack[-1].doc))

    def handle_endtag(self, tag: str) -> None:
        for i in range(len(self.stack) - 1, 0, -1):
            if self.stack[i].tag == tag:
                del self.stack[i:]
                return

    def handle_data(self, data: str) -> None:
        if self.stack[-1].tag in ("script", "style"):
            return
        if data.strip():
            self.stack[-1].append(data)


def parse_into(root: Element, html: str) -> None:
    """Parse ``html`` and append what it makes to ``root``."""
    b = _Builder(root)
    b.feed(html)
    b.close()


# ----- selectors -------------------------------------------------------------------------

_PART = re.compile(r"""
    (?P<tag>^[a-zA-Z][\w-]*|^\*)
  | \#(?P<id>[\w-]+)
  | \.(?P<cls>[\w-]+)
  | \[(?P<attr>[\w-]+)(?:(?P<op>[~^$*|]?=)(?:"(?P<dq>[^"]*)"|'(?P<sq>[^']*)'|(?P<bare>[^\]]+)))?\]
  | :(?P<pseudo>checked|not\([^)]*\))
""", re.X)

Compound = list[tuple[str, Any]]


def _compound(text: str) -> Compound:
    parts: Compound = []
    pos = 0
    while pos < len(text):
        m = _PART.match(text, pos)
        if m is None or m.end() == pos:
            raise ValueError(f"selector not understood by the fake DOM: {text!r}")
        if m.group("tag"):
            parts.append(("tag", m.group("tag").lower()))
        elif m.group("id"):
            parts.append(("id", m.group("id")))
        elif m.group("cls"):
            parts.append(("cls", m.group("cls")))
        elif m.group("attr"):
            value = m.group("dq") if m.group("dq") is not None else (
                m.group("sq") if m.group("sq") is not None else m.group("bare"))
            parts.append(("attr", (m.group("attr"), m.group("op"), value)))
        else:
            parts.append(("pseudo", m.group("pseudo")))
        pos = m.end()
    return parts


@cache
def parse_selector(text: str) -> tuple[Compound, ...]:
    """A complex selector as its compounds, outermost first (descendant combinators);
    remembered, as the page asks the same few selectors again and again."""
    return tuple(_compound(p) for p in text.strip().split())


def _match_one(el: Element, parts: Compound) -> bool:
    for kind, v in parts:
        if kind == "tag" and v != "*" and el.tag != v:
            return False
        if kind == "id" and el.attrs.get("id") != v:
            return False
        if kind == "cls" and v not in el.attrs.get("class", "").split():
            return False
        if kind == "attr":
            name, op, value = v
            have = el.attrs.get(name)
            if have is None or (op == "=" and have != value) or (
                    op == "~=" and value not in have.split()):
                return False
        if kind == "pseudo":
            if v == "checked" and (el.tag != "input" or not el.checked):
                return False
            if v.startswith("not(") and el.matches(v[4:-1]):
                return False
    return True


def matches(el: Element, compounds: tuple[Compound, ...]) -> bool:
    if not _match_one(el, compounds[-1]):
        return False
    anc = el.parent
    for parts in reversed(compounds[:-1]):
        while anc is not None and not _match_one(anc, parts):
            anc = anc.parent
        if anc is None:
            return False
        anc = anc.parent
    return True
