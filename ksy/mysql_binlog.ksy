meta:
  id: mysql_binlog
  title: MySQL / MariaDB binary log
  application:
    - MySQL Server
    - MariaDB Server
  xref:
    wikidata: Q850
  license: MIT
  ks-version: '0.11'
  imports:
    - mysql_event_type
    - query_event
    - gtid_event
    - gtid_tagged_event
    - previous_gtids_event
    - mariadb_gtid_event
    - mariadb_gtid_list_event
    - table_map_event
    - rows_event
    - transaction_payload_event
    - mysql_uint64
  endian: le
doc: |
  A binary log file as written by MySQL (3.23 to 9.x) and MariaDB: the 4-byte magic, then
  events back to back. Each event is a common header, an event-specific body and, when
  the server checksums events, a CRC32 footer.

  The first event decides how every other event is laid out. In binlog version 4
  (MySQL 5.0+, every MariaDB) it is a FORMAT_DESCRIPTION_EVENT that declares the common
  header length, one post-header length per event type and the checksum algorithm.
  Versions 1 (3.23) and 3 (4.0.2-4.1) start with a START_EVENT_V3 and use fixed lengths.

  This top-level type reads a whole file with the layout of its first event. A reader that
  streams (or meets a second FORMAT_DESCRIPTION_EVENT mid-file, as relay logs have) parses
  `event` one at a time and passes the lengths of the FORMAT_DESCRIPTION_EVENT in force.
doc-ref:
  - https://dev.mysql.com/doc/dev/mysql-server/latest/page_protocol_replication_binlog_event.html
  - https://mariadb.com/kb/en/replication-protocol/
seq:
  - id: magic
    -orig-id: BINLOG_MAGIC
    contents: [0xfe, 0x62, 0x69, 0x6e]
    doc: '"\xfebin"'
  - id: first_event
    type: event(first_header_len, 0, post_header_lengths_v3, false)
    doc: |
      FORMAT_DESCRIPTION_EVENT (v4) or START_EVENT_V3 (v1, v3). The former is always read
      with a 19-byte header and carries its own checksum fields.
  - id: events
    type: event(header_len, checksum_len, post_header_lengths, is_type_code_permuted)
    repeat: eos
instances:
  first_type_code:
    pos: 8
    type: u1
  first_event_length:
    pos: 13
    type: u4
    doc: Event length sits at header offset 9 in every binlog version.
  binlog_version:
    value: |
      first_type_code == mysql_event_type::event_type::format_description_event.to_i ? 4 :
      first_event_length == 13 + 56 ? 1 : 3
    doc: |
      4 when the first event is a FORMAT_DESCRIPTION_EVENT; otherwise a START_EVENT_V3
      whose size tells the header length: 13 + 56 bytes in version 1, 19 + 56 in version 3.
  first_header_len:
    value: 'binlog_version == 1 ? 13 : 19'
  fde:
    value: first_event.body.as<format_description_event>
    if: binlog_version == 4
  header_len:
    value: 'binlog_version == 4 ? fde.header_length : first_header_len'
  checksum_len:
    value: 'binlog_version == 4 ? fde.checksum_len : 0'
  post_header_lengths:
    value: |
      binlog_version == 4 ? fde.post_header_lengths :
      binlog_version == 1 ? post_header_lengths_v1 : post_header_lengths_v3
  is_type_code_permuted:
    value: 'binlog_version == 4 ? fde.has_permuted_type_codes : false'
    doc: The file's type codes are those of an early 5.1/5.2 build (see `event_header`).
  post_header_lengths_v1:
    value: '[56, 11, 0, 0, 0, 18, 0, 4, 4, 4, 4, 18, 0, 0]'
    doc: |
      Post-header lengths of binlog version 1 (MySQL 3.23), which has no
      FORMAT_DESCRIPTION_EVENT: as v3 but ROTATE_EVENT has no position.
  post_header_lengths_v3:
    value: '[56, 11, 0, 8, 0, 18, 0, 4, 4, 4, 4, 18, 0, 0]'
    doc: |
      Post-header lengths of binlog version 3 (MySQL 4.0.2-4.1): START_EVENT_V3 56,
      QUERY_EVENT 11 (no status variables), ROTATE_EVENT 8, LOAD 18, CREATE_FILE,
      APPEND_BLOCK, EXEC_LOAD and DELETE_FILE 4, NEW_LOAD 18, others 0.
    doc-ref: https://github.com/mysql/mysql-server/blob/8.0/libbinlogevents/src/control_events.cpp
