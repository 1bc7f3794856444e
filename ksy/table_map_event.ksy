meta:
  id: table_map_event
  title: MySQL TABLE_MAP_EVENT body
  license: MIT
  ks-version: '0.11'
  imports:
    - mysql_table_id
    - mysql_packed_int
  endian: le
doc: |
  Maps a table id to a table and describes its columns, for the rows events that follow
  in the same statement: column types, per-type metadata (`column_metas`: lengths,
  precision, fractional-second precision...), nullability and, since MySQL 8.0.1
  (binlog_row_metadata=MINIMAL or FULL) and MariaDB 10.5, an optional metadata block of
  typed fields (signedness, charsets, column names, ENUM/SET labels, primary key...).

  The optional fields that describe a subset of the columns (SIGNEDNESS: numeric columns;
  DEFAULT_CHARSET / COLUMN_CHARSET: character columns; ENUM_AND_SET_*: ENUM and SET
  columns; SET_STR_VALUE, ENUM_STR_VALUE, GEOMETRY_TYPE, VECTOR_DIMENSIONALITY) list one
  entry per column of that kind, in column order; which columns count as which kind is
  decided by `column_metas[i].real_type` (see the docs of those fields).
doc-ref:
  - https://dev.mysql.com/doc/dev/mysql-server/latest/classmysql_1_1binlog_1_1event_1_1Table__map__event.html
  - https://github.com/mysql/mysql-server/blob/trunk/libs/mysql/binlog/event/rows_event.cpp
  - https://github.com/mysql/mysql-server/blob/trunk/sql/log_event.cc
  - https://mariadb.com/kb/en/table_map_event/
params:
  - id: post_header_len
    type: u1
    doc: 8 (6-byte table id + flags), or 6 in early 5.1 servers with a 4-byte table id.
seq:
  - id: table_id
    -orig-id: m_table_id
    type: mysql_table_id(post_header_len)
  - id: flags
    -orig-id: m_flags
    type: u2
  - id: extra_post_header
    size: post_header_len - 8
    if: post_header_len > 8
  - id: len_schema_name
    type: u1
  - id: schema_name
    -orig-id: m_dbnam
    type: str
    size: len_schema_name
    encoding: UTF-8
  - id: schema_name_terminator
    contents: [0]
  - id: len_table_name
    type: u1
  - id: table_name
    -orig-id: m_tblnam
    type: str
    size: len_table_name
    encoding: UTF-8
  - id: table_name_terminator
    contents: [0]
  - id: num_columns
    -orig-id: m_colcnt
    type: mysql_packed_int
  - id: column_types
    -orig-id: m_coltype
    size: num_columns.value
    doc: |
      One `field_type` code per column, as the server logs it (its "binlog type"): ENUM
      and SET columns appear as STRING, every BLOB/TEXT size as BLOB; the real type is in
      the column's metadata (`column_metas[i].real_type`).
  - id: len_metadata
    type: mysql_packed_int
    if: has_metadata
  - id: metadata
    -orig-id: m_field_metadata
    type: field_metadata(num_columns.value, column_types, has_metadata)
    size: 'has_metadata ? len_metadata.value : 0'
    doc: |
      0, 1 or 2 bytes per column depending on its type (lengths, precision, fsp...);
      without `has_metadata`, no bytes, but still a `column_meta` per column.
  - id: null_bitmap
    -orig-id: m_null_bits
    size: (num_columns.value + 7) / 8
    if: has_metadata
    doc: Bit i (least significant bit first) set when column i is nullable.
  - id: optional_metadata
    -orig-id: m_optional_metadata
    type: optional_metadata
    size-eos: true
    doc: |
      The binlog_row_metadata fields (MySQL >= 8.0.1, MariaDB >= 10.5), one after another
      until the end of the body; empty in older servers' events.
