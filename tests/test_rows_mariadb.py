"""Row values of every MariaDB column type, against the SQL that wrote them.

The fixtures ``alltypes_full`` (binlog_row_metadata=FULL), ``alltypes_nolog`` (NO_LOG) and
``alltypes_minimal`` (binlog_row_image=MINIMAL) were written by a real MariaDB 10.11 from
the same ``scenario.sql``. The expected row changes are computed here from that SQL: its
CREATE TABLE statements give the column types, its INSERT/UPDATE/DELETE statements the
values (parsed with sqlglot), replayed on an in-memory copy of the tables. Each SQL literal
becomes the value the ``rows`` command must print for that column type.
"""

from __future__ import annotations

import base64
import ipaddress
import json
import struct
import uuid
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
import sqlglot
from sqlglot import exp

from binlog_kaitai.cli import main
from binlog_kaitai.ddl import BinlogMySQL
from binlog_kaitai.rows import RowChange, RowDecoder, iter_row_changes
from binlog_kaitai.sql_script import split_statements
from binlog_kaitai.stream import read_events
from tests.conftest import FIXTURES

MARIADB = FIXTURES / "mariadb"
SCENARIO = MARIADB / "alltypes_full" / "scenario.sql"
FULL = MARIADB / "alltypes_full" / "binlog.000001"
NOLOG = MARIADB / "alltypes_nolog" / "binlog.000001"
MINIMAL = MARIADB / "alltypes_minimal" / "binlog.000001"

# The `wide` table is created by a prepared statement (its labels are generated), so its
# CREATE TABLE is not in the script; its column types are given here.
WIDE = {"id": "INT", "e": "ENUM", "s": "SET"}

Change = tuple[str, str, dict[str, Any] | None, dict[str, Any] | None]


# --- SQL literal -> expected value ------------------------------------------------------------

def _b64(data: bytes) -> dict[str, str]:
    return {"base64": base64.b64encode(data).decode("ascii")}


def _wkb(wkt: str) -> bytes:
    """WKB (little-endian) of the WKT forms the scenario uses."""
    kind, _, rest = wkt.partition("(")
    kind = kind.strip().upper()
    if kind == "GEOMETRYCOLLECTION EMPTY":
        return struct.pack("<BII", 1, 7, 0)

    def points(text: str) -> list[tuple[float, float]]:
        return [tuple(float(c) for c in p.split()) for p in text.strip("() ").split(",")]

    if kind == "POINT":
        return struct.pack("<BIdd", 1, 1, *points(rest)[0])
    if kind == "LINESTRING":
        pts = points(rest)
        return struct.pack("<BII", 1, 2, len(pts)) + b"".join(struct.pack("<dd", *p) for p in pts)
    if kind == "POLYGON":
        pts = points(rest)
        return (struct.pack("<BIII", 1, 3, 1, len(pts))
                + b"".join(struct.pack("<dd", *p) for p in pts))
    raise ValueError(wkt)


def _evaluate(node: exp.Expression) -> Any:
    """The Python value of a literal expression (str, int/float text, bytes...)."""
    if isinstance(node, exp.Null):
        return None
    if isinstance(node, exp.Neg):
        return "-" + _evaluate(node.this)
    if isinstance(node, exp.Literal):
        return str(node.this)
    if isinstance(node, exp.HexString):
        return bytes.fromhex(node.this)
    if isinstance(node, exp.BitString):
        return int(node.this, 2)
    if isinstance(node, exp.Repeat):
        return _evaluate(node.this) * int(_evaluate(node.args["times"]))
    if isinstance(node, exp.Anonymous) and node.name.upper() == "ST_GEOMFROMTEXT":
        args = [_evaluate(a) for a in node.expressions]
        srid = int(args[1]) if len(args) > 1 else 0
        return {"srid": srid, "wkb": base64.b64encode(_wkb(args[0])).decode("ascii")}
    raise ValueError(f"unsupported literal {node.sql('mysql')}")


