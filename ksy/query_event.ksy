meta:
  id: query_event
  title: MySQL / MariaDB binary log QUERY_EVENT body
  application:
    - MySQL Server
    - MariaDB Server
  license: MIT
  ks-version: '0.11'
  imports:
    - mariadb_compressed
    - mysql_uint64
  endian: le
doc: |
  Body of a QUERY_EVENT (type code 2): one SQL statement logged in statement
  format (DDL, statement-based DML, and the BEGIN / COMMIT markers of some
  transactions), together with the session state the replica needs to replay
  it (sql_mode, character sets, time zone, auto-increment settings...).

  Layout: a fixed post-header (thread id, execution time, length of the
  default schema name, error code and, from binlog v4 on, the length of the
  status-variable block), then the status variables, then the default schema
  name followed by a 0 byte, then the statement text up to the end of the
  body.

  The length of the post-header is not fixed: it is the QUERY_EVENT entry of
  the FORMAT_DESCRIPTION_EVENT's post-header length array (13 in binlog v4;
  11 for binlog v1/v3 written by MySQL 3.23 / 4.x, which have no status
  variables at all), and must be passed in as `post_header_len`.

  MariaDB's QUERY_COMPRESSED_EVENT (type 165) uses the same post-header,
  status variables and schema; only the statement is compressed (a MariaDB
  binlog-compression header followed by the zlib stream, `compressed_query`)
  instead of plain (`query`), so this type parses it too, with
  `is_compressed` true and the QUERY_COMPRESSED_EVENT entry of the
  post-header length array; `query_text` is the statement either way. The
  EXECUTE_LOAD_QUERY_EVENT (type 18) is a QUERY_EVENT with 13 more
  post-header bytes, read when `is_execute_load_query` is true.

  The statement text is kept as raw bytes: its character set is the one
  given by the Q_CHARSET_CODE status variable (character_set_client), which
  is not necessarily UTF-8.
doc-ref:
  - https://dev.mysql.com/doc/dev/mysql-server/latest/classmysql_1_1binlog_1_1event_1_1Query__event.html
  - https://github.com/mysql/mysql-server/blob/trunk/libs/mysql/binlog/event/statement_events.cpp
  - https://mariadb.com/kb/en/query_event/
  - https://github.com/MariaDB/server/blob/main/sql/log_event.cc
  - https://github.com/MariaDB/server/blob/main/sql/log_event_server.cc
params:
  - id: post_header_len
    type: u1
    doc: |
      Post-header length declared for this event type by the
      FORMAT_DESCRIPTION_EVENT (entry for type 2, 18 or 165): 13 for
      QUERY_EVENT and QUERY_COMPRESSED_EVENT in binlog v4, 26 for
      EXECUTE_LOAD_QUERY_EVENT, 11 in binlog v1/v3 (no status-variable
      block). A longer value means a future server appended post-header
      fields that this spec keeps as `post_header_extra`.
  - id: is_execute_load_query
    type: bool
    doc: |
      True for an EXECUTE_LOAD_QUERY_EVENT (type 18, LOAD DATA logged as its
      statement, MySQL 5.0 and later), whose post-header (26 bytes) appends
      `execute_load_query` to the QUERY_EVENT fields; false for QUERY_EVENT
      and QUERY_COMPRESSED_EVENT.
  - id: is_compressed
    type: bool
    doc: |
      True for MariaDB's QUERY_COMPRESSED_EVENT (type 165), whose statement text is
      compressed (`compressed_query`); false for QUERY_EVENT and EXECUTE_LOAD_QUERY_EVENT.
