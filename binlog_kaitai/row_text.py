"""Row changes as the ``rows`` command prints them: JSON lines (``--json``) or the
``mysqlbinlog -v`` style text, each value in its column's text form
(:func:`~binlog_kaitai.values.text_form`).

Each layout is declared once, as literal text with a :class:`Slot` where each row's own
values go: a JSON line by :func:`line_parts` and :func:`image_parts`, the text by
:func:`text_parts`. :func:`json_lines` and :func:`render_changes` fill the slots change
by change; :mod:`binlog_kaitai.batch_text` fills them a column at a time from Arrow
batches.
"""

from __future__ import annotations

import re
import time
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import orjson

from binlog_kaitai.rows import RowChange
from binlog_kaitai.table_info import TableInfo
from binlog_kaitai.times import local_text
from binlog_kaitai.values import TextForm, text_form

ROW_FIELDS = ("row", "before", "after")
"""The fields of a change that differ between the changes of one event."""
_SLOT_MARKER = re.compile(r'"\\u0000(\w+)\\u0000"')
"""A slot's marker as orjson writes it (see :func:`line_parts`)."""


@dataclass(frozen=True, slots=True)
class Slot:
    """Where a value goes in a line: a per-row field of :data:`ROW_FIELDS` (``key``), the
    value of a row image's column number ``key`` (:func:`image_parts`), or of column ``j``
    of image ``name`` (``key`` = (name, j), :func:`text_parts`)."""

    key: str | int | tuple[str, int]


Part = str | Slot


def line_parts(change: RowChange, slots: Collection[str] = ROW_FIELDS) -> list[Part]:
    """The ``rows --json`` line of a change: its ``to_json_dict()`` as compact JSON, the
    fields ``slots`` names left as slots. The object is encoded by one ``orjson.dumps``
    (a line's template is made once per rows event), each slot field holding a marker,
    its name between NUL characters (which no file name, schema or table name holds),
    then cut at the markers."""
    fields = change.to_json_dict()
    for key in slots:
        fields[key] = f"\0{key}\0"
    pieces = _SLOT_MARKER.split(_dumps(fields) + "\n")
    return [Slot(piece) if i % 2 else piece for i, piece in enumerate(pieces)
            if i % 2 or piece]


def image_parts(names: Sequence[str]) -> list[Part]:
    """A row image (a JSON object of these columns, in order), slot ``j`` for the value
    of column ``j``."""
    parts: list[Part] = ["{"]
    for j, name in enumerate(names):
        parts += ["," if j else "", _dumps(name), ":", Slot(j)]
    return _merged([*parts, "}"])


def _merged(parts: Iterable[Part]) -> list[Part]:
    """Adjacent literal texts as one."""
    out: list[Part] = []
    for part in parts:
        if isinstance(part, str) and out and isinstance(out[-1], str):
            out[-1] += part
        elif part != "":
            out.append(part)
    return out


def json_lines(changes: list[RowChange]) -> str:
    """The ``rows --json`` line of each change: its ``to_json_dict()`` as compact JSON.

    The changes of one event share everything but the :data:`ROW_FIELDS`, so the rest is
    encoded once per event, into a format string; orjson encodes the images (about 20
    times faster than the json module, which was a fifth of the time of ``rows --json``).
    """
    if not changes:
        return ""
    template = "".join(part.replace("{", "{{").replace("}", "}}") if isinstance(part, str)
                       else f"{{{part.key}}}" for part in line_parts(changes[0]))
    return "".join(template.format(row=c.row, before=_dumps(c.before), after=_dumps(c.after))
                   for c in changes)


def _dumps(value: Any) -> str:
    return orjson.dumps(value).decode()


_SQL_VERB = {"insert": ("INSERT INTO", "SET", None), "delete": ("DELETE FROM", "WHERE", None),
             "update": ("UPDATE", "WHERE", "SET")}