def expected_value(sql_type: exp.DataType | str, literal: Any) -> Any:
    """What the decoder must give for ``literal`` stored in a column of ``sql_type``."""
    if literal is None:
        return None
    kind = sql_type if isinstance(sql_type, str) else sql_type.this.name
    params = [] if isinstance(sql_type, str) else [
        int(p.this.this) for p in sql_type.expressions if isinstance(p, exp.DataTypeParam)]
    if kind.startswith(("TINYINT", "SMALLINT", "MEDIUMINT", "INT", "BIGINT", "UTINYINT",
                        "USMALLINT", "UMEDIUMINT", "UINT", "UBIGINT", "YEAR")):
        return int(literal)
    if kind in ("FLOAT", "DOUBLE", "UFLOAT", "UDOUBLE"):
        return float(literal)
    if kind in ("DECIMAL", "UDECIMAL"):
        return format(Decimal(literal), f".{params[1]}f")
    if kind == "BIT":
        return literal
    if kind in ("BINARY", "VARBINARY", "TINYBLOB", "BLOB", "MEDIUMBLOB", "LONGBLOB"):
        data = literal if isinstance(literal, bytes) else literal.encode()
        return _b64(data.ljust(params[0], b"\0") if kind == "BINARY" else data)
    if kind in ("GEOMETRY", "POINT"):
        return literal
    if kind == "INET":  # sqlglot's name for MariaDB's INET6
        return _b64(ipaddress.IPv6Address(literal).packed)
    if kind == "UUID":
        return _b64(uuid.UUID(literal).bytes)
    if isinstance(literal, bytes):
        return literal.decode()
    return literal  # strings, temporal types, ENUM, SET, JSON (text in MariaDB)


# --- replaying the script ---------------------------------------------------------------------

def _column_types(create: exp.Create) -> dict[str, Any]:
    """Column name -> sqlglot type; a CHARACTER SET binary string is a VARBINARY."""
    types: dict[str, Any] = {}
    for column in create.this.expressions:
        if isinstance(column, exp.ColumnDef):
            binary = any(isinstance(c.kind, exp.CharacterSetColumnConstraint)
                         and c.kind.this.name.lower() == "binary"
                         for c in column.constraints)
            types[column.name] = "VARBINARY" if binary else column.args["kind"]
    return types


def _where_ids(where: exp.Expression) -> list[int]:
    cond = where.this
    if isinstance(cond, exp.EQ):
        return [int(_evaluate(cond.expression))]
    if isinstance(cond, exp.In):
        return [int(_evaluate(e)) for e in cond.expressions]
    raise ValueError(where.sql())


def replay(*, minimal: bool = False) -> list[Change]:
    """The row changes the scenario makes: (table, op, before, after), in binlog order.

    With ``minimal``, images hold what binlog_row_image=MINIMAL logs: the primary key in
    before images, the columns the statement gave in after images.
    """
    tables: dict[str, dict[str, Any]] = {"wide": dict(WIDE)}
    data: dict[str, dict[int, dict[str, Any]]] = {"wide": {}}
    changes: list[Change] = []
    for statement in split_statements(SCENARIO.read_text()):
        word = statement.split(None, 1)[0].upper() if statement.strip() else ""
        if word not in ("CREATE", "INSERT", "UPDATE", "DELETE"):
            continue
        tree = sqlglot.parse_one(statement, read=BinlogMySQL)
        if isinstance(tree, exp.Create):
            if tree.kind == "TABLE":
                name = tree.this.this.name
                tables[name] = _column_types(tree)
                data[name] = {}
            continue
        name = tree.this.name if not isinstance(tree.this, exp.Schema) else tree.this.this.name
        types = tables[name]
        if isinstance(tree, exp.Insert):
            given = ([c.name for c in tree.this.expressions] if isinstance(tree.this, exp.Schema)
                     else list(types))
            for tuple_ in tree.expression.expressions:
                values = dict(zip(given, (_evaluate(v) for v in tuple_.expressions), strict=True))
                row = {c: expected_value(t, values.get(c)) for c, t in types.items()}
                data[name][row["id"]] = row
                after = {c: row[c] for c in types if c in given} if minimal else row
                changes.append((name, "insert", None, after))
        elif isinstance(tree, exp.Update):
            assigned = {a.this.name: _evaluate(a.expression) for a in tree.expressions}
            for row_id in _where_ids(tree.args["where"]):
                before = data[name][row_id]
                after = dict(before)
                for column, literal in assigned.items():
                    after[column] = expected_value(types[column], literal)
                data[name][row_id] = after
                if minimal:
                    changes.append((name, "update", {"id": row_id},
                                    {c: after[c] for c in types if c in assigned}))
                else:
                    changes.append((name, "update", before, after))
        else:
            for row_id in _where_ids(tree.args["where"]):
                before = data[name].pop(row_id)
                changes.append((name, "delete", {"id": row_id} if minimal else before, None))
    return changes


