"""Write tests/fixtures/old_versions: binlogs of servers no one can run any more, byte for
byte from MySQL's test SQL and source (see that folder's README.md).

Usage: ``python -m tools.make_old_fixtures``

The events are those of MySQL's ``mysql-test/suite/binlog/t/binlog_old_versions.test``
(the SQL its std_data binlogs were made with: ``ver_5_1-wl2325_r.001``,
``ver_5_1-wl2325_s.001``, ``ver_5_1_17.001``), laid out as MySQL 5.1's sql/log_event.cc
writes them: the row-based part (a write of two rows, an update of two, a delete of one)
and the statement-based part (a transaction ending in an XID_EVENT, a user variable, RAND,
LAST_INSERT_ID, a LOAD DATA in BEGIN_LOAD_QUERY + EXECUTE_LOAD_QUERY; its file is three
words here, not 17920).
"""

from __future__ import annotations

import struct
from dataclasses import dataclass, field
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "old_versions"
MAGIC = b"\xfebin"
WHEN = 1195479437  # 2007-11-19 13:37:17 UTC, when such files were written
DROP_POST_HEADERS = bytes([56, 13, 0, 8, 0, 18, 0, 4, 4, 4, 4, 18, 0, 0, 79,
                           8, 8, 8, 8, 0, 4, 26])
"""The 22 post-header lengths of a 5.2.2-a_drop6p13 FDE, in its own numbering: 16 is
TABLE_MAP, 17-19 the pre-GA rows events, 20 XID, 21 BEGIN_LOAD_QUERY, 22
EXECUTE_LOAD_QUERY (the FDE's own entry, 15, is 57 + 22)."""
GA_POST_HEADERS = bytes([56, 13, 0, 8, 0, 18, 0, 4, 4, 4, 4, 18, 0, 0, 82,
                         0, 4, 26, 8, 8, 8, 8, 8, 8, 8])
"""The 25 post-header lengths of a 5.1.17 FDE (the FDE's own entry is 57 + 25)."""
DROP = {"table_map": 16, "write": 17, "update": 18, "delete": 19, "xid": 20,
        "begin_load": 21, "execute_load": 22}
"""Type codes as the drop6 builds wrote them (MySQL's event_type_permutation)."""
GA = {"table_map": 19, "write": 23, "update": 24, "delete": 25, "xid": 16,
      "begin_load": 17, "execute_load": 18}
QUERY, INTVAR, RAND, USER_VAR, FDE, STOP = 2, 5, 13, 14, 15, 3
STMT_END = 1
LONG, STRING = 3, 254


@dataclass
class Binlog:
    """Events written one after another, each with its v4 header (log_pos its end)."""

    server_version: str
    post_headers: bytes
    data: bytearray = field(default_factory=lambda: bytearray(MAGIC))

    def event(self, type_code: int, body: bytes) -> None:
        length = 19 + len(body)
        end = len(self.data) + length
        self.data += struct.pack("<IBIIIH", WHEN, type_code, 1, length, end, 0) + body

    def fde(self) -> None:
        self.event(FDE, struct.pack("<H50sIB", 4, self.server_version.encode(), WHEN, 19)
                   + self.post_headers)

    def query(self, sql: str, type_code: int = QUERY, extra: bytes = b"") -> None:
        """A QUERY_EVENT (thread 1, no status variables) in database test; ``extra``
        follows its 13-byte post-header (EXECUTE_LOAD_QUERY's)."""
        self.event(type_code, struct.pack("<IIBHH", 1, 0, 4, 0, 0) + extra
                   + b"test\0" + sql.encode())


def table_map(table_id: int, table: str, types: bytes) -> bytes:
    """A TABLE_MAP_EVENT body as 5.1.17 and earlier wrote it: no metadata, no null
    bitmap after the column types."""
    return (table_id.to_bytes(6, "little") + b"\0\0" + b"\x04test\0"
            + bytes([len(table)]) + table.encode() + b"\0" + bytes([len(types)]) + types)