seq:
  - id: thread_id
    -orig-id: slave_proxy_id
    type: u4
    doc: |
      Id of the connection (pseudo thread id) that ran the statement; needed
      on the replica to tell apart temporary tables of different sessions.
  - id: exec_time
    -orig-id: query_exec_time
    type: u4
    doc: Seconds between the start of the statement and its logging.
  - id: len_schema
    -orig-id: db_len
    type: u1
    doc: Length in bytes of `schema` (the default database), 0 if none.
  - id: error_code
    type: u2
    doc: |
      Error the statement raised on the source (0 when it succeeded); a
      replica expects to hit the same error when replaying it.
  - id: len_status_vars
    -orig-id: status_vars_len
    type: u2
    if: has_status_vars
    doc: Size in bytes of the `status_vars` block (binlog v4 only).
  - id: execute_load_query
    type: execute_load_query_header
    if: has_execute_load_query_header
    doc: The EXECUTE_LOAD_QUERY_EVENT part of the post-header.
  - id: post_header_extra
    size: post_header_len - known_post_header_len
    if: post_header_len > known_post_header_len
    doc: |
      Post-header bytes beyond the fields above, declared by a newer server
      through the FORMAT_DESCRIPTION_EVENT; skipped, as MySQL's reader does.
  - id: status_vars
    type: status_vars
    size: len_status_vars
    if: has_status_vars
    doc: |
      Session variables in force when the statement ran, as a sequence of
      (code, value) entries.
  - id: schema
    -orig-id: db
    type: str
    size: len_schema
    encoding: UTF-8
    doc: Default database of the session (`USE` database), empty if none.
  - id: schema_terminator
    type: u1
    doc: The 0 byte written after the schema name (redundant with `len_schema`).
  - id: query
    size-eos: true
    if: not is_compressed
    doc: |
      The statement text (not NUL-terminated), in the client character set
      given by the Q_CHARSET_CODE status variable. Absent in a
      QUERY_COMPRESSED_EVENT: read `query_text`, which holds the text for
      both.
  - id: compressed_query
    type: mariadb_compressed
    size-eos: true
    if: is_compressed
    doc: The statement text of a QUERY_COMPRESSED_EVENT, compressed.
    doc-ref: https://github.com/MariaDB/server/blob/main/sql/log_event.cc
instances:
  query_text:
    value: 'is_compressed ? compressed_query.data : query'
    doc: |
      The statement text of any of the three event types, inflated for a
      QUERY_COMPRESSED_EVENT (a parse error when its stream is corrupt, null when
      it names an unknown compression algorithm).
  has_status_vars:
    value: post_header_len >= 13
    doc: |
      True for binlog v4 (MySQL 5.0 and later, MariaDB), whose post-header
      carries the status-variable block length; binlog v1/v3 events have
      neither the length nor the block.
  has_execute_load_query_header:
    value: is_execute_load_query and post_header_len >= 26
  known_post_header_len:
    value: '(post_header_len >= 13 ? 13 : 11) + (has_execute_load_query_header ? 13 : 0)'
    doc: Number of post-header bytes this spec knows how to read.
