meta:
  id: table_map_event
  title: MySQL TABLE_MAP_EVENT body
  license: MIT
  imports:
    - mysql_packed_int
  endian: le
doc: |
  Maps a table id to a table and describes its columns, for the rows events that follow
  in the same transaction: column types, per-type metadata, nullability and, since MySQL
  8.0.1 (binlog_row_metadata=FULL or MINIMAL), an optional metadata block.
doc-ref: https://dev.mysql.com/doc/dev/mysql-server/latest/classbinary__log_1_1Table__map__event.html
params:
  - id: post_header_len
    type: u1
    doc: 8 (6-byte table id + flags), or 6 in early 5.1 servers with a 4-byte table id.
seq:
  - id: table_id_low
    type: u4
  - id: table_id_high
    type: u2
    if: post_header_len != 6
  - id: flags
    type: u2
    -orig-id: m_flags
  - id: extra_post_header
    size: post_header_len - 8
    if: post_header_len > 8
  - id: schema_name_length
    type: u1
  - id: schema_name
    type: str
    size: schema_name_length
    encoding: UTF-8
    -orig-id: m_dbnam
  - id: schema_name_terminator
    contents: [0]
  - id: table_name_length
    type: u1
  - id: table_name
    type: str
    size: table_name_length
    encoding: UTF-8
    -orig-id: m_tblnam
  - id: table_name_terminator
    contents: [0]
  - id: column_count
    type: mysql_packed_int
    -orig-id: m_colcnt
  - id: column_types
    size: column_count.value
    doc: One `field_type` code per column (the real type of ENUM/SET hides in metadata).
    -orig-id: m_coltype
  - id: metadata_length
    type: mysql_packed_int
  - id: metadata
    size: metadata_length.value
    doc: 0, 1 or 2 bytes per column depending on its type (lengths, precision, fsp...).
    -orig-id: m_field_metadata
  - id: null_bitmap
    size: (column_count.value + 7) / 8
    doc: Bit i set when column i is nullable.
    -orig-id: m_null_bits
  - id: optional_metadata
    size-eos: true
    doc: TLV fields (type u1, packed length, value) of binlog_row_metadata, MySQL >= 8.0.1.
    -orig-id: m_optional_metadata
instances:
  table_id:
    value: 'post_header_len == 6 ? table_id_low : table_id_low + (table_id_high << 32)'
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