def text_parts(change: RowChange, images: dict[str, Sequence[str]]) -> list[Part]:
    """A change of an event as text, the way ``mysqlbinlog -v`` shows it: a ``# at POS``
    line giving the event, the statement, then one ``###`` line per column of each image
    (``images``: the names of the columns of the ``before`` and/or ``after`` image), the
    row and the values as slots (``Slot("row")``, ``Slot((image, j))``)."""
    at = f"{change.pos}" if change.inner_pos is None else f"{change.pos}+{change.inner_pos}"
    gtid = f" GTID {change.gtid}" if change.gtid else ""
    verb = _SQL_VERB[change.op][0]
    body = _image_parts(change.op, tuple((image, tuple(names))
                                         for image, names in images.items()))
    return [f"# at {at} row ", Slot("row"),
            f": {_when(change.timestamp)} server id {change.server_id}{gtid}\n"
            f"### {verb} `{change.schema}`.`{change.table}`\n{body[0]}", *body[1:]]


def _when(timestamp: int) -> str:
    """An event's time, local as ``mysqlbinlog`` prints it."""
    return _local_when(timestamp, time.timezone, time.tzname)


@lru_cache(maxsize=4096)
def _local_when(timestamp: int, *zone: Any) -> str:
    """:func:`~binlog_kaitai.times.local_text` of a time (consecutive events share it),
    kept by the zone in force too: a process that sets another ``TZ`` (``time.tzset``)
    gets that zone's text, not the one kept before."""
    return local_text(timestamp)


@lru_cache(maxsize=4096)
def _image_parts(op: str, images: tuple[tuple[str, tuple[str, ...]], ...]
                 ) -> tuple[Part, ...]:
    """The ``###`` lines of a change's images (:func:`text_parts`), the same for every
    change of a table and kind of image: made once, starting with text."""
    named = dict(images)
    _, first, second = _SQL_VERB[op]
    parts: list[Part] = [""]
    for clause, image in ((first, "before" if op != "insert" else "after"),
                          (second, "after")):
        if clause is None or image not in named:
            continue
        parts.append(f"### {clause}\n")
        for j, name in enumerate(named[image]):
            parts += [f"###   {name}=", Slot((image, j)), "\n"]
    merged = _merged(parts)
    return tuple(merged) if merged and isinstance(merged[0], str) else ("", *merged)


def render_changes(changes: Sequence[RowChange], table: TableInfo) -> str:
    """Row changes of a table (``table`` its description) as text (:func:`text_parts`),
    each value in its column's text form (:func:`column_forms`)."""
    if not changes:
        return ""
    forms = column_forms(table)
    return "".join([render_change(change, forms) for change in changes])


def render_change(change: RowChange, forms: dict[str, TextForm]) -> str:
    """A row change as text, each value as ``forms`` (a text form per column name)
    writes it."""
    images = {name: list(image) for name, image in (("before", change.before),
                                                     ("after", change.after))
              if image is not None}
    out = []
    for part in text_parts(change, images):
        if isinstance(part, str):
            out.append(part)
        elif part.key == "row":
            out.append(str(change.row))
        else:
            image, j = part.key  # type: ignore[misc]
            name = images[image][j]
            value = (change.before if image == "before" else change.after)[name]  # type: ignore[index]
            out.append("NULL" if value is None else forms[name](value))
    return "".join(out)


_FORMS: dict[int, tuple[TableInfo, dict[str, TextForm]]] = {}
FORMS_KEPT = 256
"""Table descriptions whose forms are kept before the cache starts again: each entry
holds its description and so its table map's parse tree (about 10 KB), and a fuzzer's
or a many-tabled server's thousands of them grew a process by tens of MB."""


def column_forms(table: TableInfo) -> dict[str, TextForm]:
    """Each column's text form (:func:`~binlog_kaitai.values.text_form`) by name, made
    once per table description; none for a column of a type no value is decoded of
    (its rows are decoded when it is absent from their images)."""
    found = _FORMS.get(id(table))
    if found is None or found[0] is not table:
        if len(_FORMS) >= FORMS_KEPT:
            _FORMS.clear()
        forms = {}
        for name, meta in zip(table.names, table.column_metas, strict=True):
            try:
                forms[name] = text_form(meta.real_type, meta.bit_count)
            except ValueError:
                continue
        found = _FORMS[id(table)] = (table, forms)
    return found[1]