def decoded(changes: list[RowChange]) -> list[Change]:
    return [(c.table, c.op, c.before, c.after) for c in changes]


# --- tests ------------------------------------------------------------------------------------

def test_replay_sees_every_statement() -> None:
    changes = replay()
    assert [(t, op) for t, op, _, _ in changes].count(("alltypes", "insert")) == 6
    assert len(changes) == 20


def test_full_metadata_values_equal_the_sql_literals() -> None:
    got = decoded(list(iter_row_changes(FULL)))
    expected = replay()
    assert len(got) == len(expected)
    for index, (g, e) in enumerate(zip(got, expected, strict=True)):
        assert g == e, f"change {index}: {g[:2]}"


def test_no_log_values_with_names_from_the_binlogs_ddl() -> None:
    # binlog_row_metadata=NO_LOG: names, signedness, charsets (INET6 and UUID are binary)
    # and labels all come from the CREATE TABLE statements seen earlier in the binlog.
    got = decoded(list(iter_row_changes(NOLOG)))
    expected = replay()
    assert len(got) == len(expected)
    for index, (g, e) in enumerate(zip(got, expected, strict=True)):
        assert g == e, f"change {index}: {g[:2]}"


def test_minimal_images_hold_only_the_logged_columns() -> None:
    got = decoded(list(iter_row_changes(MINIMAL)))
    expected = replay(minimal=True)
    for index, (g, e) in enumerate(zip(got, expected, strict=True)):
        assert g == e, f"change {index}: {g[:2]}"
    assert len(got) == len(expected)


def test_without_any_schema_names_are_positional() -> None:
    decoder = RowDecoder()
    changes = [c for ev in read_events(NOLOG) for c in decoder.feed(ev)]
    first = changes[0].after
    assert list(first)[:3] == ["@1", "@2", "@3"]
    assert first["@1"] == 1
    assert first["@3"] == -56  # tiu=200 read as signed: nothing says it is UNSIGNED
    assert first["@9"] == 3000000000 - 2**32  # iu, likewise
    assert changes[0].pk is None


def test_primary_key_from_metadata_and_from_ddl() -> None:
    assert next(iter_row_changes(FULL)).pk == ["id"]
    assert next(iter_row_changes(NOLOG)).pk == ["id"]


def test_schema_file_gives_names_when_the_binlog_has_no_ddl(tmp_path: Path) -> None:
    # Start after the CREATE TABLE events: only the schema file can name the columns.
    creates = [ev.pos for ev in read_events(NOLOG) if ev.type_name == "QUERY_EVENT"
               and bytes(ev.body.query_text).startswith(b"CREATE TABLE alltypes")]
    start = next(ev.pos for ev in read_events(NOLOG)
                 if ev.type_name == "GTID_EVENT" and ev.pos > creates[0])
    create = next(s for s in split_statements(SCENARIO.read_text())
                  if "CREATE TABLE alltypes" in s)
    ddl = tmp_path / "schema.sql"
    ddl.write_text(f"CREATE DATABASE types;\nUSE types;\n{create};\n")
    changes = list(iter_row_changes(NOLOG, schema_files=[ddl], start=start))
    assert decoded(changes)[0] == replay()[0]
    without = list(iter_row_changes(NOLOG, start=start))
    assert list(without[0].after)[:2] == ["@1", "@2"]


