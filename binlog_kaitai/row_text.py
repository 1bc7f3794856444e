"""Row changes as the ``rows`` command prints them: JSON lines (``--json``) or the
``mysqlbinlog -v`` style text.

A JSON line's layout is declared once, by :func:`line_parts` and :func:`image_parts`:
literal text with a :class:`Slot` where each row's own values go. :func:`json_lines`
fills the slots change by change; :mod:`binlog_kaitai.json_batches` fills them a column
at a time from Arrow batches.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import orjson

from binlog_kaitai.rows import RowChange
from binlog_kaitai.sql_changes import sql_literal

ROW_FIELDS = ("row", "before", "after")
"""The fields of a change that differ between the changes of one event."""


@dataclass(frozen=True, slots=True)
class Slot:
    """Where a value goes in a line: a per-row field of :data:`ROW_FIELDS` (``key``), or
    the value of a row image's column number ``key``."""

    key: str | int


Part = str | Slot


def line_parts(change: RowChange, slots: Collection[str] = ROW_FIELDS) -> list[Part]:
    """The ``rows --json`` line of a change: its ``to_json_dict()`` as compact JSON, the
    fields ``slots`` names left as slots."""
    parts: list[Part] = []
    for i, (key, value) in enumerate(change.to_json_dict().items()):
        parts += ["{" if i == 0 else ",", _dumps(key), ":",
                  Slot(key) if key in slots else _dumps(value)]
    return _merged([*parts, "}\n"])


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


def render_change(change: RowChange) -> str:
    """A row change as text, the way ``mysqlbinlog -v`` shows it (one ``###`` line per
    column, named when the name is known), after a ``# at POS`` line giving the event."""
    at = f"{change.pos}" if change.inner_pos is None else f"{change.pos}+{change.inner_pos}"
    gtid = f" GTID {change.gtid}" if change.gtid else ""
    when = datetime.fromtimestamp(change.timestamp, UTC).strftime("%Y-%m-%d %H:%M:%S")
    lines = [f"# at {at} row {change.row}: {when} server id {change.server_id}{gtid}"]
    verb, first, second = _SQL_VERB[change.op]
    lines.append(f"### {verb} `{change.schema}`.`{change.table}`")
    for clause, image in ((first, change.before if change.op != "insert" else change.after),
                          (second, change.after)):
        if clause is None or image is None:
            continue
        lines.append(f"### {clause}")
        lines += [f"###   {name}={sql_literal(value)}" for name, value in image.items()]
    return "\n".join(lines) + "\n"