types:
  execute_load_query_header:
    doc: |
      Post-header fields an EXECUTE_LOAD_QUERY_EVENT adds after those of
      QUERY_EVENT. The data file's content was logged before, in
      BEGIN_LOAD_QUERY / APPEND_BLOCK events with the same file id; the
      bytes of `query` between `start_pos` and `end_pos` are the clause that
      names the file (` INFILE 'name' INTO`, right after `LOAD DATA`), which a
      replica or mysqlbinlog rewrites to point at its local copy.
    seq:
      - id: file_id
        type: u4
        doc: Id of the file whose blocks the preceding BEGIN_LOAD_QUERY / APPEND_BLOCK events carry.
      - id: start_pos
        -orig-id: fn_pos_start
        type: u4
        doc: Offset in `query` where the file-naming clause starts.
      - id: end_pos
        -orig-id: fn_pos_end
        type: u4
        doc: Offset in `query` just after the file-naming clause.
      - id: dup_handling
        type: u1
        enum: load_dup_handling
        doc: What LOAD DATA does with rows that duplicate a key (REPLACE / IGNORE / error).
  status_vars:
    doc: |
      The status-variable block. Servers write the entries in increasing code
      order, but this spec reads them in any order. An entry whose code this
      spec does not know ends the list and the rest of the block is kept raw,
      since its length cannot be known (MySQL's and MariaDB's readers stop
      there too).
    seq:
      - id: entries
        type: status_var
        repeat: eos
  status_var:
    doc: One status variable, a code byte followed by a code-specific value.
    seq:
      - id: code
        type: u1
        enum: status_var_code
      - id: value
        type:
          switch-on: code
          cases:
            'status_var_code::flags2': flags2_var
            'status_var_code::sql_mode': sql_mode_var
            'status_var_code::catalog': catalog_with_nul
            'status_var_code::auto_increment': auto_increment_var
            'status_var_code::charset': charset_var
            'status_var_code::time_zone': short_string
            'status_var_code::catalog_nz': short_string
            'status_var_code::lc_time_names': u2
            'status_var_code::charset_database': u2
            'status_var_code::table_map_for_update': bitmap64
            'status_var_code::master_data_written': u4
            'status_var_code::invoker': invoker_var
            'status_var_code::updated_db_names': updated_db_names_var
            'status_var_code::microseconds': b24le
            'status_var_code::commit_ts': mysql_uint64
            'status_var_code::explicit_defaults_for_timestamp': u1
            'status_var_code::ddl_logged_with_xid': mysql_uint64
            'status_var_code::default_collation_for_utf8mb4': u2
            'status_var_code::sql_require_primary_key': u1
            'status_var_code::default_table_encryption': u1
            'status_var_code::enable_cascade_triggers': u1
            'status_var_code::hrnow': b24le
            'status_var_code::xid': mysql_uint64
            'status_var_code::gtid_flags3': gtid_flags3_var
            'status_var_code::character_set_collations': character_set_collations_var
            _: unknown_var
        doc: |
          Value of the variable; its layout depends on `code` (see the
          `status_var_code` enum). Integers: lc_time_names (locale number,
          0 = en_US), charset_database (collation_database id),
          master_data_written (original event size), microseconds / hrnow
          (fractional second of the statement start, 0..999999),
          commit_ts (commit sequence number), explicit_defaults_for_timestamp
          (0 = OFF, else ON), ddl_logged_with_xid / xid (XID of a DDL),
          default_collation_for_utf8mb4 (collation id),
          sql_require_primary_key, default_table_encryption and
          enable_cascade_triggers (0/1).
  flags2_var:
    doc: |
      Q_FLAGS2_CODE value: the session option bits (thd->options /
      option_bits) that affect how the statement runs, masked to the ones the
      server replicates.
    seq:
      - id: flags
        type: u4
        doc: Bit set; see enum `flags2_bit`.
    instances:
      is_auto_is_null:
        value: (flags & 0x4000) != 0
        doc: sql_auto_is_null=1.
      is_no_check_constraint_checks:
        value: (flags & 0x8000) != 0
        doc: MariaDB only; check_constraint_checks=0.
      is_not_autocommit:
        value: (flags & 0x80000) != 0
        doc: |
          autocommit=0. Part of the replicated option set, but MySQL 5.1+ and
          MariaDB clear it before logging (autocommit is replayed as 1).
      is_explicit_defaults_for_timestamp:
        value: (flags & 0x1000000) != 0
        doc: MariaDB only (seen from 10.11); explicit_defaults_for_timestamp=1.
      is_no_foreign_key_checks:
        value: (flags & 0x4000000) != 0
        doc: foreign_key_checks=0.
      is_relaxed_unique_checks:
        value: (flags & 0x8000000) != 0
        doc: unique_checks=0.
      is_if_exists:
        value: (flags & 0x10000000) != 0
        doc: MariaDB only; sql_if_exists=1.
      is_insert_history:
        value: (flags & 0x40000000) != 0
        doc: MariaDB only; system_versioning_insert_history=1.
  sql_mode_var:
    doc: Q_SQL_MODE_CODE value, the session sql_mode.
    seq:
      - id: modes
        type: mysql_uint64
        doc: |
          Bit set; see enum `sql_mode_bit`. Bits 0..31 mean the same in MySQL
          and MariaDB (except the ones MySQL 8.0 retired); bits 32 and up
          differ between the two (MySQL: 32 TIME_TRUNCATE_FRACTIONAL,
          33 INTERPRET_UTF8_AS_UTF8MB4; MariaDB: 32 EMPTY_STRING_IS_NULL,
          33 SIMULTANEOUS_ASSIGNMENT, 34 TIME_ROUND_FRACTIONAL). Bits 0..31 are
          `modes.low` (the is_* instances test them there, exactly in every
          language), bits 32..63 `modes.high`.
    instances:
      is_real_as_float:
        value: (modes.low & 0x1) != 0
      is_pipes_as_concat:
        value: (modes.low & 0x2) != 0
        doc: '`||` is string concatenation, not OR.'
      is_ansi_quotes:
        value: (modes.low & 0x4) != 0
        doc: '`"` quotes identifiers, not strings.'
      is_ignore_space:
        value: (modes.low & 0x8) != 0
        doc: Spaces allowed between a function name and `(`.
      is_only_full_group_by:
        value: (modes.low & 0x20) != 0
      is_no_auto_value_on_zero:
        value: (modes.low & 0x80000) != 0
      is_no_backslash_escapes:
        value: (modes.low & 0x100000) != 0
        doc: Backslash is an ordinary character in string literals.
      is_strict_trans_tables:
        value: (modes.low & 0x200000) != 0
      is_strict_all_tables:
        value: (modes.low & 0x400000) != 0
      is_no_zero_in_date:
        value: (modes.low & 0x800000) != 0
      is_no_zero_date:
        value: (modes.low & 0x1000000) != 0
      is_error_for_division_by_zero:
        value: (modes.low & 0x4000000) != 0
      is_no_engine_substitution:
        value: (modes.low & 0x40000000) != 0
  catalog_with_nul:
    doc: |
      Q_CATALOG_CODE value (MySQL 5.0.0 to 5.0.3 only): length byte, catalog
      name and a trailing 0 byte.
    seq:
      - id: len_name
        type: u1
      - id: name
        type: str
        size: len_name
        encoding: UTF-8
      - id: terminator
        type: u1
        doc: The 0 byte that 5.0.4 and later no longer write (see Q_CATALOG_NZ_CODE).
  short_string:
    doc: A length byte followed by that many bytes of text (time zone or catalog name).
    seq:
      - id: len_value
        type: u1
      - id: value
        type: str
        size: len_value
        encoding: UTF-8
  auto_increment_var:
    doc: Q_AUTO_INCREMENT value; written only when either setting differs from 1.
    seq:
      - id: increment
        -orig-id: auto_increment_increment
        type: u2
        doc: auto_increment_increment.
      - id: offset
        -orig-id: auto_increment_offset
        type: u2
        doc: auto_increment_offset.
  charset_var:
    doc: |
      Q_CHARSET_CODE value: three collation ids (a collation id also names
      its character set, see INFORMATION_SCHEMA.COLLATIONS).
    seq:
      - id: character_set_client
        type: u2
        doc: Collation id of the client character set, the encoding of `query`.
      - id: collation_connection
        type: u2
      - id: collation_server
        type: u2
  bitmap64:
    doc: |
      Q_TABLE_MAP_FOR_UPDATE_CODE value: a 64-bit little-endian bitmap of the
      tables a multi-table UPDATE modifies (bit n = n-th table of the
      statement). Kept as 8 raw bytes since all 64 bits may be set.
    seq:
      - id: bitmap
        size: 8
  invoker_var:
    doc: |
      Q_INVOKER value: the account the statement runs as, logged when it
      refers to CURRENT_USER (or, in MariaDB, the current role).
    seq:
      - id: len_user
        type: u1
      - id: user
        type: str
        size: len_user
        encoding: UTF-8
      - id: len_host
        type: u1
      - id: host
        type: str
        size: len_host
        encoding: UTF-8
  updated_db_names_var:
    doc: |
      Q_UPDATED_DB_NAMES value (MySQL 5.6 and later): the databases the
      statement changes, used by the multi-threaded replica to schedule it.
    seq:
      - id: num_names
        -orig-id: mts_accessed_dbs
        type: u1
        doc: |
          Number of names that follow, or 254 (OVER_MAX_DBS_IN_EVENT_MTS)
          when there were too many to list, in which case none follow.
      - id: names
        -orig-id: mts_accessed_db_names
        type: strz
        encoding: UTF-8
        if: not is_over_max
        repeat: expr
        repeat-expr: num_names
        doc: The database names, each NUL-terminated.
    instances:
      is_over_max:
        value: num_names == 254
        doc: True when the list was left out (OVER_MAX_DBS_IN_EVENT_MTS).
  gtid_flags3_var:
    doc: |
      Q_GTID_FLAGS3 value (MariaDB 10.8 and later): the GTID event's extra
      flags for the phases of a two-phase logged ALTER TABLE
      (binlog_alter_two_phase), followed by the sequence number of the
      START ALTER event when this event commits or rolls back that ALTER.
    seq:
      - id: flags
        -orig-id: gtid_flags_extra
        type: u1
        doc: Bit set; see enum `gtid_flags3_bit`.
      - id: start_alter_seq_no
        -orig-id: sa_seq_no
        type: mysql_uint64
        if: is_commit_alter or is_rollback_alter
        doc: GTID sequence number of the matching START ALTER event.
    instances:
      is_start_alter:
        value: (flags & 0x02) != 0
      is_commit_alter:
        value: (flags & 0x04) != 0
      is_rollback_alter:
        value: (flags & 0x08) != 0
  character_set_collations_var:
    doc: |
      Q_CHARACTER_SET_COLLATIONS value (MariaDB 11.2 and later): the
      session's character_set_collations map, i.e. which collation each listed
      character set uses by default.
    seq:
      - id: num_mappings
        type: u1
      - id: mappings
        type: charset_collation
        repeat: expr
        repeat-expr: num_mappings
  charset_collation:
    doc: One entry of the character_set_collations map.
    seq:
      - id: charset_id
        type: u2
        doc: Id of the character set's primary collation, identifying the character set.
      - id: collation_id
        type: u2
        doc: Id of the collation to use for that character set.
  unknown_var:
    doc: |
      Value of a status variable this spec does not know (nor, possibly, the
      reader): its length is unknown, so the rest of the block is kept raw.
    seq:
      - id: rest
        size-eos: true
