"""Canonical JSON dump of binlog files: the parse tree the spec declares, one line per event.

The JavaScript build of the same spec prints the same dump (``tools/dump.js``), and
``tools/crosscheck.py`` requires the two to be identical, which keeps ``ksy/`` portable.

For each file: a line ``{"file": FILE}``, then one line per event, ``{"body", "header",
"inner_pos", "pos"}``, and, when the file is damaged, a last line ``{"error":
{"event_index", "kind", "offset"}}``. Events are those of
``read_events(expand_payloads=True)``: the events inside a TRANSACTION_PAYLOAD_EVENT follow
it, with its ``pos`` and their offset in the inflated payload as ``inner_pos`` (null for
every other event). A rows event also gets ``row_image``: its row data parsed with the
spec's ``row_image`` type and the columns of the table map in force (the stream's, as
:class:`binlog_kaitai.rows.RowDecoder` uses it); null without a table map.

Trees hold what the spec reads: its ``seq`` fields and its parse instances (``pos:`` ones,
such as an inflated payload; one that fails to parse is ``"<error>"``), not params or value
instances. Bytes are hex, enums integers, keys sorted, no spaces, and numbers are written
as JavaScript writes them, so the text is the same in both languages. A body that cannot
be parsed is null.

Usage: ``python -m binlog_kaitai.dump FILE...``
"""

from __future__ import annotations

import inspect
import json
import math
import sys
from collections.abc import Iterator, Sequence
from decimal import Decimal
from enum import IntEnum
from functools import cache
from io import BytesIO
from operator import itemgetter
from typing import Any

from kaitaistruct import KaitaiStream, KaitaiStruct

from binlog_kaitai.errors import BinlogError
from binlog_kaitai.event import DECODE_ERRORS, Event, EventType
from binlog_kaitai.generated.row_image import RowImage
from binlog_kaitai.generated.table_map_event import TableMapEvent
from binlog_kaitai.render import fields
from binlog_kaitai.stream import read_events
from binlog_kaitai.table_info import present_columns

FieldType = TableMapEvent.FieldType
PARSE_ERROR = "<error>"
"""What a parse instance that fails to parse (e.g. a corrupt compressed stream) dumps as."""
quote = json.encoder.encode_basestring  # a JSON string, non-ASCII kept (as JSON.stringify)
first = itemgetter(0)


@cache
def parse_instances(cls: type) -> tuple[str, ...]:
    """Names of a generated type's parse instances (``pos:`` instances, which read bytes),
    as opposed to value instances (expressions over read fields): their getter seeks."""
    return tuple(
        name for name, attr in vars(cls).items()
        if isinstance(attr, property) and attr.fget is not None
        and ".seek(" in inspect.getsource(attr.fget))


def number_text(x: float) -> str:
    """A float as ECMAScript's Number::toString writes it (what JSON.stringify prints).

    Both languages pick the same shortest round-trip digits; only the layout differs
    (Python writes ``1e+16``, ``1e-05`` and ``2.0`` where JavaScript writes
    ``10000000000000000``, ``0.00001`` and ``2``). Non-finite values become null, as in
    JSON.stringify.
    """
    if not math.isfinite(x):
        return "null"
    if x == 0:
        return "0"
    sign = "-" if x < 0 else ""
    parts = Decimal(repr(abs(x))).normalize().as_tuple()
    digits = "".join(map(str, parts.digits))
    k = len(digits)
    n = int(parts.exponent) + k  # x = 0.digits * 10^n
    if k <= n <= 21:
        text = digits + "0" * (n - k)
    elif 0 < n <= 21:
        text = f"{digits[:n]}.{digits[n:]}"
    elif -6 < n <= 0:
        text = "0." + "0" * -n + digits
    else:
        exp = f"e{'+' if n - 1 >= 0 else '-'}{abs(n - 1)}"
        text = (digits if k == 1 else f"{digits[0]}.{digits[1:]}") + exp
    return sign + text


def dumps(value: Any) -> str:
    """Canonical JSON text of a parsed value (or of a dict/list holding parsed values).

    Structs become objects of their seq fields and parse instances, bytes hex strings,
    enums integers; keys are sorted, there are no spaces, and floats are laid out as
    JavaScript lays them out. Written directly as text, since the dump covers every byte of
    every file it is given.
    """
    cls = value.__class__
    if cls is int:
        return str(value)
    if cls is str:
        return quote(value)
    if isinstance(value, KaitaiStruct):
        items = fields(value)
        for name in parse_instances(cls):
            try:
                items.append((name, getattr(value, name)))
            except DECODE_ERRORS:
                items.append((name, PARSE_ERROR))
        items.sort(key=first)
        return "{" + ",".join(f'"{k}":{dumps(v)}' for k, v in items) + "}"
    if cls is bytes or cls is bytearray:
        return f'"{value.hex()}"'
    if cls is list:
        return "[" + ",".join(map(dumps, value)) + "]"
    if value is None:
        return "null"
    if cls is bool:
        return "true" if value else "false"
    if isinstance(value, IntEnum):
        return str(int(value))
    if cls is float:
        return number_text(value)
    if cls is dict:
        items = sorted(value.items(), key=first)
        return "{" + ",".join(f"{quote(k)}:{dumps(v)}" for k, v in items) + "}"
    raise TypeError(f"cannot dump {cls.__name__}")


def row_image_keys(ev: Event) -> dict[str, Any]:
    """Extra keys of the event's dump line: ``row_image`` for a rows event."""
    if ev.is_rows and ev.body is not None:
        return {"row_image": row_image(ev.body, ev.table_map)}
    return {}


def row_image(body: Any, table_map: Any) -> Any:
    """A rows event's ``row_data`` parsed as ``row_image`` with the table map in force
    (the stream's, ``Event.table_map``): the map's column metadata of the columns present
    in each kind of image (by the event's column count and bitmaps), as RowDecoder parses
    it."""
    if table_map is None:
        return None
    is_update = body.has_after_image
    is_partial = body.event_type == EventType.partial_update_rows_event
    metas = table_map.column_metas
    count = body.num_columns.value
    if count > len(metas):  # not this table's rows: no image
        return PARSE_ERROR

    try:
        data = body.row_data
        if data is None:
            return None
        first = [metas[i] for i in present_columns(count, body.columns_present)]
        second = [metas[i] for i in present_columns(count, body.columns_present_after)
                  ] if is_update else first
        num_json = sum(1 for meta in metas if meta.real_type == FieldType.json)
        return RowImage(first, second, num_json, is_update, is_partial,
                        KaitaiStream(BytesIO(data)))
    except DECODE_ERRORS:
        return PARSE_ERROR


def dump_lines(path: str) -> Iterator[str]:
    """The dump of one file: its event lines, then an error line if it is damaged."""
    try:
        for ev in read_events(path, expand_payloads=True):
            yield dumps({"pos": ev.pos, "inner_pos": ev.inner_pos, "header": ev.header,
                         "body": ev.body, **row_image_keys(ev)})
    except BinlogError as exc:
        yield dumps({"error": {
            "event_index": exc.event_index, "kind": exc.kind, "offset": exc.offset}})


def main(argv: Sequence[str] | None = None) -> int:
    files = list(sys.argv[1:] if argv is None else argv)
    if not files:
        print("usage: python -m binlog_kaitai.dump FILE...", file=sys.stderr)
        return 2
    out = sys.stdout
    for path in files:
        out.write(dumps({"file": path}) + "\n")
        for line in dump_lines(path):
            out.write(line + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
