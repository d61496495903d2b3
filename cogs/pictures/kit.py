"""The drawing kit every game's picture shares: a page, seats, dice, cards, chips and text.

A picture is drawn top to bottom on a :class:`Page` 800 pixels wide, which Discord
shows about 400 wide on a phone: so nothing is drawn smaller than 24 pixels (12 on
a phone) and the pieces that matter are 70 pixels and more. The page has its own
opaque felt and cream tiles, so it reads the same on Discord's dark and light themes.

Colour is never the only difference between two things: every die carries its kind
(``d8``) and a shape of its own, every card its colour's name, every chip its
value, the seat to act a marker and a label, a picked piece a raised, outlined
place and a tick.

Pieces are small value objects with a size and a ``draw``; :meth:`Page.row` lays a
list of them out, wrapping and centring, so a game's module only says what is on
the table, not where each pixel goes.
"""

from __future__ import annotations

import io
import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache, lru_cache
from typing import Any, Protocol

import font_lato  # type: ignore[import-untyped]  # ships no type hints
from PIL import Image, ImageDraw, ImageFont

from games.core.wording import tr

__all__ = [
    "WIDTH",
    "Back",
    "Badge",
    "Card",
    "Chip",
    "Die",
    "Group",
    "Letter",
    "Page",
    "Piece",
    "SeatTile",
    "Sketch",
    "font",
    "png",
    "render",
]

WIDTH = 800
MARGIN = 24
_MAX_HEIGHT = 4000
_START_HEIGHT = 1000

Ink = tuple[int, int, int]

FELT: Ink = (26, 77, 52)
FELT_EDGE: Ink = (14, 46, 30)
HEADER: Ink = (22, 30, 40)
CREAM: Ink = (246, 241, 228)
INK: Ink = (24, 24, 24)
MUTED: Ink = (92, 92, 92)
WHITE: Ink = (255, 255, 255)
ON_FELT: Ink = (232, 240, 234)
GOLD: Ink = (245, 183, 40)
PICKED: Ink = (255, 122, 0)
BACK: Ink = (88, 40, 110)
BACK_LINE: Ink = (196, 160, 220)


@cache
def font(size: int, *, bold: bool = False) -> ImageFont.FreeTypeFont:
    """Lato from the ``font_lato`` package (OFL), never a font of the machine."""
    path: str = font_lato.font_files["LatoBlack" if bold else "Lato"]
    return ImageFont.truetype(path, size)


@lru_cache(maxsize=8192)
def _glyphs(text: str, face: ImageFont.FreeTypeFont, anchor: str) -> tuple[Image.Image, int, int]:
    """A text rendered once as a mask, with where its corner sits from the anchor point."""
    left, top, right, bottom = (int(edge) for edge in face.getbbox(text, anchor=anchor))
    mask = Image.new("L", (max(1, right - left), max(1, bottom - top)))
    ImageDraw.Draw(mask).text((-left, -top), text, font=face, fill=255, anchor=anchor)
    return mask, left, top


class Pen(ImageDraw.ImageDraw):
    """ImageDraw that renders each text once: the same names, numbers and labels come back
    on every redraw, and rendering glyphs is most of a picture's cost."""

    def text(  # type: ignore[override]
        self,
        xy: tuple[float, float],
        text: str,
        fill: Ink | None = None,
        font: ImageFont.FreeTypeFont | None = None,
        anchor: str | None = None,
    ) -> None:
        if font is None:
            raise ValueError("the kit always names its font")
        mask, left, top = _glyphs(text, font, anchor or "la")
        self.bitmap((round(xy[0]) + left, round(xy[1]) + top), mask, fill=fill)


@lru_cache(maxsize=8192)
def length(text: str, size: int, bold: bool = False) -> float:
    """How wide a text is drawn, in pixels."""
    return font(size, bold=bold).getlength(text)


def fit(text: str, width: int, size: int, *, bold: bool = False) -> str:
    """``text`` shortened with an ellipsis to fit ``width`` pixels (a long name)."""
    if length(text, size, bold) <= width:
        return text
    while text and length(text + "…", size, bold) > width:
        text = text[:-1]
    return text + "…"


