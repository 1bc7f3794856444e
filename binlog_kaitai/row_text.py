"""Row changes as the ``rows`` command prints them: JSON lines (``--json``) or the
``mysqlbinlog -v`` style text."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import orjson

from binlog_kaitai.rows import RowChange
from binlog_kaitai.sql_changes import sql_literal


def json_lines(changes: list[RowChange]) -> str:
    """The ``rows --json`` line of each change: its ``to_json_dict()`` as compact JSON.

    The changes of one event share everything but ``row``, ``before`` and ``after``, so
    that part is encoded once per event; orjson encodes the images (about 20 times faster
    than the json module, which was a fifth of the time of ``rows --json``).
    """
    if not changes:
        return ""
    c = changes[0]
    head = (f'{{"file":{_dumps(c.file)},"pos":{c.pos},"inner_pos":{_dumps(c.inner_pos)},'
            '"row":')
    tail = (f',"timestamp":{c.timestamp},"server_id":{c.server_id},"gtid":{_dumps(c.gtid)},'
            f'"schema":{_dumps(c.schema)},"table":{_dumps(c.table)},"op":"{c.op}","before":')
    return "".join(f'{head}{c.row}{tail}{_dumps(c.before)},"after":{_dumps(c.after)}}}\n'
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