enums:
  load_dup_handling:
    0:
      id: error
      -orig-id: LOAD_DUP_ERROR
      doc: Neither REPLACE nor IGNORE given; a duplicate is an error.
    1:
      id: ignore
      -orig-id: LOAD_DUP_IGNORE
    2:
      id: replace
      -orig-id: LOAD_DUP_REPLACE
  status_var_code:
    0:
      id: flags2
      -orig-id: Q_FLAGS2_CODE
      doc: 4-byte option bit set (see `flags2_var`). Always written since 5.0.
    1:
      id: sql_mode
      -orig-id: Q_SQL_MODE_CODE
      doc: 8-byte sql_mode bit set. Always written since 5.0.
    2:
      id: catalog
      -orig-id: Q_CATALOG_CODE
      doc: Length byte, catalog name, 0 byte (MySQL 5.0.0 to 5.0.3).
    3:
      id: auto_increment
      -orig-id: Q_AUTO_INCREMENT
      doc: Two 2-byte integers, auto_increment_increment and auto_increment_offset.
    4:
      id: charset
      -orig-id: Q_CHARSET_CODE
      doc: Three 2-byte collation ids (client, connection, server).
    5:
      id: time_zone
      -orig-id: Q_TIME_ZONE_CODE
      doc: Length byte and time zone name.
    6:
      id: catalog_nz
      -orig-id: Q_CATALOG_NZ_CODE
      doc: Length byte and catalog name (always "std"), MySQL 5.0.4 and later.
    7:
      id: lc_time_names
      -orig-id: Q_LC_TIME_NAMES_CODE
      doc: 2-byte locale number (lc_time_names), written when not en_US (0).
    8:
      id: charset_database
      -orig-id: Q_CHARSET_DATABASE_CODE
      doc: 2-byte collation id of collation_database, written when not the schema default.
    9:
      id: table_map_for_update
      -orig-id: Q_TABLE_MAP_FOR_UPDATE_CODE
      doc: 8-byte bitmap of the tables a multi-table UPDATE changes.
    10:
      id: master_data_written
      -orig-id: Q_MASTER_DATA_WRITTEN_CODE
      doc: 4-byte original event size; only in relay logs of a binlog v3 source.
    11:
      id: invoker
      -orig-id: Q_INVOKER
      doc: Length byte + user name, length byte + host name.
    12:
      id: updated_db_names
      -orig-id: Q_UPDATED_DB_NAMES
      doc: Count byte, then that many NUL-terminated database names (none if count is 254).
    13:
      id: microseconds
      -orig-id: Q_MICROSECONDS
      doc: 3-byte fractional second of the statement start time (MySQL).
    14:
      id: commit_ts
      -orig-id: Q_COMMIT_TS
      doc: |
        8-byte commit sequence number, written only by MySQL 5.7 development
        milestones before it moved to the GTID event; unused since.
    15:
      id: commit_ts2
      -orig-id: Q_COMMIT_TS2
      doc: |
        Reserved by MySQL and never written by a released server; its
        layout is unknown, so it is read like an unknown code.
    16:
      id: explicit_defaults_for_timestamp
      -orig-id: Q_EXPLICIT_DEFAULTS_FOR_TIMESTAMP
      doc: 1 byte, the session's explicit_defaults_for_timestamp (MySQL 8.0).
    17:
      id: ddl_logged_with_xid
      -orig-id: Q_DDL_LOGGED_WITH_XID
      doc: 8-byte XID of an atomic DDL statement (MySQL 8.0).
    18:
      id: default_collation_for_utf8mb4
      -orig-id: Q_DEFAULT_COLLATION_FOR_UTF8MB4
      doc: 2-byte collation id, default_collation_for_utf8mb4 (MySQL 8.0).
    19:
      id: sql_require_primary_key
      -orig-id: Q_SQL_REQUIRE_PRIMARY_KEY
      doc: 1 byte, sql_require_primary_key (MySQL 8.0.13 and later).
    20:
      id: default_table_encryption
      -orig-id: Q_DEFAULT_TABLE_ENCRYPTION
      doc: 1 byte, default_table_encryption (MySQL 8.0.16 and later).
    21:
      id: enable_cascade_triggers
      -orig-id: Q_ENABLE_CASCADE_TRIGGERS
      doc: 1 byte, enable_cascade_triggers (recent MySQL 9.x).
    128:
      id: hrnow
      -orig-id: Q_HRNOW
      doc: 3-byte fractional second (microseconds) of the statement start (MariaDB).
    129:
      id: xid
      -orig-id: Q_XID
      doc: 8-byte XID of a DDL statement (MariaDB, crash-safe DDL logging).
    130:
      id: gtid_flags3
      -orig-id: Q_GTID_FLAGS3
      doc: Flag byte, plus an 8-byte sequence number for COMMIT/ROLLBACK ALTER (MariaDB 10.8+).
    131:
      id: character_set_collations
      -orig-id: Q_CHARACTER_SET_COLLATIONS
      doc: Count byte, then count pairs of 2-byte ids (character set, collation) (MariaDB 11.2+).
  flags2_bit:
    0x4000:
      id: auto_is_null
      -orig-id: OPTION_AUTO_IS_NULL
    0x8000:
      id: no_check_constraint_checks
      -orig-id: OPTION_NO_CHECK_CONSTRAINT_CHECKS
      doc: MariaDB only.
    0x80000:
      id: not_autocommit
      -orig-id: OPTION_NOT_AUTOCOMMIT
      doc: Cleared before logging by MySQL 5.1+ and MariaDB.
    0x1000000:
      id: explicit_defaults_for_timestamp
      doc: MariaDB (seen from 10.11), set when explicit_defaults_for_timestamp=1.
    0x4000000:
      id: no_foreign_key_checks
      -orig-id: OPTION_NO_FOREIGN_KEY_CHECKS
    0x8000000:
      id: relaxed_unique_checks
      -orig-id: OPTION_RELAXED_UNIQUE_CHECKS
    0x10000000:
      id: if_exists
      -orig-id: OPTION_IF_EXISTS
      doc: MariaDB only, set when sql_if_exists=1.
    0x40000000:
      id: insert_history
      doc: MariaDB (10.11 and later), set when system_versioning_insert_history=1.
  sql_mode_bit:
    0x1:
      id: real_as_float
      -orig-id: MODE_REAL_AS_FLOAT
    0x2:
      id: pipes_as_concat
      -orig-id: MODE_PIPES_AS_CONCAT
    0x4:
      id: ansi_quotes
      -orig-id: MODE_ANSI_QUOTES
    0x8:
      id: ignore_space
      -orig-id: MODE_IGNORE_SPACE
    0x10:
      id: not_used
      -orig-id: MODE_NOT_USED
      doc: MySQL NOT_USED; MariaDB IGNORE_BAD_TABLE_OPTIONS.
    0x20:
      id: only_full_group_by
      -orig-id: MODE_ONLY_FULL_GROUP_BY
    0x40:
      id: no_unsigned_subtraction
      -orig-id: MODE_NO_UNSIGNED_SUBTRACTION
    0x80:
      id: no_dir_in_create
      -orig-id: MODE_NO_DIR_IN_CREATE
    0x100:
      id: postgresql
      -orig-id: MODE_POSTGRESQL
      doc: Retired in MySQL 8.0.
    0x200:
      id: oracle
      -orig-id: MODE_ORACLE
      doc: Retired in MySQL 8.0; MariaDB's Oracle compatibility mode.
    0x400:
      id: mssql
      -orig-id: MODE_MSSQL
    0x800:
      id: db2
      -orig-id: MODE_DB2
    0x1000:
      id: maxdb
      -orig-id: MODE_MAXDB
    0x2000:
      id: no_key_options
      -orig-id: MODE_NO_KEY_OPTIONS
    0x4000:
      id: no_table_options
      -orig-id: MODE_NO_TABLE_OPTIONS
    0x8000:
      id: no_field_options
      -orig-id: MODE_NO_FIELD_OPTIONS
    0x10000:
      id: mysql323
      -orig-id: MODE_MYSQL323
    0x20000:
      id: mysql40
      -orig-id: MODE_MYSQL40
    0x40000:
      id: ansi
      -orig-id: MODE_ANSI
    0x80000:
      id: no_auto_value_on_zero
      -orig-id: MODE_NO_AUTO_VALUE_ON_ZERO
    0x100000:
      id: no_backslash_escapes
      -orig-id: MODE_NO_BACKSLASH_ESCAPES
    0x200000:
      id: strict_trans_tables
      -orig-id: MODE_STRICT_TRANS_TABLES
    0x400000:
      id: strict_all_tables
      -orig-id: MODE_STRICT_ALL_TABLES
    0x800000:
      id: no_zero_in_date
      -orig-id: MODE_NO_ZERO_IN_DATE
    0x1000000:
      id: no_zero_date
      -orig-id: MODE_NO_ZERO_DATE
    0x2000000:
      id: invalid_dates
      -orig-id: MODE_INVALID_DATES
    0x4000000:
      id: error_for_division_by_zero
      -orig-id: MODE_ERROR_FOR_DIVISION_BY_ZERO
    0x8000000:
      id: traditional
      -orig-id: MODE_TRADITIONAL
    0x10000000:
      id: no_auto_create_user
      -orig-id: MODE_NO_AUTO_CREATE_USER
      doc: Retired in MySQL 8.0.
    0x20000000:
      id: high_not_precedence
      -orig-id: MODE_HIGH_NOT_PRECEDENCE
    0x40000000:
      id: no_engine_substitution
      -orig-id: MODE_NO_ENGINE_SUBSTITUTION
    0x80000000:
      id: pad_char_to_full_length
      -orig-id: MODE_PAD_CHAR_TO_FULL_LENGTH
  gtid_flags3_bit:
    0x01:
      id: multi_engine
      -orig-id: FL_EXTRA_MULTI_ENGINE_E1
      doc: Transaction spans several engines (GTID event flag, not seen in query events).
    0x02:
      id: start_alter
      -orig-id: FL_START_ALTER_E1
    0x04:
      id: commit_alter
      -orig-id: FL_COMMIT_ALTER_E1
    0x08:
      id: rollback_alter
      -orig-id: FL_ROLLBACK_ALTER_E1