def t1_row(a: int, b: str) -> bytes:
    """A row image of t1 (a INT, b CHAR(50)): its null bitmap, a, b as 5.1's
    Field_string::pack writes it (one length byte, trailing spaces dropped)."""
    return b"\0" + struct.pack("<i", a) + bytes([len(b)]) + b.encode()


def rows(table_id: int, images: list[bytes], after_bitmap: bool) -> bytes:
    """A rows event body, the end of its statement: both columns in the bitmap, and in
    the after-image bitmap of a v1 update (a pre-GA update has one bitmap)."""
    return (table_id.to_bytes(6, "little") + struct.pack("<H", STMT_END) + b"\x02\x03"
            + b"\x03" * after_bitmap + b"".join(images))


def row_part(log: Binlog, codes: dict[str, int]) -> None:
    """binlog_old_versions.test's row-based part, on MyISAM t1."""
    statements = [
        ("write", [t1_row(0, "one"), t1_row(1, "two")]),
        ("update", [t1_row(0, "one"), t1_row(1, "one"), t1_row(1, "two"), t1_row(2, "two")]),
        ("delete", [t1_row(2, "two")]),
    ]
    for table_id, (kind, images) in enumerate(statements, start=17):
        log.event(codes["table_map"], table_map(table_id, "t1", bytes([LONG, STRING])))
        log.event(codes[kind], rows(table_id, images, kind == "update" and codes is GA))


def statement_part(log: Binlog, codes: dict[str, int]) -> None:
    """binlog_old_versions.test's statement-based part."""
    log.query("BEGIN")
    log.query("INSERT INTO t2 VALUES (3, 'first stm in trx')")
    log.query("INSERT INTO t1 VALUES (3, 'last stm in trx: next event should be xid')")
    log.event(codes["xid"], struct.pack("<Q", 14))
    log.event(USER_VAR, struct.pack("<I", 1) + b"x\0\x02" + struct.pack("<IIq", 63, 8, 4))
    log.query("INSERT INTO t1 VALUES (@x, 'four')")
    log.event(RAND, struct.pack("<QQ", 704766009, 1022580755))
    log.query("INSERT INTO t1 VALUES (RAND() * 1000000, 'random')")
    log.event(INTVAR, b"\x01" + struct.pack("<Q", 0))
    log.query("INSERT INTO t1 VALUES (LAST_INSERT_ID(), 'last_insert_id')")
    log.event(codes["begin_load"], struct.pack("<I", 1) + b"Aarhus\nAaron\nAbbas\n")
    sql = "LOAD DATA INFILE '../tmp/SQL_LOAD-1-2-1.data' INTO TABLE t3"
    start = sql.index("'")
    load = struct.pack("<IIIB", 1, start, start + len("'../tmp/SQL_LOAD-1-2-1.data'"), 0)
    log.query(sql, codes["execute_load"], load)


def write(name: str, version: str, post_headers: bytes, codes: dict[str, int],
          parts: tuple[str, ...]) -> Path:
    log = Binlog(version, post_headers)
    log.fde()
    log.query("CREATE TABLE t1 (a int, b char(50)) ENGINE = MyISAM")
    log.query("CREATE TABLE t2 (a int, b char(50)) ENGINE = InnoDB")
    log.query("CREATE TABLE t3 (a char(20))")
    if "row" in parts:
        row_part(log, codes)
    if "statement" in parts:
        statement_part(log, codes)
    log.event(STOP, b"")
    path = OUT / name
    path.write_bytes(bytes(log.data))
    return path


def main() -> int:
    OUT.mkdir(parents=True, exist_ok=True)
    drop = "5.2.2-a_drop6p13-alpha-log"
    for path in (
        write("ver_5_1-wl2325_r.001", drop, DROP_POST_HEADERS, DROP, ("row",)),
        write("ver_5_1-wl2325_s.001", drop, DROP_POST_HEADERS, DROP, ("statement",)),
        write("ver_5_1_17.001", "5.1.17-beta-debug-log", GA_POST_HEADERS, GA,
              ("row", "statement")),
    ):
        print(f"{path.relative_to(OUT.parent.parent.parent)}: {path.stat().st_size} bytes")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
