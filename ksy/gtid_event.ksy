meta:
  id: gtid_event
  title: MySQL GTID_LOG_EVENT and ANONYMOUS_GTID_LOG_EVENT body
  application: MySQL server 5.6 and later
  license: MIT
  ks-version: '0.11'
  imports:
    - mysql_packed_int
    - mysql_uint64
  endian: le
doc: |
  Body of GTID_LOG_EVENT (type 33) and ANONYMOUS_GTID_LOG_EVENT (type 34), the first event
  of every transaction when the server writes GTIDs (33) or not (34, with an all-zero sid
  and gno 0). The body has grown over the versions and a reader must accept every length:

  * 5.6: flags, sid, gno (25 bytes);
  * 5.7.5+: + logical clock type code 2, last_committed, sequence_number (42 bytes);
  * 8.0.1+: + immediate commit timestamp and, when it differs, the original one;
  * 8.0.2+: + transaction_length (a packed integer);
  * 8.0.14+: + immediate server version and, when it differs, the original one;
  * 8.0.27+: + commit_group_ticket (only written when set).

  Each optional part is present only when the body still has the bytes for it, which is
  exactly how MySQL's reader decides (Gtid_event::Gtid_event(const char *buf, ...)):
  1 byte left for the type code; the logical clock only if the type code is 2 (older
  5.7.4-and-before layouts are ignored, as MySQL does, and end up in `rest`); 7 bytes
  for the immediate commit timestamp; then 1 byte for transaction_length; then 4 bytes for
  the immediate server version; then 8 bytes for the commit group ticket.

  The sid is exposed as its 16 raw bytes; formatting it as a UUID is left to the reader.
doc-ref:
  - https://github.com/mysql/mysql-server/blob/trunk/libs/mysql/binlog/event/control_events.cpp
  - https://github.com/mysql/mysql-server/blob/trunk/libs/mysql/binlog/event/control_events.h
  - https://dev.mysql.com/doc/dev/mysql-server/latest/classmysql_1_1binlog_1_1event_1_1Gtid__event.html
seq:
  - id: gtid_flags
    type: u1
    doc: |
      Bit field, see enum gtid_flag. Bit 0 (may_have_sbr) is always set by 5.6, 5.7.0-5.7.18
      and 8.0.0-8.0.1; later versions set it only when part of the transaction is logged in
      statement format.
  - id: sid
    -orig-id: tsid_parent_struct.uuid
    size: 16
    doc: Source id (server UUID) as 16 raw bytes, all zero in anonymous GTID events.
  - id: gno
    -orig-id: gtid_info_struct.rpl_gtid_gno
    type: mysql_uint64
    doc: Transaction number, 1 or more in GTID events, 0 in anonymous GTID events (int64 in MySQL).
  - id: lc_typecode
    type: u1
    if: _io.size > 25
    doc: Logical clock type code; only 2 (LOGICAL_TIMESTAMP_TYPECODE) is understood. Absent in 5.6.
  - id: last_committed
    type: mysql_uint64
    if: has_logical_clock
    doc: sequence_number of the transaction this one's commit depends on (int64 in MySQL).
  - id: sequence_number
    type: mysql_uint64
    if: has_logical_clock
    doc: Logical timestamp of this transaction within the binlog file (int64 in MySQL).
  - id: immediate_commit_timestamp
    type: uint56
    if: has_commit_timestamps
    doc: |
      Commit time on the immediate source, microseconds since the epoch, in the low 55 bits;
      the top bit says an original commit timestamp follows.
  - id: original_commit_timestamp
    type: uint56
    if: has_original_commit_timestamp
    doc: Commit time on the originating server, microseconds since the epoch.
  - id: transaction_length
    type: mysql_packed_int
    if: has_transaction_length
    doc: Length in bytes of the whole transaction, this event included.
  - id: immediate_server_version_raw
    -orig-id: immediate_server_version
    type: u4
    if: has_server_versions
    doc: |
      Version of the immediate server (major*10000 + minor*100 + patch) in the low 31 bits;
      the top bit says an original server version follows.
  - id: original_server_version_raw
    -orig-id: original_server_version
    type: u4
    if: has_original_server_version
    doc: Version of the server where the transaction was first executed.
  - id: commit_group_ticket
    type: mysql_uint64
    if: has_commit_group_ticket
    doc: Binlog group commit ticket (8.0.27+), written only when one was assigned.
  - id: rest
    size-eos: true
    doc: Bytes MySQL does not read (an old logical clock layout or a future field); normally empty.