types:
  event:
    doc: |
      One event: common header, body, and a CRC32 footer when `checksum_len` is 4.
      The body is a substream of exactly event_length - header - footer bytes, so a body
      type never reads past its event and an unknown event type is kept as bytes.
    params:
      - id: header_len
        type: u1
        doc: Common header length in force (13 in v1, 19 or more from the FDE).
      - id: checksum_len
        type: u1
        doc: 4 when the governing FDE's checksum algorithm is CRC32, else 0.
      - id: post_header_lengths
        type: bytes
        doc: |
          The governing FDE's post-header length per event type (index = type code as
          written - 1).
      - id: is_type_code_permuted
        type: bool
        doc: |
          The governing FDE's `has_permuted_type_codes`: type codes 16-22 are those of an
          early 5.1/5.2 build.
    seq:
      - id: header
        type: event_header(header_len, is_type_code_permuted)
      - id: body
        size: header.event_length - header.size - footer_len
        type:
          switch-on: header.type_code
          cases:
            'mysql_event_type::event_type::start_event_v3': start_event_v3
            'mysql_event_type::event_type::format_description_event': format_description_event
            'mysql_event_type::event_type::query_event': query_event(post_header_len, false, false)
            'mysql_event_type::event_type::execute_load_query_event': query_event(post_header_len, true, false)
            'mysql_event_type::event_type::query_compressed_event': query_event(post_header_len, false, true)
            'mysql_event_type::event_type::stop_event': empty_event
            'mysql_event_type::event_type::rotate_event': rotate_event(post_header_len)
            'mysql_event_type::event_type::intvar_event': intvar_event
            'mysql_event_type::event_type::load_event': load_event(post_header_len, false)
            'mysql_event_type::event_type::new_load_event': load_event(post_header_len, true)
            'mysql_event_type::event_type::create_file_event': 'create_file_event(post_header_lengths.size >= 6 ? post_header_lengths[5] : 18)'
            'mysql_event_type::event_type::append_block_event': file_block_event
            'mysql_event_type::event_type::begin_load_query_event': file_block_event
            'mysql_event_type::event_type::exec_load_event': file_id_event
            'mysql_event_type::event_type::delete_file_event': file_id_event
            'mysql_event_type::event_type::rand_event': rand_event
            'mysql_event_type::event_type::user_var_event': user_var_event
            'mysql_event_type::event_type::xid_event': xid_event
            'mysql_event_type::event_type::table_map_event': table_map_event(post_header_len)
            'mysql_event_type::event_type::pre_ga_write_rows_event': rows_event(post_header_len, header.type_code)
            'mysql_event_type::event_type::pre_ga_update_rows_event': rows_event(post_header_len, header.type_code)
            'mysql_event_type::event_type::pre_ga_delete_rows_event': rows_event(post_header_len, header.type_code)
            'mysql_event_type::event_type::write_rows_event_v1': rows_event(post_header_len, header.type_code)
            'mysql_event_type::event_type::update_rows_event_v1': rows_event(post_header_len, header.type_code)
            'mysql_event_type::event_type::delete_rows_event_v1': rows_event(post_header_len, header.type_code)
            'mysql_event_type::event_type::write_rows_event': rows_event(post_header_len, header.type_code)
            'mysql_event_type::event_type::update_rows_event': rows_event(post_header_len, header.type_code)
            'mysql_event_type::event_type::delete_rows_event': rows_event(post_header_len, header.type_code)
            'mysql_event_type::event_type::partial_update_rows_event': rows_event(post_header_len, header.type_code)
            'mysql_event_type::event_type::write_rows_compressed_event_v1': rows_event(post_header_len, header.type_code)
            'mysql_event_type::event_type::update_rows_compressed_event_v1': rows_event(post_header_len, header.type_code)
            'mysql_event_type::event_type::delete_rows_compressed_event_v1': rows_event(post_header_len, header.type_code)
            'mysql_event_type::event_type::write_rows_compressed_event': rows_event(post_header_len, header.type_code)
            'mysql_event_type::event_type::update_rows_compressed_event': rows_event(post_header_len, header.type_code)
            'mysql_event_type::event_type::delete_rows_compressed_event': rows_event(post_header_len, header.type_code)
            'mysql_event_type::event_type::incident_event': incident_event
            'mysql_event_type::event_type::heartbeat_log_event': heartbeat_event
            'mysql_event_type::event_type::rows_query_log_event': rows_query_event
            'mysql_event_type::event_type::gtid_log_event': gtid_event
            'mysql_event_type::event_type::anonymous_gtid_log_event': gtid_event
            'mysql_event_type::event_type::gtid_tagged_log_event': gtid_tagged_event
            'mysql_event_type::event_type::previous_gtids_log_event': previous_gtids_event
            'mysql_event_type::event_type::xa_prepare_log_event': xa_prepare_event
            'mysql_event_type::event_type::transaction_payload_event': transaction_payload_event(header_len, post_header_lengths)
            'mysql_event_type::event_type::annotate_rows_event': annotate_rows_event
            'mysql_event_type::event_type::binlog_checkpoint_event': binlog_checkpoint_event
            'mysql_event_type::event_type::gtid_event': mariadb_gtid_event
            'mysql_event_type::event_type::gtid_list_event': mariadb_gtid_list_event
            'mysql_event_type::event_type::start_encryption_event': start_encryption_event
        doc: |
          Event types without a case here (IGNORABLE, TRANSACTION_CONTEXT, VIEW_CHANGE,
          HEARTBEAT_V2, vendor codes such as Aurora's 100) stay raw bytes.
      - id: checksum
        type: u4
        if: footer_len == 4
        doc: |
          CRC32 (zlib polynomial) of every preceding byte of the event. For the
          FORMAT_DESCRIPTION_EVENT it lives inside the body, see format_description_event.
    instances:
      footer_len:
        value: 'header.type_code == mysql_event_type::event_type::format_description_event ? 0 : checksum_len'
        doc: |
          A FORMAT_DESCRIPTION_EVENT declares its own checksum fields, so its footer is
          read as part of its body.
      post_header_len:
        value: |
          header.raw_type_code.to_i >= 1 and header.raw_type_code.to_i <= post_header_lengths.size
          ? post_header_lengths[header.raw_type_code.to_i - 1] : 0
        doc: |
          This event type's post-header length, 0 when the FDE does not list the type. The
          FDE lists them in the order of the type codes as written, permuted or not.

  event_header:
    doc: |
      The common header. v1 has the first four fields (13 bytes); v3 and v4 add log_pos and
      flags (19 bytes); a v4 FDE may declare a longer header (5.1-google wrote 23, 27 and
      31 bytes), whose extra bytes are skipped. The FORMAT_DESCRIPTION_EVENT itself always
      has a 19-byte header, since its reader cannot know the length yet.
    doc-ref: https://dev.mysql.com/doc/dev/mysql-server/latest/classbinary__log_1_1Log__event__header.html
    params:
      - id: header_len
        type: u1
      - id: is_type_code_permuted
        type: bool
        doc: |
          The governing FDE's `has_permuted_type_codes` (false where no FDE governs: v1,
          v3, a replication stream's header).
    seq:
      - id: timestamp
        -orig-id: when
        type: u4
        doc: Seconds since the epoch when the statement began.
      - id: raw_type_code
        -orig-id: type_code
        type: u1
        enum: mysql_event_type::event_type
        doc: |
          The type code as written, named as MySQL numbers the types: the event type
          (`type_code`) but in the files of early 5.1/5.2 builds.
      - id: server_id
        type: u4
        doc: server_id of the server where the event originated (kept through replicas).
      - id: event_length
        -orig-id: data_written
        type: u4
        valid:
          min: header_len
        doc: Size of the whole event, header, body and checksum included.
      - id: log_pos
        type: u4
        if: header_len > 13
        doc: |
          v4: the offset just after this event in the originating server's binlog (so in a
          relay log, the source's position). v3: the offset where this event starts.
          0 for artificial events.
      - id: flags
        type: u2
        if: header_len > 13
        doc: Bit set of `event_flag`.
      - id: extra_headers
        size: header_len - 19
        if: header_len > 19 and type_code != mysql_event_type::event_type::format_description_event
        doc: Header bytes beyond the 19 known ones, skipped as MySQL does.
    instances:
      type_code:
        value: 'is_type_code_permuted ? permuted_type_code.type_code : raw_type_code'
        doc: The event type; see `mysql_event_type`.
      permuted_type_code:
        pos: 0
        size: 0
        type: mysql_event_type::permuted_type_code(raw_type_code.to_i)
        if: is_type_code_permuted
        doc: |
          The event type of `raw_type_code` in the numbering of early 5.1/5.2 builds. It
          reads no byte: a parse instance only because the compiler cannot give a value
          instance an enum of another spec.
      size:
        value: |
          header_len <= 19 or type_code == mysql_event_type::event_type::format_description_event
          ? (header_len <= 13 ? 13 : 19) : header_len
        doc: Bytes this header occupies.
      is_binlog_in_use:
        -orig-id: LOG_EVENT_BINLOG_IN_USE_F
        value: header_len > 13 and (flags & event_flag::binlog_in_use.to_i) != 0
        doc: Set in a FORMAT_DESCRIPTION_EVENT while its file is open; left set by a crash.
      is_artificial:
        -orig-id: LOG_EVENT_ARTIFICIAL_F
        value: header_len > 13 and (flags & event_flag::artificial.to_i) != 0
      is_relay_log:
        -orig-id: LOG_EVENT_RELAY_LOG_F
        value: header_len > 13 and (flags & event_flag::relay_log.to_i) != 0
        doc: Written by a replica's I/O thread into its relay log.

  format_description_event:
    doc: |
      First event of every v4 binlog (and of each relay-log section): describes the layout
      of every later event. Servers that know checksums (MySQL >= 5.6.1, MariaDB >= 5.3)
      end it with the algorithm byte and a CRC32, even when checksums are off. Whether
      they are there is read from the data: the FDE's own entry in the post-header array
      (type 15, at body offset 71) gives the length of the fixed part, and exactly five
      more bytes mean algorithm + CRC.
    doc-ref: https://dev.mysql.com/doc/dev/mysql-server/latest/classbinary__log_1_1Format__description__event.html
    seq:
      - id: binlog_version
        type: u2
        valid: 4
        doc: 4 for every file that starts with this event.
      - id: server_version
        type: strz
        size: 50
        encoding: ASCII
        doc: Version of the server that wrote the file, NUL-padded.
      - id: create_timestamp
        -orig-id: created
        type: u4
        doc: |
          When the server started, for the first binlog after startup; 0 in binlogs opened
          by rotation.
      - id: header_length
        -orig-id: common_header_len
        type: u1
        valid:
          min: 19
        doc: Common header length of every other event (19, or more in forks).
      - id: post_header_lengths
        -orig-id: post_header_len
        size: num_event_types
        doc: One byte per event type, index = type code - 1.
      - id: checksum_alg
        type: u1
        enum: checksum_alg
        if: has_checksum_alg
        doc: Checksum algorithm of the events that follow.
      - id: checksum
        type: u4
        if: has_checksum_alg
        doc: |
          CRC32 of this event computed with the in-use flag cleared (when algorithm is
          CRC32; MySQL writes it for algorithm "off" too).
    instances:
      own_post_header_len:
        pos: 71
        type: u1
        valid:
          min: 57
        doc: The array entry for FORMAT_DESCRIPTION_EVENT itself (57 + array size).
      num_event_types:
        value: own_post_header_len - 57
      has_checksum_alg:
        value: _io.size - own_post_header_len == 5
      has_permuted_type_codes:
        -orig-id: event_type_permutation
        value: |
          server_version.length >= 13 and (
            server_version.substring(5, 13) == "-a_drop5" and (
              server_version.substring(0, 5) == "5.1.1" or server_version.substring(0, 5) == "5.1.2"
              or server_version.substring(0, 5) == "5.1.3" or server_version.substring(0, 5) == "5.1.4"
              or server_version.substring(0, 5) == "5.1.5")
            or server_version.substring(5, 13) == "-a_drop6" and (
              server_version.substring(0, 5) == "5.1.4" or server_version.substring(0, 5) == "5.2.0"
              or server_version.substring(0, 5) == "5.2.1" or server_version.substring(0, 5) == "5.2.2"))
        doc: |
          Written by an early 5.1/5.2 development build (5.1.1-5.1.5 `-a_drop5...`, 5.1.4
          and 5.2.0-5.2.2 `-a_drop6...`), which numbered the event types from
          TABLE_MAP_EVENT on otherwise: the events this FDE governs have their type codes
          permuted (`event_header`'s `permuted_type_codes`), its `post_header_lengths` are
          in that order, and it lists 22 types.
        doc-ref: https://github.com/mysql/mysql-server/blob/5.7/libbinlogevents/src/control_events.cpp
      checksum_len:
        value: 'has_checksum_alg and checksum_alg == checksum_alg::crc32 ? 4 : 0'
        doc: Footer length of the events this FDE governs.

  start_event_v3:
    doc: First event of binlog versions 1 and 3 (MySQL 3.23 to 4.1).
    doc-ref: https://dev.mysql.com/doc/dev/mysql-server/latest/classbinary__log_1_1Start__event__v3.html
    seq:
      - id: binlog_version
        type: u2
      - id: server_version
        type: strz
        size: 50
        encoding: ASCII
      - id: create_timestamp
        -orig-id: created
        type: u4

  empty_event:
    doc: An event with no body (STOP_EVENT).

  rotate_event:
    doc: |
      Last event of a binlog closed by rotation: names the next file. Also sent by a
      source at the start of replication (then artificial, log_pos 0).
    doc-ref: https://dev.mysql.com/doc/dev/mysql-server/latest/classbinary__log_1_1Rotate__event.html
    params:
      - id: post_header_len
        type: u1
        doc: 8 from v3 on; 0 in v1, which has no position.
    seq:
      - id: position
        -orig-id: pos
        type: mysql_uint64
        if: post_header_len >= 8
        doc: Where to start reading the next file (4 in practice).
      - id: new_log_ident
        type: str
        size-eos: true
        encoding: UTF-8
        doc: File name of the next binlog, not NUL-terminated.

  intvar_event:
    doc: |
      Statement-based replication: LAST_INSERT_ID() or the next AUTO_INCREMENT value the
      following QUERY_EVENT used.
    doc-ref: https://dev.mysql.com/doc/dev/mysql-server/latest/classbinary__log_1_1Intvar__event.html
    seq:
      - id: type
        type: u1
        enum: intvar_type
      - id: value
        -orig-id: val
        type: mysql_uint64

  rand_event:
    doc: Seeds of RAND() for the next statement-based QUERY_EVENT.
    doc-ref: https://dev.mysql.com/doc/dev/mysql-server/latest/classbinary__log_1_1Rand__event.html
    seq:
      - id: seed1
        type: mysql_uint64
      - id: seed2
        type: mysql_uint64

  xid_event:
    doc: Commit of a transaction in a transactional engine, with its XA id.
    doc-ref: https://dev.mysql.com/doc/dev/mysql-server/latest/classbinary__log_1_1Xid__event.html
    seq:
      - id: xid
        type: mysql_uint64

  user_var_event:
    doc: A user variable (`@name`) used by the next statement-based QUERY_EVENT.
    doc-ref: https://dev.mysql.com/doc/dev/mysql-server/latest/classbinary__log_1_1User__var__event.html
    seq:
      - id: len_name
        type: u4
      - id: name
        size: len_name
        doc: Variable name without the @, in the system charset (bytes).
      - id: is_null
        type: u1
      - id: value_type
        -orig-id: type
        type: u1
        enum: item_result
        if: is_null == 0
      - id: charset
        -orig-id: charset_number
        type: u4
        if: is_null == 0
        doc: Collation id of a string value.
      - id: len_value
        -orig-id: val_len
        type: u4
        if: is_null == 0
      - id: value
        -orig-id: val
        size: len_value
        if: is_null == 0
        doc: |
          STRING: the bytes; REAL: 8-byte double; INT: 8-byte integer; DECIMAL: precision,
          scale and the packed binary decimal.
      - id: flags
        type: u1
        if: has_flags
        doc: Bit 0 (UNSIGNED_F) marks an unsigned integer (MySQL >= 5.1.something).
    instances:
      ofs_flags:
        value: '4 + len_name + 1 + (is_null == 0 ? 1 + 4 + 4 + len_value : 0)'
        doc: Where `flags` would start, after the value.
      has_flags:
        value: is_null == 0 and _io.size > ofs_flags
        doc: |
          Whether the body goes on after the value: older servers end it there, without
          `flags`. Read from the body's size, not from the end of the stream, which an
          instance evaluated after the parse has always reached.
      is_unsigned:
        -orig-id: UNSIGNED_F
        value: has_flags and (flags & 0x01) != 0

  incident_event:
    doc: Something happened on the source that a replica cannot reproduce (e.g. lost events).
    doc-ref: https://dev.mysql.com/doc/dev/mysql-server/latest/classbinary__log_1_1Incident__event.html
    seq:
      - id: incident
        type: u2
        enum: incident_type
      - id: len_message
        type: u1
      - id: message
        size: len_message

  heartbeat_event:
    doc: |
      Sent by a source on an idle replication connection, never written to a file; the
      header's log_pos is the source's current position.
    seq:
      - id: log_ident
        type: str
        size-eos: true
        encoding: UTF-8
        doc: Name of the source's current binlog.

  rows_query_event:
    doc: Original statement of the rows events that follow (binlog_rows_query_log_events).
    doc-ref: https://dev.mysql.com/doc/dev/mysql-server/latest/classbinary__log_1_1Rows__query__event.html
    seq:
      - id: length
        type: u1
        doc: Statement length modulo 256 (ignored by MySQL; the text runs to the end).
      - id: query
        -orig-id: m_rows_query
        size-eos: true

  xa_prepare_event:
    doc: End of the first phase of an XA transaction (XA PREPARE), or its one-phase commit.
    doc-ref: https://dev.mysql.com/doc/dev/mysql-server/latest/classbinary__log_1_1XA__prepare__event.html
    seq:
      - id: one_phase
        type: u1
      - id: format_id
        type: s4
      - id: len_gtrid
        type: u4
      - id: len_bqual
        type: u4
      - id: data
        size: len_gtrid + len_bqual
        doc: gtrid then bqual.

  load_event:
    doc: |
      LOAD DATA INFILE in MySQL 3.23-4.x: LOAD_EVENT (old single-character separators) and
      NEW_LOAD_EVENT (length-prefixed separators). The file contents travel in separate
      block events.
    doc-ref: https://dev.mysql.com/doc/dev/mysql-server/8.0.11/classbinary__log_1_1Load__event.html
    params:
      - id: post_header_len
        type: u1
      - id: is_new_format
        type: bool
    seq:
      - id: post_header
        type: load_post_header
        size: post_header_len
      - id: info
        type: load_info(post_header.len_table_name, post_header.len_db, post_header.num_fields, is_new_format, false)
  create_file_event:
    doc: |
      MySQL 4.x LOAD DATA: the LOAD description plus the first block of the file
      (CREATE_FILE_EVENT); later blocks come as APPEND_BLOCK_EVENTs, EXEC_LOAD_EVENT runs it.
    params:
      - id: load_post_header_len
        type: u1
    seq:
      - id: post_header
        type: load_post_header
        size: load_post_header_len
      - id: file_id
        type: u4
      - id: info
        type: load_info(post_header.len_table_name, post_header.len_db, post_header.num_fields, true, true)
      - id: block
        size-eos: true
  load_post_header:
    seq:
      - id: thread_id
        -orig-id: slave_proxy_id
        type: u4
      - id: exec_time
        type: u4
      - id: skip_lines
        type: u4
      - id: len_table_name
        type: u1
      - id: len_db
        type: u1
      - id: num_fields
        type: u4
  load_info:
    params:
      - id: len_table_name
        type: u1
      - id: len_db
        type: u1
      - id: num_fields
        type: u4
      - id: is_new_format
        type: bool
      - id: has_nul_terminated_file_name
        type: bool
    seq:
      - id: old_separators
        type: old_sql_ex
        if: not is_new_format
      - id: new_separators
        type: new_sql_ex
        if: is_new_format
      - id: field_name_lengths
        size: num_fields
      - id: field_names
        type: strz
        encoding: UTF-8
        repeat: expr
        repeat-expr: num_fields
      - id: table_name
        type: str
        size: len_table_name
        encoding: UTF-8
      - id: table_name_terminator
        size: 1
      - id: db
        type: str
        size: len_db
        encoding: UTF-8
      - id: db_terminator
        size: 1
      - id: file_name
        size-eos: true
        if: not has_nul_terminated_file_name
      - id: file_name_z
        type: strz
        encoding: UTF-8
        if: has_nul_terminated_file_name
  old_sql_ex:
    seq:
      - id: field_term
        size: 1
      - id: enclosed
        size: 1
      - id: line_term
        size: 1
      - id: line_start
        size: 1
      - id: escaped
        size: 1
      - id: opt_flags
        type: u1
      - id: empty_flags
        type: u1
  new_sql_ex:
    seq:
      - id: field_term
        type: length_prefixed_bytes
      - id: enclosed
        type: length_prefixed_bytes
      - id: line_term
        type: length_prefixed_bytes
      - id: line_start
        type: length_prefixed_bytes
      - id: escaped
        type: length_prefixed_bytes
      - id: opt_flags
        type: u1
  length_prefixed_bytes:
    seq:
      - id: length
        type: u1
      - id: value
        size: length

  file_block_event:
    doc: |
      A block of a LOAD DATA file: APPEND_BLOCK_EVENT (4.x) and BEGIN_LOAD_QUERY_EVENT
      (5.0+, the first block; EXECUTE_LOAD_QUERY_EVENT then runs the statement).
    seq:
      - id: file_id
        type: u4
      - id: block
        size-eos: true
  file_id_event:
    doc: EXEC_LOAD_EVENT / DELETE_FILE_EVENT of MySQL 4.x LOAD DATA.
    seq:
      - id: file_id
        type: u4

  annotate_rows_event:
    doc: The statement that produced the rows events that follow (MariaDB).
    doc-ref: https://mariadb.com/kb/en/annotate_rows_event/
    seq:
      - id: query
        size-eos: true
  binlog_checkpoint_event:
    doc: |
      MariaDB: the oldest binlog file still needed for crash recovery when this event was
      written.
    doc-ref: https://mariadb.com/kb/en/binlog_checkpoint_event/
    seq:
      - id: len_binlog_file
        type: u4
      - id: binlog_file_name
        type: str
        size: len_binlog_file
        encoding: UTF-8
  start_encryption_event:
    doc: |
      MariaDB: every event after this one is encrypted (binlog encryption); reading them
      needs the key from the server's key management plugin. An encrypted event keeps its
      length in clear in the first four bytes (where the timestamp would be).
    doc-ref: https://mariadb.com/kb/en/start_encryption_event/
    seq:
      - id: scheme
        type: u1
        doc: 1 = AES with the key below.
      - id: key_version
        type: u4
      - id: nonce
        size: 12

enums:
  event_flag:
    0x0001: binlog_in_use
    0x0002: forced_rotate
    0x0004: thread_specific
    0x0008: suppress_use
    0x0010: update_table_map_version
    0x0020: artificial
    0x0040: relay_log
    0x0080: ignorable
    0x0100: no_filter
    0x0200: mts_isolate
  checksum_alg:
    0: off
    1: crc32
    255: undef
  intvar_type:
    0: invalid_int
    1: last_insert_id
    2: insert_id
  item_result:
    0: string_result
    1: real_result
    2: int_result
    3: row_result
    4: decimal_result
  incident_type:
    0: none
    1: lost_events
