"""Kinds of events by type code, declared once from the spec's ``event_type`` enum.

Every module that asks "is this a rows event, a statement, a GTID?" takes the answer
from here, so the sets cannot drift apart.
"""

from __future__ import annotations

from generated.mysql_binlog import MysqlBinlog

EventType = MysqlBinlog.EventType
_E = EventType

WRITE_ROWS = frozenset({
    _E.pre_ga_write_rows_event, _E.write_rows_event_v1, _E.write_rows_event,
    _E.write_rows_compressed_event_v1, _E.write_rows_compressed_event,
})
UPDATE_ROWS = frozenset({
    _E.pre_ga_update_rows_event, _E.update_rows_event_v1, _E.update_rows_event,
    _E.partial_update_rows_event, _E.update_rows_compressed_event_v1,
    _E.update_rows_compressed_event,
})
DELETE_ROWS = frozenset({
    _E.pre_ga_delete_rows_event, _E.delete_rows_event_v1, _E.delete_rows_event,
    _E.delete_rows_compressed_event_v1, _E.delete_rows_compressed_event,
})
ROWS = WRITE_ROWS | UPDATE_ROWS | DELETE_ROWS
"""Events that carry row images (MySQL's v0, v1, v2 and partial updates; MariaDB's
compressed v1 and v2)."""

QUERY = frozenset({_E.query_event, _E.execute_load_query_event, _E.query_compressed_event})
"""Events that carry a statement (a QUERY_EVENT body)."""

MYSQL_GTID = frozenset({_E.gtid_log_event, _E.anonymous_gtid_log_event,
                        _E.gtid_tagged_log_event})
GTID = MYSQL_GTID | {_E.gtid_event}
"""Events that start a transaction with its GTID (MySQL's three, MariaDB's one)."""

MARIADB_ONLY = frozenset({
    _E.annotate_rows_event, _E.binlog_checkpoint_event, _E.gtid_event, _E.gtid_list_event,
    _E.start_encryption_event, _E.query_compressed_event,
})
"""Events only MariaDB writes: seeing one tells a reader which server wrote the file."""

FILE_LEVEL = frozenset({
    _E.start_event_v3, _E.format_description_event, _E.rotate_event, _E.stop_event,
    _E.previous_gtids_log_event, _E.gtid_list_event, _E.binlog_checkpoint_event,
    _E.heartbeat_log_event, _E.start_encryption_event, _E.incident_event,
})
"""Events that belong to the file, not to a transaction."""