instances:
  may_have_sbr:
    -orig-id: may_have_sbr_stmts
    value: (gtid_flags & gtid_flag::may_have_sbr.to_i) != 0
    doc: The transaction may contain statement-based events.
  has_logical_clock:
    value: _io.size >= 42 and lc_typecode == 2
    doc: last_committed and sequence_number are present (5.7.5 and later).
  has_commit_timestamps:
    value: has_logical_clock and _io.size >= 49
    doc: The commit timestamps are present (8.0.1 and later).
  has_original_commit_timestamp:
    value: has_commit_timestamps and immediate_commit_timestamp.top_bit and _io.size >= 56
    doc: |
      An original commit timestamp is written, i.e. the transaction was replicated and
      its original commit time differs from the immediate one.
  commit_timestamps_end:
    value: 'has_original_commit_timestamp ? 56 : 49'
    doc: Body offset just after the commit timestamps.
  has_transaction_length:
    value: has_commit_timestamps and _io.size > commit_timestamps_end
    doc: transaction_length is present (8.0.2 and later).
  transaction_length_size:
    value: |
      transaction_length.first == 252 ? 3 :
      transaction_length.first == 253 ? 4 :
      transaction_length.first == 254 ? 9 : 1
    if: has_transaction_length
    doc: Encoded size of transaction_length in bytes (as mysql_packed_int reads it).
  server_versions_start:
    value: 'commit_timestamps_end + (has_transaction_length ? transaction_length_size : 0)'
    doc: Body offset where the server versions start.
  has_server_versions:
    value: has_transaction_length and _io.size >= server_versions_start + 4
    doc: The immediate server version is present (8.0.14 and later).
  has_original_server_version:
    value: has_server_versions and (immediate_server_version_raw & 0x80000000) != 0 and _io.size >= server_versions_start + 8
    doc: An original server version different from the immediate one is written.
  server_versions_end:
    value: 'server_versions_start + (has_original_server_version ? 8 : 4)'
    doc: Body offset just after the server versions.
  has_commit_group_ticket:
    value: has_server_versions and _io.size >= server_versions_end + 8
    doc: commit_group_ticket is present (8.0.27 and later, when set).
  immediate_commit_ts:
    value: 'has_commit_timestamps ? immediate_commit_timestamp.low55 : 0'
    doc: Immediate commit timestamp in microseconds since the epoch (0 when absent).
  original_commit_ts:
    value: 'has_original_commit_timestamp ? original_commit_timestamp.value : immediate_commit_ts'
    doc: Original commit timestamp in microseconds; equal to the immediate one when not written.
  immediate_server_version:
    value: 'has_server_versions ? (immediate_server_version_raw & 0x7fffffff) : has_commit_timestamps ? 999999 : 0'
    doc: |
      Immediate server version; as in MySQL 999999 (UNDEFINED_SERVER_VERSION) when the
      event has commit timestamps but no version, 0 when it has neither.
  original_server_version:
    value: 'has_original_server_version ? original_server_version_raw : immediate_server_version'
    doc: Original server version; equal to the immediate one when not written.
types:
  uint56:
    doc: |
      A 7-byte little-endian unsigned integer read in three pieces, so that values below
      2^53 stay exact in every target language.
    seq:
      - id: lo
        type: u4
      - id: mid
        type: u2
      - id: hi
        type: u1
    instances:
      value:
        value: lo + mid * 0x100000000 + hi * 0x1000000000000
        doc: All 56 bits.
      top_bit:
        value: (hi & 0x80) != 0
        doc: Bit 55, used as a "second value follows" flag by the commit timestamps.
      low55:
        value: lo + mid * 0x100000000 + (hi & 0x7f) * 0x1000000000000
        doc: The low 55 bits.
enums:
  gtid_flag:
    1:
      id: may_have_sbr
      -orig-id: FLAG_MAY_HAVE_SBR
      doc: The transaction may have changes logged in statement format.
