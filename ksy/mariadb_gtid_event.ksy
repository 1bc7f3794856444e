meta:
  id: mariadb_gtid_event
  title: MariaDB GTID_EVENT body
  application: MariaDB server 10.0 and later
  license: MIT
  ks-version: '0.11'
  imports:
    - mysql_uint64
  endian: le
doc: |
  Body of MariaDB's GTID_EVENT (type 162), the first event of every event group (10.0+):
  it replaces the BEGIN query of a transaction, or marks a standalone statement such as a
  DDL. The GTID is domain_id-server_id-seq_no, server_id being the one in the event
  header. The post-header is 19 bytes (GTID_HEADER_LEN); what follows depends on flags,
  read in this order as Gtid_log_event::Gtid_log_event(const uchar *buf, ...) does:

  * commit_id (8 bytes) when FL_GROUP_COMMIT_ID is set; otherwise the post-header ends
    with zero padding up to 19 bytes;
  * the XID (format id, gtrid and bqual lengths, then the data) when FL_PREPARED_XA or
    FL_COMPLETED_XA is set (10.5+);
  * when bytes remain, the flags_extra byte (MDEV-21117, 2021; a zero padding byte reads
    as an empty flags_extra, exactly as in MariaDB), then extra_engines (1 byte) when
    FL_EXTRA_MULTI_ENGINE_E1 is set, sa_seq_no (8 bytes, the GTID seq_no of the START
    ALTER) when FL_COMMIT_ALTER_E1 or FL_ROLLBACK_ALTER_E1 is set (10.8+,
    binlog_alter_two_phase), and thread_id (4 bytes) when FL_EXTRA_THREAD_ID is set
    (11.5+, MDEV-7850).

  Any bytes left over (zero padding) are in `padding`.
doc-ref:
  - https://github.com/MariaDB/server/blob/main/sql/log_event.cc
  - https://github.com/MariaDB/server/blob/main/sql/log_event.h
  - https://mariadb.com/kb/en/gtid_event/
seq:
  - id: seq_no
    type: mysql_uint64
    doc: Sequence number of the GTID.
  - id: domain_id
    type: u4
    doc: Replication domain id of the GTID.
  - id: flags2
    type: u1
    doc: Bit field, see enum flag2 and the is_* instances.
  - id: commit_id
    type: mysql_uint64
    if: is_group_commit_id
    doc: Id shared by the event groups of one group commit on the primary.
  - id: xid
    type: xid
    if: is_prepared_xa or is_completed_xa
    doc: The XA transaction id (XA PREPARE groups and their XA COMMIT/ROLLBACK).
  - id: flags_extra
    type: u1
    if: _io.size > flags_extra_pos
    doc: Extra bit field, see enum flag_extra; absent in events that end after the post-header.
  - id: extra_engines
    type: u1
    if: is_extra_multi_engine
    doc: |
      Number of storage engines the transaction used besides the first one; 255 (unknown)
      in the XA PREPARE group of an XA transaction, as MariaDB 10.11 writes it.
  - id: sa_seq_no
    type: mysql_uint64
    if: is_commit_alter or is_rollback_alter
    doc: seq_no of the START ALTER event group this COMMIT/ROLLBACK ALTER completes.
  - id: thread_id
    type: u4
    if: has_thread_id
    doc: Id of the connection that ran the transaction (11.5+).
  - id: padding
    size-eos: true
    doc: Zero bytes padding the event to the 19-byte post-header length.