instances:
  ofs_len_metadata:
    value: |
      post_header_len + len_schema_name + len_table_name + 4
      + (num_columns.first < 251 ? 1 : num_columns.first == 252 ? 3 :
         num_columns.first == 253 ? 4 : 9)
      + num_columns.value
    doc: Where `len_metadata` starts, after the column types.
  has_metadata:
    value: _io.size > ofs_len_metadata
    doc: |
      The body goes on after the column types. MySQL 5.1.15 to 5.1.17 (and earlier 5.1
      builds) end it there: no metadata and no null bitmap, so the values of a column
      whose size its metadata gives (VARCHAR, BLOB, DECIMAL, BIT, ENUM/SET, the fsp
      types) cannot be sized. MySQL reads it so too: metadata when bytes are left.
    doc-ref: https://github.com/mysql/mysql-server/blob/5.1/sql/log_event.cc
  column_metas:
    value: metadata.column_metas
    doc: One `column_meta` per column, in column order.
  definition:
    pos: post_header_len
    size-eos: true
    doc: |
      Everything after the post-header (names, types, metadata, null bitmap, optional
      metadata): the table's description. A table map repeated in every transaction has
      the same definition, whatever its table id, so readers can describe each table once.
types:
  field_metadata:
    doc: The per-column metadata block, read column by column according to the types.
    doc-ref: https://github.com/mysql/mysql-server/blob/trunk/sql/rpl_utility.cc
    params:
      - id: num_columns
        type: u4
      - id: column_types
        type: bytes
      - id: has_metadata
        type: bool
        doc: The table map has its metadata block (see `has_metadata` there).
    seq:
      - id: column_metas
        type: column_meta(column_types[_index], has_metadata)
        repeat: expr
        repeat-expr: num_columns
  column_meta:
    doc: |
      The metadata of one column, whose size and meaning depend on the column's logged
      type (Field::save_field_metadata in the server): nothing for most fixed-size types;
      1 byte for FLOAT/DOUBLE (their size), BLOB/TEXT/GEOMETRY/JSON/VECTOR (the byte
      count of the length prefix of their values) and TIME2/DATETIME2/TIMESTAMP2 (the
      fractional-second precision); 2 bytes for VARCHAR (maximum length in bytes,
      little-endian), BIT (bits of the last byte, whole bytes), NEWDECIMAL (precision,
      scale) and STRING (real type, length).
    doc-ref:
      - https://github.com/mysql/mysql-server/blob/trunk/sql/field.cc
      - https://github.com/mysql/mysql-server/blob/trunk/sql/rpl_utility.cc
    params:
      - id: type_code
        type: u1
        doc: The column's `field_type` code in `column_types`.
      - id: has_metadata
        type: bool
        doc: |
          The table map has a metadata block; without it, nothing is read and only the
          sizes the type alone gives are known (CHAR taken as up to 255 bytes).
    seq:
      - id: pack_length
        type: u1
        if: |
          has_metadata and (type_code == field_type::float.to_i or type_code == field_type::double.to_i
          or type_code == field_type::vector.to_i or type_code == field_type::json.to_i
          or type_code == field_type::tiny_blob.to_i or type_code == field_type::medium_blob.to_i
          or type_code == field_type::long_blob.to_i or type_code == field_type::blob.to_i
          or type_code == field_type::geometry.to_i)
        valid:
          expr: |
            type_code == field_type::float.to_i ? _ == 4 :
            type_code == field_type::double.to_i ? _ == 8 :
            _ >= 1 and _ <= 4
        doc: |
          FLOAT/DOUBLE: the value size (4 or 8). BLOB family, GEOMETRY, JSON, VECTOR: how
          many bytes (1-4) the length prefix of each value takes.
      - id: max_length
        type: u2
        if: has_metadata and (type_code == field_type::varchar.to_i or type_code == field_type::var_string.to_i)
        doc: VARCHAR / VAR_STRING maximum length in bytes (below 256 -> 1-byte length prefix).
      - id: bits_in_last_byte
        type: u1
        if: has_metadata and type_code == field_type::bit.to_i
        valid:
          max: 7
        doc: BIT(n) - n % 8.
      - id: whole_bytes
        type: u1
        if: has_metadata and type_code == field_type::bit.to_i
        valid:
          max: 8
        doc: BIT(n) - n / 8 (BIT holds at most 64 bits).
      - id: precision
        type: u1
        if: has_metadata and type_code == field_type::newdecimal.to_i
        valid:
          min: 1
          max: 65
        doc: NEWDECIMAL precision (total digits, at most 65).
      - id: scale
        type: u1
        if: has_metadata and type_code == field_type::newdecimal.to_i
        valid:
          expr: _ <= precision and _ <= 38
        doc: |
          NEWDECIMAL scale (digits after the point): at most the precision, and 30 in
          MySQL, 38 in MariaDB.
      - id: real_type_byte
        type: u1
        if: has_metadata and is_string_family
        valid:
          expr: |
            (_ | 0x30) == field_type::string.to_i or (_ | 0x30) == field_type::enum.to_i
            or (_ | 0x30) == field_type::set.to_i
        doc: |
          STRING/ENUM/SET: the real type (STRING, ENUM or SET), with bits 4-5 inverted
          to carry bits 8-9 of the length of a CHAR column longer than 255 bytes.
      - id: length_byte
        type: u1
        if: has_metadata and is_string_family
        doc: |
          STRING: low 8 bits of the maximum length in bytes. ENUM: value size (1 or 2).
          SET: value size (1-8).
      - id: fsp
        type: u1
        if: |
          has_metadata and (type_code == field_type::timestamp2.to_i
          or type_code == field_type::datetime2.to_i or type_code == field_type::time2.to_i)
        valid:
          max: 6
        doc: TIMESTAMP2/DATETIME2/TIME2 fractional-second precision (0-6).
    instances:
      is_string_family:
        value: |
          type_code == field_type::string.to_i or type_code == field_type::enum.to_i
          or type_code == field_type::set.to_i
      real_type:
        value: 'is_string_family and has_metadata ? real_type_byte | 0x30 : type_code'
        doc: |
          The column's real `field_type`: ENUM (247) or SET (248) for those columns logged
          as STRING, otherwise the logged type.
      string_length:
        value: |
          is_string_family and has_metadata
          ? length_byte | (((real_type_byte & 0x30) ^ 0x30) << 4) : 0
        doc: STRING maximum length in bytes; ENUM/SET value size.
      bit_count:
        value: |
          type_code == field_type::bit.to_i and has_metadata
          ? whole_bytes * 8 + bits_in_last_byte : 0
        doc: BIT(n) - n.
      is_length_prefixed:
        value: |
          real_type == field_type::varchar.to_i or real_type == field_type::var_string.to_i
          or real_type == field_type::string.to_i
          or real_type == field_type::tiny_blob.to_i or real_type == field_type::medium_blob.to_i
          or real_type == field_type::long_blob.to_i or real_type == field_type::blob.to_i
          or real_type == field_type::json.to_i or real_type == field_type::geometry.to_i
          or real_type == field_type::vector.to_i
        doc: |
          The column's values in a row image are a length, then that many bytes: strings
          (CHAR, VARCHAR), BLOB/TEXT, JSON, GEOMETRY and VECTOR.
      len_length_prefix:
        value: |
          real_type == field_type::string.to_i ? (string_length < 256 ? 1 : 2) :
          not has_metadata ? 0 :
          real_type == field_type::varchar.to_i or real_type == field_type::var_string.to_i
            ? (max_length < 256 ? 1 : 2) :
          is_length_prefixed ? pack_length :
          0
        doc: |
          Bytes of the little-endian length in front of each of the column's values in a
          row image: 1 or 2 for VARCHAR/VAR_STRING/CHAR (1 when the maximum length in
          bytes is below 256), the metadata's pack length (1-4) for BLOB/TEXT, JSON,
          GEOMETRY and VECTOR; 0 for a type whose values have a fixed size
          (`len_fixed_value`).
        doc-ref: https://github.com/mysql/mysql-server/blob/trunk/sql/field.cc
      len_fixed_value:
        value: |
          real_type == field_type::tiny.to_i or real_type == field_type::year.to_i ? 1 :
          real_type == field_type::short.to_i ? 2 :
          real_type == field_type::int24.to_i or real_type == field_type::date.to_i
            or real_type == field_type::newdate.to_i or real_type == field_type::time.to_i ? 3 :
          real_type == field_type::long.to_i or real_type == field_type::float.to_i
            or real_type == field_type::timestamp.to_i ? 4 :
          real_type == field_type::longlong.to_i or real_type == field_type::double.to_i
            or real_type == field_type::datetime.to_i ? 8 :
          not has_metadata ? 0 :
          real_type == field_type::newdecimal.to_i ? len_decimal_value :
          real_type == field_type::bit.to_i ? (bit_count + 7) / 8 :
          real_type == field_type::enum.to_i or real_type == field_type::set.to_i
            ? string_length :
          real_type == field_type::timestamp2.to_i ? 4 + len_fraction :
          real_type == field_type::datetime2.to_i ? 5 + len_fraction :
          real_type == field_type::time2.to_i ? 3 + len_fraction :
          0
        doc: |
          Bytes of each of the column's values in a row image when they have no length
          prefix: integers, FLOAT/DOUBLE, YEAR and the old temporal types by their type;
          NEWDECIMAL by its precision and scale (`len_decimal_value`); BIT(n) n / 8
          rounded up; ENUM/SET the value size of the metadata; TIMESTAMP2 4, DATETIME2 5
          and TIME2 3 bytes, plus the fractional seconds (`len_fraction`). 0 for a
          length-prefixed type (`len_length_prefix`) and for a type this spec cannot size.
        doc-ref: https://github.com/mysql/mysql-server/blob/trunk/sql/field.cc
      len_decimal_value:
        value: |
          (precision - scale) / 9 * 4 + ((precision - scale) % 9 + 1) / 2
          + scale / 9 * 4 + (scale % 9 + 1) / 2
        if: real_type == field_type::newdecimal.to_i and has_metadata
        doc: |
          Bytes of a NEWDECIMAL value (MySQL's decimal_bin_size): the digits on each side
          of the point in groups of 9, 4 bytes per whole group and 1-4 bytes for the
          remaining 1-8 digits (1 byte per 2 digits, rounded up).
        doc-ref: https://github.com/mysql/mysql-server/blob/trunk/strings/decimal.cc
      len_fraction:
        value: (fsp + 1) / 2
        if: |
          has_metadata and real_type == field_type::timestamp2.to_i or real_type == field_type::datetime2.to_i
          or real_type == field_type::time2.to_i
        doc: |
          Bytes of the fractional seconds of a TIMESTAMP2/DATETIME2/TIME2 value: 1 per 2
          digits of `fsp`, rounded up.
      is_value_size_known:
        value: |
          len_length_prefix > 0
          or (len_fixed_value > 0
              and (real_type != field_type::enum.to_i or string_length <= 2)
              and (real_type != field_type::set.to_i or string_length <= 8))
        doc: |
          The size of the column's values in a row image is known (from
          `len_length_prefix` or `len_fixed_value`): not for the pre-5.0 DECIMAL, NULL or
          TYPED_ARRAY types, an ENUM of more than 2 or a SET of more than 8 bytes, nor a
          type code this spec does not know. Rows of a table with such a column present
          in an image cannot be read.
  mariadb_hires_temporal:
    doc: |
      The values of a TIMESTAMP(n), DATETIME(n) or TIME(n) column with n > 0 as MariaDB 5.3
      to 10.0 log them (and later MariaDB with mysql56_temporal_format=OFF): under the old
      type code (TIMESTAMP, DATETIME, TIME) and with no metadata, so the table map cannot
      tell them from the old whole-second values; `fsp` comes from the table's definition.
      All are big-endian. TIMESTAMP: 4 bytes of seconds since the epoch, then the
      microseconds divided by 10^(6-n) in `len_fraction` bytes. DATETIME: one number,
      MariaDB's packed time ((((((year * 13 + month) * 32 + day) * 24 + hour) * 60 +
      minute) * 60 + second) * 10^6 + microseconds) divided by 10^(6-n). TIME: the same
      number of hours, minutes, seconds and microseconds, negative for a negative time,
      divided by 10^(6-n) and offset by `time_zero_point` so that it is never negative.
      Used with params only: no byte of the event is read.
    doc-ref:
      - https://github.com/MariaDB/server/blob/10.0/sql/field.cc
      - https://github.com/MariaDB/server/blob/10.0/sql-common/my_time.c
    params:
      - id: type_code
        type: u1
        doc: The column's `field_type` code (TIMESTAMP, DATETIME or TIME).
      - id: fsp
        type: u1
        doc: Fractional-second digits of the column (1-6), from its definition.
    instances:
      len_fraction:
        value: (fsp + 1) / 2
        doc: Bytes of a TIMESTAMP(n)'s fraction (MariaDB's sec_part_bytes).
      len_datetime_values:
        value: '[5, 6, 6, 7, 7, 7, 8]'
        doc: Bytes of a DATETIME(n) value by n (MariaDB's datetime_hires_bytes).
      len_time_values:
        value: '[3, 4, 4, 5, 5, 5, 6]'
        doc: Bytes of a TIME(n) value by n (MariaDB's time_hires_bytes).
      len_value:
        value: |
          type_code == field_type::timestamp.to_i ? 4 + len_fraction :
          type_code == field_type::datetime.to_i ? len_datetime_values[fsp] :
          type_code == field_type::time.to_i ? len_time_values[fsp] : 0
        doc: Bytes of each value in a row image.
      time_zero_point:
        value: 3020400
        doc: |
          A TIME value's offset, in seconds (838:59:59 plus one second), itself scaled to
          the column's digits: 3020400 * 10^n.
  optional_metadata:
    doc: Typed-length-value fields until the end of the event body.
    doc-ref: https://dev.mysql.com/doc/dev/mysql-server/latest/classmysql_1_1binlog_1_1event_1_1Table__map__event.html
    seq:
      - id: fields
        type: optional_field
        repeat: eos
  optional_field:
    seq:
      - id: field_type
        type: u1
        enum: optional_field_type
      - id: length
        type: mysql_packed_int
      - id: value
        size: length.value
        type:
          switch-on: field_type
          cases:
            'optional_field_type::signedness': bitmap_msb
            'optional_field_type::default_charset': default_charset
            'optional_field_type::column_charset': packed_int_list
            'optional_field_type::column_name': column_names
            'optional_field_type::set_str_value': str_value_lists
            'optional_field_type::enum_str_value': str_value_lists
            'optional_field_type::geometry_type': packed_int_list
            'optional_field_type::simple_primary_key': packed_int_list
            'optional_field_type::primary_key_with_prefix': key_prefixes
            'optional_field_type::enum_and_set_default_charset': default_charset
            'optional_field_type::enum_and_set_column_charset': packed_int_list
            'optional_field_type::column_visibility': bitmap_msb
            'optional_field_type::vector_dimensionality': packed_int_list
        doc: Raw bytes for a field type this spec does not know.
  bitmap_msb:
    doc: One bit per column of the kind the field describes, most significant bit first.
    seq:
      - id: bitmap
        size-eos: true
  packed_int_list:
    doc: |
      One packed integer per column of the kind the field describes: a collation id
      (COLUMN_CHARSET, ENUM_AND_SET_COLUMN_CHARSET), a `geometry_type`
      (GEOMETRY_TYPE), a dimension count (VECTOR_DIMENSIONALITY); or the column indexes
      of the primary key (SIMPLE_PRIMARY_KEY).
    seq:
      - id: items
        type: mysql_packed_int
        repeat: eos
  default_charset:
    doc: |
      The most common collation of the columns the field describes, then the columns
      (index among those columns) whose collation differs.
    seq:
      - id: default_collation
        type: mysql_packed_int
      - id: exceptions
        type: charset_exception
        repeat: eos
  charset_exception:
    seq:
      - id: column_index
        type: mysql_packed_int
        doc: Index among the columns the field describes (not the table column index).
      - id: collation
        type: mysql_packed_int
  column_names:
    seq:
      - id: names
        type: column_name
        repeat: eos
  column_name:
    seq:
      - id: length
        type: mysql_packed_int
      - id: name
        type: str
        size: length.value
        encoding: UTF-8
  str_value_lists:
    doc: For each ENUM (or SET) column, its labels in definition order.
    seq:
      - id: columns
        type: str_value_list
        repeat: eos
  str_value_list:
    seq:
      - id: num_values
        type: mysql_packed_int
      - id: values
        type: str_value
        repeat: expr
        repeat-expr: num_values.value
  str_value:
    seq:
      - id: len_value
        type: mysql_packed_int
      - id: value
        size: len_value.value
        doc: The label, in the column's character set (kept as bytes).
  key_prefixes:
    seq:
      - id: parts
        type: key_prefix
        repeat: eos
  key_prefix:
    seq:
      - id: column_index
        type: mysql_packed_int
      - id: prefix_length
        type: mysql_packed_int
        doc: Length of the indexed prefix in characters, 0 for the whole column.
enums:
  field_type:
    0: decimal
    1: tiny
    2: short
    3: long
    4: float
    5: double
    6: type_null
    7: timestamp
    8: longlong
    9: int24
    10: date
    11: time
    12: datetime
    13: year
    14: newdate
    15: varchar
    16: bit
    17: timestamp2
    18: datetime2
    19: time2
    20: typed_array
    242: vector
    243: invalid
    244: type_bool
    245: json
    246: newdecimal
    247: enum
    248: set
    249: tiny_blob
    250: medium_blob
    251: long_blob
    252: blob
    253: var_string
    254: string
    255: geometry
  optional_field_type:
    1:
      id: signedness
      -orig-id: SIGNEDNESS
      doc: |
        One bit per numeric column (TINY, SHORT, INT24, LONG, LONGLONG, NEWDECIMAL, FLOAT,
        DOUBLE), set when UNSIGNED.
    2:
      id: default_charset
      -orig-id: DEFAULT_CHARSET
      doc: |
        Collations of the character columns (STRING, VAR_STRING, VARCHAR, BLOB; VECTOR in
        MySQL 9; GEOMETRY in MariaDB), as a default plus exceptions.
    3:
      id: column_charset
      -orig-id: COLUMN_CHARSET
      doc: Collation of each character column, when no single default is worth it.
    4:
      id: column_name
      -orig-id: COLUMN_NAME
    5:
      id: set_str_value
      -orig-id: SET_STR_VALUE
    6:
      id: enum_str_value
      -orig-id: ENUM_STR_VALUE
    7:
      id: geometry_type
      -orig-id: GEOMETRY_TYPE
    8:
      id: simple_primary_key
      -orig-id: SIMPLE_PRIMARY_KEY
    9:
      id: primary_key_with_prefix
      -orig-id: PRIMARY_KEY_WITH_PREFIX
    10:
      id: enum_and_set_default_charset
      -orig-id: ENUM_AND_SET_DEFAULT_CHARSET
    11:
      id: enum_and_set_column_charset
      -orig-id: ENUM_AND_SET_COLUMN_CHARSET
    12:
      id: column_visibility
      -orig-id: COLUMN_VISIBILITY
      doc: One bit per column, set when the column is visible (MySQL 8.0.23+).
    13:
      id: vector_dimensionality
      -orig-id: VECTOR_DIMENSIONALITY
      doc: Dimension count of each VECTOR column (MySQL 9.0+).
