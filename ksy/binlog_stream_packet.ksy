meta:
  id: binlog_stream_packet
  title: MySQL / MariaDB replication stream packet (the source's replies to a binlog dump)
  application:
    - MySQL Server
    - MariaDB Server
  license: MIT
  ks-version: '0.11'
  imports:
    - mysql_binlog
    - mysql_event_type
    - mysql_uint64
    - mysql_packed_int
  endian: le
doc: |
  The payload of one packet of the stream a source sends a replica after
  COM_BINLOG_DUMP or COM_BINLOG_DUMP_GTID (the 4-byte packet header, a 3-byte length and
  a sequence number, taken off, and a payload of 2^24-1 bytes joined with the packets
  that continue it): one binlog event, the end of the stream, or an error.

  An event packet is a 0x00 lead byte, the semi-sync header when semi-synchronous
  replication was negotiated, then the event's bytes exactly as the binlog file holds them
  (a `mysql_binlog::event`; its CRC32 footer included when the replica announced that it
  understands checksums, see `@master_binlog_checksum`) with these exceptions, which
  are not in any file:

  * the stream starts with an artificial ROTATE_EVENT (timestamp 0, log_pos 0,
    LOG_EVENT_ARTIFICIAL_F) naming the file the dump starts in, and the source sends one
    again before each later file;
  * a dump starting past offset 4 is sent the file's FORMAT_DESCRIPTION_EVENT again,
    with log_pos 0 (and MySQL's `created` 0); one starting at offset 4 gets the file's
    own, whose LOG_EVENT_BINLOG_IN_USE_F the source clears (the closed file has it
    cleared too);
  * an idle source sends HEARTBEAT_LOG_EVENT (MySQL 8.0.26+: HEARTBEAT_LOG_EVENT_V2,
    see `heartbeat_v2`) every `@master_heartbeat_period` nanoseconds;
  * MariaDB starting from a GTID position sends an artificial GTID_LIST_EVENT: flagged
    LOG_EVENT_ARTIFICIAL_F, with a real log_pos (the position the dump starts from, as
    captured from MariaDB 10.11 in tests/fixtures/streams), not 0.

  A non-blocking dump (flag BINLOG_DUMP_NON_BLOCK) ends with an EOF packet once the last
  binlog's last event was sent; a blocking one waits for more events. An error (purged
  file, missing privilege...) is an ERR packet, after which the source closes the
  connection.

  The commands a replica sends to start the stream are declared below
  (`com_register_slave`, `com_binlog_dump`, `com_binlog_dump_gtid`), as the source
  reads them.
doc-ref:
  - https://dev.mysql.com/doc/dev/mysql-server/latest/page_protocol_replication.html
  - https://dev.mysql.com/doc/dev/mysql-server/latest/page_protocol_basic_err_packet.html
  - https://mariadb.com/kb/en/com_binlog_dump/
  - https://mariadb.com/kb/en/semi-synchronous-replication/
params:
  - id: semi_sync
    type: bool
    doc: |
      Semi-synchronous replication is on at the source and the replica asked for it
      (`SET @rpl_semi_sync_slave = 1`): every event packet has the 2-byte semi-sync header.
seq:
  - id: status
    type: u1
    enum: status
  - id: body
    size-eos: true
    type:
      switch-on: status
      cases:
        'status::ok': event_packet(semi_sync)
        'status::err': err_packet
        'status::eof': eof_packet
types:
  event_packet:
    doc: One binlog event, after the semi-sync header when there is one.
    params:
      - id: semi_sync
        type: bool
    seq:
      - id: semi_sync_indicator
        type: u1
        valid: 0xef
        if: semi_sync
      - id: semi_sync_flags
        type: u1
        enum: semi_sync_flag
        if: semi_sync
        doc: |
          `reply_required` when the source waits for the replica to acknowledge this
          event (the last of a transaction) before it lets the commit return.
      - id: event
        size-eos: true
        doc: |
          The event's bytes, header to checksum: a `mysql_binlog::event` laid out by the
          FORMAT_DESCRIPTION_EVENT in force (the last one the stream carried).
    instances:
      ofs_event:
        value: 'semi_sync ? 2 : 0'
      header:
        pos: ofs_event
        type: mysql_binlog::event_header(19, false)
        doc: |
          The event's common header. Every source that streams binlogs writes v4 binlogs,
          whose common header is 19 bytes.
      is_artificial:
        value: |
          header.log_pos == 0 or header.is_artificial
          or header.type_code == mysql_event_type::event_type::heartbeat_log_event
          or header.type_code == mysql_event_type::event_type::heartbeat_log_event_v2
        doc: |
          Not in the binlog file: the ROTATE_EVENT before each file (LOG_EVENT_ARTIFICIAL_F,
          log_pos 0), the FORMAT_DESCRIPTION_EVENT sent again to a dump that starts past
          offset 4, MariaDB's GTID_LIST_EVENT at a GTID start (flagged, log_pos real), and heartbeats
          (whose log_pos is the source's position).

  err_packet:
    doc: An error; the source closes the connection after it.
    doc-ref: https://dev.mysql.com/doc/dev/mysql-server/latest/page_protocol_basic_err_packet.html
    seq:
      - id: error_code
        type: u2
        doc: |
          The server's error number, e.g. 1236 ER_MASTER_FATAL_ERROR_READING_BINLOG
          (purged or missing file, bad position), 1227 (no REPLICATION SLAVE privilege).
      - id: sql_state_marker
        contents: '#'
      - id: sql_state
        type: str
        size: 5
        encoding: ASCII
      - id: message
        -orig-id: error_message
        type: str
        size-eos: true
        encoding: UTF-8

  eof_packet:
    doc: |
      The end of a non-blocking dump: the source has sent the last event of its last
      binlog. Protocol 4.1's EOF packet (a replica that did not ask for
      CLIENT_DEPRECATE_EOF).
    seq:
      - id: warnings
        -orig-id: warning_count
        type: u2
      - id: status_flags
        type: u2

  heartbeat_v2:
    doc: |
      Body of HEARTBEAT_LOG_EVENT_V2 (MySQL 8.0.26+; the v1 body is
      `mysql_binlog::heartbeat_event`): fields as type, length, value, up to an end
      mark. Like v1, never written to a file.
    doc-ref: https://dev.mysql.com/doc/dev/mysql-server/latest/classbinary__log_1_1Heartbeat__event__v2.html
    seq:
      - id: fields
        type: heartbeat_v2_field
        repeat: until
        repeat-until: _.field_type == heartbeat_v2_field_type::header_end_mark or _io.eof

  heartbeat_v2_field:
    seq:
      - id: field_type
        type: u1
        enum: heartbeat_v2_field_type
        doc: A packed integer, one byte for every type MySQL defines.
      - id: len_value
        type: mysql_packed_int
        if: field_type != heartbeat_v2_field_type::header_end_mark
      - id: value
        size: len_value.value
        if: field_type != heartbeat_v2_field_type::header_end_mark
        doc: |
          log_filename: the source's current binlog; log_position: its current offset,
          a packed integer.

  com_register_slave:
    doc: |
      COM_REGISTER_SLAVE: the replica's identity, listed by the source's SHOW SLAVE HOSTS.
      The source answers OK or ERR.
    doc-ref: https://dev.mysql.com/doc/dev/mysql-server/latest/page_protocol_com_register_replica.html
    seq:
      - id: command
        contents: [0x15]
      - id: server_id
        type: u4
      - id: len_hostname
        type: u1
      - id: hostname
        -orig-id: report_host
        type: str
        size: len_hostname
        encoding: UTF-8
      - id: len_user
        type: u1
      - id: user
        -orig-id: report_user
        type: str
        size: len_user
        encoding: UTF-8
      - id: len_password
        type: u1
      - id: password
        -orig-id: report_password
        size: len_password
      - id: port
        -orig-id: report_port
        type: u2
      - id: replication_rank
        type: u4
        doc: Ignored by the source.
      - id: master_id
        type: u4
        doc: Ignored by the source (0).

  com_binlog_dump:
    doc: |
      COM_BINLOG_DUMP: stream the binlogs from a file and offset. MariaDB's GTID start
      is this command too, with the file name empty and `@slave_connect_state` set on the
      connection beforehand.
    doc-ref: https://dev.mysql.com/doc/dev/mysql-server/latest/page_protocol_com_binlog_dump.html
    seq:
      - id: command
        contents: [0x12]
      - id: binlog_pos
        type: u4
        doc: Offset in the file to start at (4 for its start).
      - id: flags
        type: u2
        doc: Bit set of `dump_flag`.
      - id: server_id
        type: u4
        doc: |
          The replica's server_id: the source drops an older dump connection with the same
          id (MariaDB, MySQL) and refuses its own.
      - id: binlog_filename
        type: str
        size-eos: true
        encoding: UTF-8
        doc: The file to start in, not NUL-terminated.

  com_binlog_dump_gtid:
    doc: |
      MySQL's COM_BINLOG_DUMP_GTID: stream every transaction not in the given GTID set,
      from the first binlog that holds one.
    doc-ref: https://dev.mysql.com/doc/dev/mysql-server/latest/page_protocol_com_binlog_dump_gtid.html
    seq:
      - id: command
        contents: [0x1e]
      - id: flags
        type: u2
        doc: Bit set of `dump_flag`; through_gtid is set when the GTID set is given.
      - id: server_id
        type: u4
      - id: len_binlog_filename
        -orig-id: binlog_name_info_size
        type: u4
      - id: binlog_filename
        type: str
        size: len_binlog_filename
        encoding: UTF-8
      - id: binlog_pos
        type: mysql_uint64
      - id: len_sid_set
        -orig-id: data_size
        type: u4
        if: (flags & dump_flag::through_gtid.to_i) != 0
      - id: sid_set
        size: len_sid_set
        type: sid_set
        if: (flags & dump_flag::through_gtid.to_i) != 0

  sid_set:
    doc: A GTID set as MySQL encodes it (Gtid_set::encode); tagged GTIDs are not sent so.
    seq:
      - id: num_sids
        -orig-id: n_sids
        type: mysql_uint64
      - id: sids
        type: sid_intervals
        repeat: expr
        repeat-expr: num_sids.value

  sid_intervals:
    seq:
      - id: sid
        -orig-id: uuid
        size: 16
      - id: num_intervals
        -orig-id: n_intervals
        type: mysql_uint64
      - id: intervals
        type: gno_interval
        repeat: expr
        repeat-expr: num_intervals.value

  gno_interval:
    seq:
      - id: start
        type: mysql_uint64
      - id: end
        type: mysql_uint64
        doc: One past the last transaction number of the interval.

enums:
  status:
    0x00: ok
    0xfe: eof
    0xff: err
  semi_sync_flag:
    0: no_reply
    1: reply_required
  dump_flag:
    1:
      id: non_block
      -orig-id: BINLOG_DUMP_NON_BLOCK
      doc: End the stream with an EOF packet after the last event instead of waiting.
    2:
      id: send_annotate_rows_event
      -orig-id: BINLOG_SEND_ANNOTATE_ROWS_EVENT
      doc: |
        MariaDB: send ANNOTATE_ROWS_EVENTs. MySQL 8.0.26+ reads this bit as
        USE_HEARTBEAT_EVENT_V2 (send heartbeats as HEARTBEAT_LOG_EVENT_V2).
    4:
      id: through_gtid
      -orig-id: BINLOG_THROUGH_GTID
      doc: MySQL's COM_BINLOG_DUMP_GTID carries a GTID set.
  heartbeat_v2_field_type:
    0: header_end_mark
    1: log_filename
    2: log_position