def png(image: Image.Image) -> bytes:
    """The picture as a small PNG: a palette image of at most 64 colours.

    Quantizing is deterministic, so the same view always gives the same bytes (the
    leak test compares bytes)."""
    small = image.quantize(colors=64, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    out = io.BytesIO()
    small.save(out, format="PNG", compress_level=3)
    return out.getvalue()


class Piece(Protocol):
    """Something drawn on the table: a die, a card, a chip, a caption."""

    @property
    def width(self) -> int: ...

    @property
    def height(self) -> int: ...

    def draw(self, pen: ImageDraw.ImageDraw, x: int, y: int) -> None: ...


def _tick(pen: ImageDraw.ImageDraw, x: int, y: int) -> None:
    """A picked piece's badge: an orange disc with a white tick, top right of the piece."""
    pen.ellipse((x - 17, y - 17, x + 17, y + 17), fill=PICKED, outline=WHITE, width=3)
    pen.line([(x - 8, y), (x - 2, y + 7), (x + 9, y - 7)], fill=WHITE, width=5)


def _picked_frame(pen: ImageDraw.ImageDraw, box: tuple[int, int, int, int]) -> None:
    x0, y0, x1, y1 = box
    pen.rounded_rectangle((x0 - 6, y0 - 6, x1 + 6, y1 + 6), radius=14, outline=PICKED, width=6)
    _tick(pen, x1 + 2, y0 - 2)


_LIFT = 12
"""How far a picked piece rises above its row, so it stands out without colour."""


# -- dice -----------------------------------------------------------------------------------------

_DIE_FILL: dict[int, Ink] = {
    4: (230, 92, 80),
    6: (244, 160, 60),
    8: (240, 214, 80),
    10: (110, 190, 110),
    12: (100, 160, 230),
    20: (186, 140, 220),
}


def _polygon(cx: float, cy: float, r: float, sides: int, turn: float) -> list[tuple[float, float]]:
    return [
        (
            cx + r * math.cos(turn + 2 * math.pi * k / sides),
            cy + r * math.sin(turn + 2 * math.pi * k / sides),
        )
        for k in range(sides)
    ]


def _die_outline(faces: int, x: int, y: int, s: int) -> list[tuple[float, float]]:
    """Each kind its own shape, as the real dice look from above."""
    cx, cy, r = x + s / 2, y + s / 2, s / 2
    up = -math.pi / 2
    match faces:
        case 4:
            return [(cx, y + 2), (x + s - 2, y + s - 4), (x + 2, y + s - 4)]
        case 6:
            return [(x + 6, y + 6), (x + s - 6, y + 6), (x + s - 6, y + s - 6), (x + 6, y + s - 6)]
        case 8:
            return _polygon(cx, cy, r, 4, up)
        case 10:
            return [
                (cx, y + 1),
                (x + s - 3, cy - s * 0.08),
                (cx, y + s - 1),
                (x + 3, cy - s * 0.08),
            ]
        case 12:
            return _polygon(cx, cy + 2, r, 5, up)
        case _:
            return _polygon(cx, cy, r, 6, up)


@dataclass(frozen=True, slots=True)
class Die:
    """A die seen from above: its kind's shape, the value big, its kind (``d12``) small."""

    faces: int
    value: int
    size: int = 96
    picked: bool = False
    mark: str = ""
    """A word on a tab above the die (``trump``)."""

    @property
    def width(self) -> int:
        return self.size

    @property
    def height(self) -> int:
        return self.size + _LIFT + 30

    def draw(self, pen: ImageDraw.ImageDraw, x: int, y: int) -> None:
        y += 0 if self.picked else _LIFT
        s = self.size
        outline = _die_outline(self.faces, x, y, s)
        pen.polygon(outline, fill=_DIE_FILL.get(self.faces, CREAM), outline=INK, width=3)
        middle_y = y + s * (0.64 if self.faces == 4 else 0.5)
        size = int(s * (0.36 if self.faces == 4 else 0.46))
        if self.value >= 10 and self.faces in (8, 10):
            size = int(s * 0.38)
        pen.text(
            (x + s / 2, middle_y),
            str(self.value),
            font=font(size, bold=True),
            fill=INK,
            anchor="mm",
        )
        pen.text(
            (x + s / 2, y + s + 16),
            f"d{self.faces}",
            font=font(24, bold=True),
            fill=ON_FELT,
            anchor="mm",
        )
        if self.mark:
            face = font(18, bold=True)
            half = length(self.mark, 18, True) / 2 + 6
            pen.rounded_rectangle(
                (x + s / 2 - half, y - 12, x + s / 2 + half, y + 12), radius=6, fill=INK
            )
            pen.text((x + s / 2, y), self.mark, font=face, fill=GOLD, anchor="mm")
        if self.picked:
            _picked_frame(pen, (x, y, x + s, y + s))


# -- cards ----------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Card:
    """A face-up card: a big label, a line under it (colour name, points), a tinted band.

    ``mark`` draws a suit shape (circle, triangle, square) under the label."""

    label: str
    note: str = ""
    tint: Ink = CREAM
    ink: Ink = INK
    mark: str = ""
    w: int = 84
    h: int = 118
    picked: bool = False
    dim: bool = False
    """Struck out (a word found invalid): a diagonal line across the card."""

    @property
    def width(self) -> int:
        return self.w

    @property
    def height(self) -> int:
        return self.h + _LIFT

    def draw(self, pen: ImageDraw.ImageDraw, x: int, y: int) -> None:
        y += 0 if self.picked else _LIFT
        w, h = self.w, self.h
        pen.rounded_rectangle((x, y, x + w, y + h), radius=10, fill=WHITE, outline=INK, width=3)
        pen.rounded_rectangle((x + 5, y + 5, x + w - 5, y + h - 5), radius=7, fill=self.tint)
        size = int(w * (0.46 if len(self.label) <= 2 else 0.34))
        label_y = y + h * (0.36 if self.mark else 0.42)
        pen.text(
            (x + w / 2, label_y), self.label, font=font(size, bold=True), fill=self.ink, anchor="mm"
        )
        if self.mark:
            _suit(pen, self.mark, x + w / 2, y + h * 0.64, w * 0.16, self.ink)
        if self.note:
            size = 20
            while size > 14 and length(self.note, size, True) > w - 14:
                size -= 1
            if length(self.note, size, True) <= w - 10:  # else the mark says it
                pen.text(
                    (x + w / 2, y + h - 16),
                    self.note,
                    font=font(size, bold=True),
                    fill=self.ink,
                    anchor="mm",
                )
        if self.dim:
            pen.line([(x + 6, y + h - 6), (x + w - 6, y + 6)], fill=(200, 30, 30), width=6)
        if self.picked:
            _picked_frame(pen, (x, y, x + w, y + h))


def _suit(pen: ImageDraw.ImageDraw, mark: str, cx: float, cy: float, r: float, ink: Ink) -> None:
    box = (cx - r, cy - r, cx + r, cy + r)
    if mark == "circle":
        pen.ellipse(box, outline=ink, width=4)
    elif mark == "triangle":
        pen.polygon(
            [(cx, cy - r), (cx + r, cy + r * 0.8), (cx - r, cy + r * 0.8)], outline=ink, width=4
        )
    elif mark == "square":
        pen.rectangle(
            (cx - r * 0.85, cy - r * 0.85, cx + r * 0.85, cy + r * 0.85), outline=ink, width=4
        )


@dataclass(frozen=True, slots=True)
class Back:
    """A face-down card (or a small stack of them), with its count written on it."""

    count: int = 1
    w: int = 84
    h: int = 118
    caption: str = ""

    @property
    def width(self) -> int:
        return self.w + (8 if self.count > 1 else 0)

    @property
    def height(self) -> int:
        return self.h + _LIFT

    def draw(self, pen: ImageDraw.ImageDraw, x: int, y: int) -> None:
        y += _LIFT
        if self.count > 1:  # the edge of the cards under the top one
            pen.rounded_rectangle(
                (x + 8, y - 8, x + self.w + 8, y + self.h - 8),
                radius=10,
                fill=BACK,
                outline=INK,
                width=2,
            )
        w, h = self.w, self.h
        pen.rounded_rectangle((x, y, x + w, y + h), radius=10, fill=BACK, outline=INK, width=3)
        pen.rounded_rectangle(
            (x + 8, y + 8, x + w - 8, y + h - 8), radius=6, outline=BACK_LINE, width=2
        )
        for k in range(1, 4):  # the back's lattice, so a back never reads as a blank face
            pen.line([(x + 8, y + h * k / 4), (x + w - 8, y + h * k / 4)], fill=BACK_LINE, width=1)
        text = self.caption or (str(self.count) if self.count != 1 else "")
        if text:
            pen.rounded_rectangle(
                (x + w / 2 - 28, y + h / 2 - 20, x + w / 2 + 28, y + h / 2 + 20),
                radius=8,
                fill=WHITE,
            )
            pen.text((x + w / 2, y + h / 2), text, font=font(28, bold=True), fill=INK, anchor="mm")


@dataclass(frozen=True, slots=True)
class Letter:
    """A letter card of the Short Word Game: the letters big, the points in the corner."""

    letters: str
    points: int
    size: int = 70
    picked: bool = False
    dim: bool = False

    @property
    def width(self) -> int:
        return self.size

    @property
    def height(self) -> int:
        return int(self.size * 1.2) + _LIFT

    def draw(self, pen: ImageDraw.ImageDraw, x: int, y: int) -> None:
        y += 0 if self.picked else _LIFT
        w, h = self.size, int(self.size * 1.2)
        pen.rounded_rectangle((x, y, x + w, y + h), radius=8, fill=CREAM, outline=INK, width=3)
        size = int(w * (0.55 if len(self.letters) == 1 else 0.4))
        pen.text(
            (x + w * 0.45, y + h * 0.38),
            self.letters,
            font=font(size, bold=True),
            fill=INK,
            anchor="mm",
        )
        points = font(max(16, w // 4), bold=True)
        pen.text(
            (x + w - 6, y + h - 4), str(self.points), font=points, fill=(150, 40, 30), anchor="rd"
        )
        if self.dim:
            pen.line([(x + 5, y + h - 5), (x + w - 5, y + 5)], fill=(200, 30, 30), width=6)
        if self.picked:
            _picked_frame(pen, (x, y, x + w, y + h))


# -- chips ----------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Chip:
    """A poker chip: its colour, its edge spots, its value in the middle, and how many."""

    colour: Ink
    value: int
    count: int = 1
    size: int = 84
    picked: bool = False
    back: bool = False
    """A chip seen edge-on, value unknown: a seat's stack counted, not shown."""

    @property
    def width(self) -> int:
        return self.size

    @property
    def height(self) -> int:
        return self.size + _LIFT + (30 if self.count != 1 else 0)

    def draw(self, pen: ImageDraw.ImageDraw, x: int, y: int) -> None:
        y += 0 if self.picked else _LIFT
        s = self.size
        cx, cy = x + s / 2, y + s / 2
        ink = INK if sum(self.colour) > 360 else WHITE
        pen.ellipse((x, y, x + s, y + s), fill=self.colour, outline=INK, width=3)
        for k in range(8):  # the edge spots every casino chip has
            a = 2 * math.pi * k / 8
            px, py = cx + s * 0.4 * math.cos(a), cy + s * 0.4 * math.sin(a)
            spot = (90, 110, 140) if ink == INK else WHITE  # a light chip's spots are dark
            r = max(4, s // 16)
            pen.ellipse((px - r, py - r, px + r, py + r), fill=spot)
        pen.ellipse(
            (x + s * 0.22, y + s * 0.22, x + s * 0.78, y + s * 0.78),
            fill=self.colour,
            outline=ink,
            width=2,
        )
        label = "?" if self.back else str(self.value)
        pen.text((cx, cy), label, font=font(int(s * 0.32), bold=True), fill=ink, anchor="mm")
        if self.count != 1:
            pen.text(
                (cx, y + s + 18),
                f"\N{MULTIPLICATION SIGN} {self.count}",
                font=font(26, bold=True),
                fill=ON_FELT,
                anchor="mm",
            )
        if self.picked:
            _picked_frame(pen, (x, y, x + s, y + s))


@dataclass(frozen=True, slots=True)
class Stack:
    """A seat's chips seen from across the table: a stack of edges, counted, values hidden."""

    count: int
    most: int = 12

    @property
    def width(self) -> int:
        return 64

    @property
    def height(self) -> int:
        return 30 + 7 * min(self.count, self.most)

    def draw(self, pen: ImageDraw.ImageDraw, x: int, y: int) -> None:
        shown = min(self.count, self.most)
        bottom = y + self.height - 26
        for k in range(shown):
            top = bottom - 7 * k
            pen.ellipse((x, top - 10, x + 64, top + 14), fill=(70, 70, 70), outline=CREAM, width=2)
        if not shown:
            pen.text((x, bottom - 10), "none", font=font(22), fill=MUTED)


# -- words and groups -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Badge:
    """A short text in a box on the felt: the trump, the bid, the pot."""

    text: str
    size: int = 30
    fill: Ink = CREAM
    ink: Ink = INK
    pad: int = 14

    @property
    def width(self) -> int:
        return int(length(self.text, self.size, True)) + 2 * self.pad

    @property
    def height(self) -> int:
        return self.size + 2 * self.pad

    def draw(self, pen: ImageDraw.ImageDraw, x: int, y: int) -> None:
        pen.rounded_rectangle(
            (x, y, x + self.width, y + self.height), radius=12, fill=self.fill, outline=INK, width=2
        )
        pen.text(
            (x + self.pad, y + self.height / 2),
            self.text,
            font=font(self.size, bold=True),
            fill=self.ink,
            anchor="lm",
        )


@dataclass(frozen=True, slots=True)
class Caption:
    """Plain text on the felt."""

    text: str
    size: int = 26
    ink: Ink = ON_FELT
    bold: bool = True

    @property
    def width(self) -> int:
        return int(length(self.text, self.size, self.bold)) + 2

    @property
    def height(self) -> int:
        return self.size + 8

    def draw(self, pen: ImageDraw.ImageDraw, x: int, y: int) -> None:
        pen.text((x, y), self.text, font=font(self.size, bold=self.bold), fill=self.ink)


@dataclass(frozen=True, slots=True)
class Group:
    """Pieces side by side with a caption under them (a seat's play, a word and its points)."""

    pieces: tuple[Piece, ...]
    caption: str = ""
    gap: int = 8
    frame: bool = False
    """Outline the group (the seat that won the trick)."""

    @property
    def width(self) -> int:
        inner = sum(p.width for p in self.pieces) + self.gap * max(0, len(self.pieces) - 1)
        text = int(length(self.caption, 24, True)) if self.caption else 0
        return max(inner, text) + (16 if self.frame else 0)

    @property
    def height(self) -> int:
        tallest = max((p.height for p in self.pieces), default=0)
        return tallest + (34 if self.caption else 0) + (12 if self.frame else 0)

    def draw(self, pen: ImageDraw.ImageDraw, x: int, y: int) -> None:
        inner = sum(p.width for p in self.pieces) + self.gap * max(0, len(self.pieces) - 1)
        if self.frame:
            pen.rounded_rectangle(
                (x, y, x + self.width, y + self.height), radius=12, outline=GOLD, width=4
            )
        left = x + (self.width - inner) // 2
        top = y + (6 if self.frame else 0)
        for piece in self.pieces:
            piece.draw(pen, left, top)
            left += piece.width + self.gap
        if self.caption:
            tallest = max((p.height for p in self.pieces), default=0)
            pen.text(
                (x + self.width / 2, top + tallest + 18),
                self.caption,
                font=font(24, bold=True),
                fill=ON_FELT,
                anchor="mm",
            )


def _picked(piece: Piece) -> bool:
    if isinstance(piece, Group):
        return any(_picked(inner) for inner in piece.pieces)
    return bool(getattr(piece, "picked", False))


# -- seats ----------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SeatTile:
    """One seat at the table: name, a line or two of numbers, and whether it is to act.

    The seat to act gets a gold frame *and* the words "to act" (never colour alone);
    a winner gets "won"."""

    name: str
    lines: tuple[str, ...] = ()
    acting: bool = False
    tag: str = ""
    """A word in the corner: ``to act`` is added for the acting seat; ``won``, ``out``, ``you``."""
    pieces: tuple[Piece, ...] = ()
    """Small pieces in front of the seat (card backs, tricks taken)."""


Op = tuple[Any, ...]
"""One step of a sketch: ``("heading", text)``, ``("line", text, size)``, ``("row", pieces,
gap, centre)``, ``("seats", tiles)`` or ``("gap", pixels)``."""


@dataclass(frozen=True, slots=True)
class Sketch:
    """What a picture shows, not yet drawn: its title and the steps of the page.

    Made from a view in microseconds, and equal for two views that show the same
    pieces, so a PNG is cached by its sketch: a seat's hand is drawn again only when
    what it shows changed, not whenever another seat moved. Pieces are frozen values,
    so a sketch can be hashed, compared, and sent to the drawing process."""

    title: str
    subtitle: str
    ops: tuple[Op, ...]


@dataclass(slots=True)
class Page:
    """A picture being sketched, top to bottom; :meth:`finish` gives its :class:`Sketch`,
    which :func:`render` draws."""

    title: str
    subtitle: str = ""
    ops: list[Op] = field(default_factory=list)

    def heading(self, text: str) -> None:
        self.ops.append(("heading", text))

    def line(self, text: str, *, size: int = 28) -> None:
        self.ops.append(("line", text, size))

    def row(self, pieces: Sequence[Piece], *, gap: int = 14, centre: bool = True) -> None:
        """Lay pieces left to right, wrapping onto new rows, each row centred."""
        self.ops.append(("row", tuple(pieces), gap, centre))

    def seats(self, tiles: Sequence[SeatTile]) -> None:
        """The seats, two to a row, in seat order (clockwise from the first seat)."""
        self.ops.append(("seats", tuple(tiles)))

    def gap(self, pixels: int = 12) -> None:
        self.ops.append(("gap", pixels))

    def finish(self) -> Sketch:
        return Sketch(self.title, self.subtitle, tuple(self.ops))


def render(sketch: Sketch) -> Image.Image:
    """The sketch drawn: the page cut to what was drawn, with a border."""
    canvas = _Canvas(sketch.title, sketch.subtitle)
    for op in sketch.ops:
        match op:
            case ("heading", text):
                canvas.heading(text)
            case ("line", text, size):
                canvas.line(text, size=size)
            case ("row", pieces, gap, centre):
                canvas.row(pieces, gap=gap, centre=centre)
            case ("seats", tiles):
                canvas.seats(tiles)
            case ("gap", pixels):
                canvas.y += pixels
    return canvas.finish()


@dataclass(slots=True)
class _Canvas:
    """A picture being drawn, top to bottom."""

    title: str
    subtitle: str = ""
    image: Image.Image = field(init=False)
    pen: Pen = field(init=False)
    y: int = field(init=False)

    def __post_init__(self) -> None:
        self.image = Image.new("RGB", (WIDTH, _START_HEIGHT), FELT)
        self.pen = Pen(self.image)
        header = 70 if not self.subtitle else 110
        self.pen.rectangle((0, 0, WIDTH, header), fill=HEADER)
        self.pen.text(
            (MARGIN, 16),
            fit(self.title, WIDTH - 2 * MARGIN, 36, bold=True),
            font=font(36, bold=True),
            fill=WHITE,
        )
        if self.subtitle:
            self.pen.text(
                (MARGIN, 64),
                fit(self.subtitle, WIDTH - 2 * MARGIN, 28),
                font=font(28),
                fill=(210, 220, 230),
            )
        self.y = header + 16

    def _room(self, height: int) -> None:
        """Make the canvas tall enough for ``height`` more pixels (pages start short: a
        big blank canvas costs more than drawing)."""
        need = min(self.y + height + 40, _MAX_HEIGHT)
        if need <= self.image.height:
            return
        taller = Image.new("RGB", (WIDTH, min(max(need, self.image.height * 2), _MAX_HEIGHT)), FELT)
        taller.paste(self.image, (0, 0))
        self.image = taller
        self.pen = Pen(taller)

    def heading(self, text: str) -> None:
        self._room(42)
        self.pen.text(
            (MARGIN, self.y),
            fit(text, WIDTH - 2 * MARGIN, 28, bold=True),
            font=font(28, bold=True),
            fill=GOLD,
        )
        self.y += 42

    def line(self, text: str, *, size: int = 28) -> None:
        self._room(size + 12)
        self.pen.text(
            (MARGIN, self.y), fit(text, WIDTH - 2 * MARGIN, size), font=font(size), fill=ON_FELT
        )
        self.y += size + 12

    def row(self, pieces: Sequence[Piece], *, gap: int = 14, centre: bool = True) -> None:
        """Lay pieces left to right, wrapping onto new rows, each row centred."""
        if any(_picked(piece) for piece in pieces):
            self.y += 16  # a picked piece's frame and tick stand above its row
        rows: list[list[Piece]] = [[]]
        used = 0
        room = WIDTH - 2 * MARGIN
        for piece in pieces:
            need = piece.width + (gap if rows[-1] else 0)
            if rows[-1] and used + need > room:
                rows.append([])
                used, need = 0, piece.width
            rows[-1].append(piece)
            used += need
        for line in rows:
            if not line:
                continue
            total = sum(p.width for p in line) + gap * (len(line) - 1)
            self._room(max(p.height for p in line) + 12)
            x = MARGIN + ((room - total) // 2 if centre else 0)
            for piece in line:
                piece.draw(self.pen, x, self.y)
                x += piece.width + gap
            self.y += max(p.height for p in line) + 12

    def seats(self, tiles: Sequence[SeatTile]) -> None:
        """The seats, two to a row, in seat order (clockwise from the first seat)."""
        columns = 1 if len(tiles) == 1 else 2
        gap = 16
        width = (WIDTH - 2 * MARGIN - gap * (columns - 1)) // columns
        for start in range(0, len(tiles), columns):
            line = tiles[start : start + columns]
            height = max(self._tile_height(tile) for tile in line)
            self._room(height + gap)
            for column, tile in enumerate(line):
                self._tile(tile, MARGIN + column * (width + gap), self.y, width, height)
            self.y += height + gap

    @staticmethod
    def _tile_height(tile: SeatTile) -> int:
        pieces = max((p.height for p in tile.pieces), default=0)
        return 20 + 40 + 34 * len(tile.lines) + (pieces + 8 if tile.pieces else 0) + 8

    def _tile(self, tile: SeatTile, x: int, y: int, w: int, h: int) -> None:
        pen = self.pen
        if tile.acting:
            pen.rounded_rectangle((x - 5, y - 5, x + w + 5, y + h + 5), radius=18, fill=GOLD)
        pen.rounded_rectangle((x, y, x + w, y + h), radius=14, fill=CREAM, outline=INK, width=2)
        tag = tr("TO ACT") if tile.acting else tile.tag
        tag_width = 0
        if tag:
            face = font(22, bold=True)
            tag_width = int(length(tag, 22, True)) + 20
            fill = GOLD if tile.acting else (220, 214, 198)
            pen.rounded_rectangle(
                (x + w - tag_width - 10, y + 12, x + w - 10, y + 46),
                radius=10,
                fill=fill,
                outline=INK,
                width=1,
            )
            pen.text((x + w - 10 - tag_width / 2, y + 29), tag, font=face, fill=INK, anchor="mm")
        name = fit(tile.name, w - 28 - tag_width - 10, 32, bold=True)
        pen.text((x + 14, y + 12), name, font=font(32, bold=True), fill=INK)
        ty = y + 56
        for text in tile.lines:
            pen.text((x + 14, ty), fit(text, w - 28, 26), font=font(26), fill=INK)
            ty += 34
        if tile.pieces:
            px = x + 14
            for piece in tile.pieces:
                if px + piece.width > x + w - 8:
                    break
                piece.draw(pen, px, ty)
                px += piece.width + 8

    def finish(self) -> Image.Image:
        """The page cut to what was drawn, with a border."""
        height = min(self.y + 12, self.image.height)
        image = self.image.crop((0, 0, WIDTH, height))
        Pen(image).rectangle((0, 0, WIDTH - 1, height - 1), outline=FELT_EDGE, width=4)
        return image