instances:
  flags_extra_pos:
    value: '13 + (is_group_commit_id ? 8 : 0) + (is_prepared_xa or is_completed_xa ? 6 + xid.len_gtrid + xid.len_bqual : 0)'
    doc: Body offset where flags_extra would be.
  flags_extra_value:
    value: '_io.size > flags_extra_pos ? flags_extra : 0'
    doc: flags_extra, or 0 when the byte is absent.
  is_standalone:
    -orig-id: FL_STANDALONE
    value: (flags2 & flag2::standalone.to_i) != 0
    doc: No terminating COMMIT/XID event follows (DDL and other non-transactional statements).
  is_group_commit_id:
    -orig-id: FL_GROUP_COMMIT_ID
    value: (flags2 & flag2::group_commit_id.to_i) != 0
    doc: The event group was part of a group commit; commit_id is present.
  is_transactional:
    -orig-id: FL_TRANSACTIONAL
    value: (flags2 & flag2::transactional.to_i) != 0
    doc: The event group can be rolled back safely (transactional engines only).
  is_allow_parallel:
    -orig-id: FL_ALLOW_PARALLEL
    value: (flags2 & flag2::allow_parallel.to_i) != 0
    doc: Parallel replication may run it (skip_parallel_replication was off).
  is_waited:
    -orig-id: FL_WAITED
    value: (flags2 & flag2::waited.to_i) != 0
    doc: A row lock wait or similar was seen while it ran on the primary.
  is_ddl:
    -orig-id: FL_DDL
    value: (flags2 & flag2::ddl.to_i) != 0
    doc: The event group contains DDL.
  is_prepared_xa:
    -orig-id: FL_PREPARED_XA
    value: (flags2 & flag2::prepared_xa.to_i) != 0
    doc: An XA transaction's XA PREPARE group; xid is present.
  is_completed_xa:
    -orig-id: FL_COMPLETED_XA
    value: (flags2 & flag2::completed_xa.to_i) != 0
    doc: The XA COMMIT or XA ROLLBACK of a prepared XA transaction; xid is present.
  is_extra_multi_engine:
    -orig-id: FL_EXTRA_MULTI_ENGINE_E1
    value: (flags_extra_value & flag_extra::extra_multi_engine.to_i) != 0
    doc: The transaction used more than one storage engine; extra_engines is present.
  is_start_alter:
    -orig-id: FL_START_ALTER_E1
    value: (flags_extra_value & flag_extra::start_alter.to_i) != 0
    doc: First phase (START ALTER) of a two-phase logged ALTER TABLE.
  is_commit_alter:
    -orig-id: FL_COMMIT_ALTER_E1
    value: (flags_extra_value & flag_extra::commit_alter.to_i) != 0
    doc: COMMIT ALTER of a two-phase logged ALTER TABLE; sa_seq_no is present.
  is_rollback_alter:
    -orig-id: FL_ROLLBACK_ALTER_E1
    value: (flags_extra_value & flag_extra::rollback_alter.to_i) != 0
    doc: ROLLBACK ALTER of a two-phase logged ALTER TABLE; sa_seq_no is present.
  has_thread_id:
    -orig-id: FL_EXTRA_THREAD_ID
    value: (flags_extra_value & flag_extra::extra_thread_id.to_i) != 0
    doc: thread_id is present (11.5+).
types:
  xid:
    doc: An XA transaction id (XID), as written in the GTID event.
    seq:
      - id: format_id
        -orig-id: formatID
        type: u4
        doc: The XID format id (formatID), 1 by default.
      - id: len_gtrid
        -orig-id: gtrid_length
        type: u1
        doc: Length of the global transaction id part.
      - id: len_bqual
        -orig-id: bqual_length
        type: u1
        doc: Length of the branch qualifier part.
      - id: gtrid
        size: len_gtrid
        doc: Global transaction id (user-chosen bytes).
      - id: bqual
        size: len_bqual
        doc: Branch qualifier (user-chosen bytes).
enums:
  flag2:
    0x01:
      id: standalone
      -orig-id: FL_STANDALONE
    0x02:
      id: group_commit_id
      -orig-id: FL_GROUP_COMMIT_ID
    0x04:
      id: transactional
      -orig-id: FL_TRANSACTIONAL
    0x08:
      id: allow_parallel
      -orig-id: FL_ALLOW_PARALLEL
    0x10:
      id: waited
      -orig-id: FL_WAITED
    0x20:
      id: ddl
      -orig-id: FL_DDL
    0x40:
      id: prepared_xa
      -orig-id: FL_PREPARED_XA
    0x80:
      id: completed_xa
      -orig-id: FL_COMPLETED_XA
  flag_extra:
    0x01:
      id: extra_multi_engine
      -orig-id: FL_EXTRA_MULTI_ENGINE_E1
    0x02:
      id: start_alter
      -orig-id: FL_START_ALTER_E1
    0x04:
      id: commit_alter
      -orig-id: FL_COMMIT_ALTER_E1
    0x08:
      id: rollback_alter
      -orig-id: FL_ROLLBACK_ALTER_E1
    0x10:
      id: extra_thread_id
      -orig-id: FL_EXTRA_THREAD_ID
