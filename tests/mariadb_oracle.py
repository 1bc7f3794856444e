"""mariadb-binlog as a test oracle: which events, at which positions, are in a binlog file.

``oracle_events(path)`` runs ``mariadb-binlog --hexdump --base64-output=never`` and
returns ``[(position, type_name), ...]``. Positions come from its ``# at N`` lines, the type
code from the hex dump of each event header, and the name is MariaDB's own name for that
code (``Log_event::get_type_str``: the names SHOW BINLOG EVENTS shows, e.g. ``Format_desc``,
``Gtid``, ``Write_rows_v1``). The parser cross-checks every event: position + size must
equal the header's end_log_pos, and the text mariadb-binlog prints for the event must
start with the label expected for that code (``MARIADB_BINLOG_LABELS``).

Quirks of mariadb-binlog's output that the parser handles:

* it prints an Annotate_rows event together with the following Table_map, so two
  ``# at`` lines come before the two headers (and the hex dump's own position column is
  wrong for the pair); positions are therefore taken from the ``# at`` lines, in order;
* for compressed rows events (166-171) the dump shows the decompressed event, i.e. the
  plain rows type code (23-25, 30-32) and the uncompressed size; the label
  (``Write_compressed_rows: ...``) gives the real type, end_log_pos - pos the real size;
* it cannot decrypt encrypted binlogs offline: after Format_desc it prints
  ``# Encryption scheme: 1, key_version: 1, nonce: ...`` and
  ``# The rest of the binlog is encrypted!`` for Start_encryption, then fails with
  ``ERROR: Error in Log_event::read_log_event(): 'Event decryption failure' ...`` and
  exit status 1. ``run_mariadb_binlog(path, allow_errors=True)`` returns those first two
  events; ``oracle_events`` raises.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from dataclasses import dataclass, replace
from pathlib import Path

#: MariaDB event type codes and the server's names for them (sql/log_event.cc,
#: Log_event::get_type_str). 0-41: MySQL-compatible numbering; 160-171: MariaDB-only.
MARIADB_TYPE_NAMES: dict[int, str] = {
    0: "Unknown",
    1: "Start_v3",
    2: "Query",
    3: "Stop",
    4: "Rotate",
    5: "Intvar",
    6: "Load",
    7: "Slave",
    8: "Create_file",
    9: "Append_block",
    10: "Exec_load",
    11: "Delete_file",
    12: "New_load",
    13: "RAND",
    14: "User var",
    15: "Format_desc",
    16: "Xid",
    17: "Begin_load_query",
    18: "Execute_load_query",
    19: "Table_map",
    20: "Write_rows_event_old",
    21: "Update_rows_event_old",
    22: "Delete_rows_event_old",
    23: "Write_rows_v1",
    24: "Update_rows_v1",
    25: "Delete_rows_v1",
    26: "Incident",
    27: "Heartbeat",
    28: "Ignorable log event",
    29: "MySQL Rows_query",
    30: "Write_rows",
    31: "Update_rows",
    32: "Delete_rows",
    33: "MySQL Gtid",
    34: "MySQL Anonymous_Gtid",
    35: "MySQL Previous_gtids",
    36: "Transaction_context",
    37: "View_change",
    38: "XA_prepare",
    39: "MySQL Update_rows_partial",
    40: "MySQL Transaction_payload",
    41: "MySQL Heartbeat",
    160: "Annotate_rows",
    161: "Binlog_checkpoint",
    162: "Gtid",
    163: "Gtid_list",
    164: "Start_encryption",
    165: "Query_compressed",
    166: "Write_rows_compressed_v1",
    167: "Update_rows_compressed_v1",
    168: "Delete_rows_compressed_v1",
    169: "Write_rows_compressed",
    170: "Update_rows_compressed",
    171: "Delete_rows_compressed",
}

#: How mariadb-binlog's description of an event starts, per type code (as observed with
#: MariaDB 10.11). Codes not listed are not checked.
MARIADB_BINLOG_LABELS: dict[int, str] = {
    2: "Query\t",
    3: "Stop",
    4: "Rotate to ",
    5: "Intvar",
    13: "Rand",
    14: "User_var",
    15: "Start: binlog v ",
    16: "Xid = ",
    17: "Begin_load_query:",
    18: "Execute_load_query\t",
    19: "Table_map: ",
    23: "Write_rows: ",
    24: "Update_rows: ",
    25: "Delete_rows: ",
    38: "XID = ",
    160: "Annotate_rows:",
    161: "Binlog checkpoint ",
    162: "GTID ",
    163: "Gtid list ",
    164: "Encryption scheme: ",
    165: "Query_compressed\t",
    166: "Write_compressed_rows: ",
    167: "Update_compressed_rows: ",
    168: "Delete_compressed_rows: ",
}

START_ENCRYPTION = 164

# mariadb-binlog --hexdump shows a compressed rows event after decompressing it: the dumped
# header has the plain rows type (and size); only the label tells it was compressed.
_COMPRESSED_ROWS: dict[tuple[int, str], int] = {
    (23, "Write_compressed_rows"): 166,
    (24, "Update_compressed_rows"): 167,
    (25, "Delete_compressed_rows"): 168,
    (30, "Write_compressed_rows"): 169,
    (31, "Update_compressed_rows"): 170,
    (32, "Delete_compressed_rows"): 171,
}

_AT = re.compile(r"^# at (\d+)\s*$")
# "#      16f  |eb f3 01 6b |02   |01 00 00 00 |53 00 00 00 |c2 01 00 00 |08 00"
_HEADER = re.compile(
    r"^#\s+[0-9a-f]+\s+\|(?P<ts>(?:[0-9a-f]{2} ?){4})\s*\|(?P<type>[0-9a-f]{2})\s*"
    r"\|(?P<server_id>(?:[0-9a-f]{2} ?){4})\s*\|(?P<size>(?:[0-9a-f]{2} ?){4})\s*"
    r"\|(?P<end>(?:[0-9a-f]{2} ?){4})\s*\|(?P<flags>(?:[0-9a-f]{2} ?){2})\s*$"
)
_EVENT = re.compile(r"^# Event: ?\t?(?P<text>.*)$")
_ENCRYPTION = re.compile(r"^# (?P<text>Encryption scheme: .*)$")


class OracleError(AssertionError):
    """mariadb-binlog failed, or its output was not what the parser expects."""


@dataclass(frozen=True)
class OracleEvent:
    """One event as mariadb-binlog shows it. ``size``/``end_log_pos``/``flags`` are None
    for Start_encryption, whose header mariadb-binlog does not dump."""

    pos: int
    type_code: int
    size: int | None
    end_log_pos: int | None
    flags: int | None
    label: str

    @property
    def name(self) -> str:
        return type_name(self.type_code)


def type_name(type_code: int) -> str:
    """MariaDB's name for an event type code (``Unknown(N)`` for codes it does not know)."""
    return MARIADB_TYPE_NAMES.get(type_code, f"Unknown({type_code})")