def test_gtid_and_event_fields() -> None:
    changes = list(iter_row_changes(FULL))
    events = {ev.pos: ev for ev in read_events(FULL)}
    assert {c.server_id for c in changes} == {1}
    # CREATE DATABASE is 0-1-1 and CREATE TABLE 0-1-2; each INSERT is a transaction.
    assert [c.gtid for c in changes[:6]] == [f"0-1-{n}" for n in range(3, 9)]
    by_event: dict[int, list[int]] = {}
    for c in changes:
        assert events[c.pos].type_name.endswith("ROWS_EVENT_V1")
        assert c.timestamp == events[c.pos].timestamp
        assert c.inner_pos is None
        by_event.setdefault(c.pos, []).append(c.row)
    assert all(rows == list(range(len(rows))) for rows in by_event.values())
    # DELETE ... WHERE id IN (3, 6) is one event with two rows.
    deletes = [c for c in changes if c.op == "delete"]
    assert [(c.before["id"], c.row) for c in deletes] == [(4, 0), (3, 0), (6, 1)]
    assert deletes[1].pos == deletes[2].pos


def test_table_filter_and_cli_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rows", "--json", "--table", "types.signs", str(FULL)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 1
    obj = json.loads(lines[0])
    assert list(obj) == ["file", "pos", "inner_pos", "row", "timestamp", "server_id", "gtid",
                         "schema", "table", "op", "before", "after"]
    assert obj["after"] == {"id": 1, "y": 2000, "a": 200, "bt": 5, "c": 18446744073709551615,
                            "dd": "123.45", "f": 2.5, "e": -5, "m": 16777215}


def test_cli_text_form(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rows", "--table", "types.wide", str(FULL)]) == 0
    out = capsys.readouterr().out
    assert "### INSERT INTO `types`.`wide`\n### SET\n###   id=1\n###   e='v300'\n" in out
    assert "### UPDATE `types`.`wide`\n### WHERE\n###   id=2\n###   e='v1'\n" in out


def test_rows_event_without_its_table_map_is_reported(
        capsys: pytest.CaptureFixture[str]) -> None:
    # Starting at the first WRITE_ROWS event skips its TABLE_MAP: that event's rows cannot
    # be decoded (an error on stderr, exit status 1), the later ones still are.
    first_rows = next(ev.pos for ev in read_events(FULL) if ev.type_name.startswith("WRITE"))
    assert main(["rows", "--json", "--start-position", str(first_rows), str(FULL)]) == 1
    captured = capsys.readouterr()
    assert captured.err == (f"{FULL}: offset {first_rows}: WRITE_ROWS_EVENT_V1 for table id "
                            "18 without a preceding TABLE_MAP_EVENT\n")
    assert len(captured.out.splitlines()) == len(replay()) - 1


def test_unknown_column_type_is_reported_not_fatal(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # Turn the `id` column of the first TABLE_MAP into type 20 (TYPED_ARRAY, which never
    # appears in a row image): the values' size is unknown, so that event's rows are
    # reported as not decoded; every other event decodes as before.
    data = bytearray(FULL.read_bytes())
    table_map = next(ev for ev in read_events(FULL) if ev.type_name == "TABLE_MAP_EVENT")
    body = table_map.pos + 19
    types_at = body + 8 + 1 + len("types") + 1 + 1 + len("alltypes") + 1 + 1
    assert data[types_at] == 3  # LONG
    data[types_at] = 20
    damaged = tmp_path / "binlog.000001"
    damaged.write_bytes(bytes(data))
    assert main(["rows", "--json", str(damaged)]) == 1
    captured = capsys.readouterr()
    rows_pos = next(ev.pos for ev in read_events(FULL) if ev.pos > table_map.pos)
    assert captured.err.startswith(f"{damaged}: offset {rows_pos}: rows of `types`.`alltypes` "
                                   "not decoded: a column type has no known size")
    assert len(captured.out.splitlines()) == len(replay()) - 1