def mariadb_binlog_program() -> str | None:
    """Path of mariadb-binlog (or the older mysqlbinlog name), None if not installed."""
    return shutil.which("mariadb-binlog") or shutil.which("mysqlbinlog")


def _le(hex_bytes: str) -> int:
    return int.from_bytes(bytes.fromhex(hex_bytes), "little")


def parse_hexdump_output(text: str) -> list[OracleEvent]:
    """Parse ``mariadb-binlog --hexdump`` output into events (see the module docstring)."""
    pending: list[int] = []  # "# at" positions not yet matched with a header, in order
    found: list[OracleEvent] = []
    labelled = 0  # found[labelled:] still wait for their "# Event:" line
    label_on_next_line = False  # "# Event:" was empty (Begin_load_query): use next line
    for line in text.splitlines():
        if label_on_next_line:
            found[labelled - 1] = replace(found[labelled - 1], label=line.lstrip("#").strip())
            label_on_next_line = False
        elif m := _AT.match(line):
            pending.append(int(m[1]))
        elif m := _HEADER.match(line):
            if not pending:
                raise OracleError(f"event header without a '# at' line: {line!r}")
            pos, size, end = pending.pop(0), _le(m["size"]), _le(m["end"])
            found.append(OracleEvent(pos, int(m["type"], 16), size, end, _le(m["flags"]), ""))
        elif m := _EVENT.match(line):
            if labelled >= len(found):
                raise OracleError(f"'# Event:' line without a header: {line!r}")
            label = m["text"].strip()
            found[labelled] = replace(found[labelled], label=label)
            labelled += 1
            label_on_next_line = not label
        elif m := _ENCRYPTION.match(line):
            if not pending or labelled != len(found):
                raise OracleError(f"unexpected Start_encryption output: {line!r}")
            found.append(OracleEvent(pending.pop(0), START_ENCRYPTION, None, None, None, m[1]))
            labelled += 1

    for i, event in enumerate(found):
        compressed = _COMPRESSED_ROWS.get((event.type_code, event.label.split(":")[0]))
        if compressed is not None and event.end_log_pos:
            # The dump shows the decompressed event: uncompressed type and size.
            event = found[i] = replace(
                event, type_code=compressed, size=event.end_log_pos - event.pos
            )
        if event.size is not None and event.end_log_pos and (
            event.pos + event.size != event.end_log_pos
        ):
            raise OracleError(
                f"at {event.pos}: size {event.size} does not end at {event.end_log_pos}"
            )
        expected = MARIADB_BINLOG_LABELS.get(event.type_code)
        if expected is not None and not event.label.startswith(expected):
            raise OracleError(
                f"at {event.pos}: type {event.type_code} ({event.name}) but mariadb-binlog"
                f" printed {event.label!r}, expected it to start with {expected!r}"
            )
    return found


def run_mariadb_binlog(
    path: str | Path, *, allow_errors: bool = False
) -> tuple[list[OracleEvent], str]:
    """Run mariadb-binlog on one file; return its events and its stderr.

    Raises OracleError if mariadb-binlog fails or warns, unless ``allow_errors`` (then the
    events it printed before failing are returned, e.g. for encrypted files or MySQL 8
    event types it does not know).
    """
    prog = mariadb_binlog_program()
    if prog is None:
        raise OracleError("mariadb-binlog is not installed")
    res = subprocess.run(
        [prog, "--hexdump", "--base64-output=never", str(path)],
        capture_output=True,
        text=True,
        errors="replace",
        check=False,
    )
    if res.returncode != 0 and not allow_errors:
        raise OracleError(f"mariadb-binlog failed on {path} ({res.returncode}):\n{res.stderr}")
    events = parse_hexdump_output(res.stdout)
    if res.returncode == 0 and res.stderr.strip() and not allow_errors:
        raise OracleError(f"mariadb-binlog warned on {path}:\n{res.stderr}")
    return events, res.stderr


def oracle_events(path: str | Path) -> list[tuple[int, str]]:
    """(position, type name) of every event of a binlog file, according to mariadb-binlog."""
    events, _stderr = run_mariadb_binlog(path)
    return [(ev.pos, ev.name) for ev in events]


def oracle_type_codes(path: str | Path) -> list[tuple[int, int]]:
    """(position, type code) of every event of a binlog file, according to mariadb-binlog."""
    events, _stderr = run_mariadb_binlog(path)
    return [(ev.pos, ev.type_code) for ev in events]
