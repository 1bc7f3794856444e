meta:
  id: rows_event
  title: MySQL / MariaDB rows event body (WRITE, UPDATE, DELETE, PARTIAL_UPDATE)
  license: MIT
  ks-version: '0.11'
  imports:
    - mysql_table_id
    - mysql_event_type
    - mysql_packed_int
    - mariadb_compressed
  endian: le
doc: |
  Row-based replication: the rows one statement inserted, updated or deleted in the table
  of the preceding TABLE_MAP_EVENT with the same table id. Layout is shared by the pre-GA
  (20-22), v1 (23-25) and v2 (30-32, 39) events and MariaDB's compressed ones (166-171):
  v2 adds a variable-length extra-data block; updates carry a second column bitmap for
  the after image; MariaDB's compressed events hold the row images zlib-compressed.
  Whatever the type, `row_data` gives the uncompressed row images.
doc-ref: https://dev.mysql.com/doc/dev/mysql-server/latest/classbinary__log_1_1Rows__event.html
params:
  - id: post_header_len
    type: u1
    doc: 6 (4-byte table id), 8 (v1), or 10 (v2, with the extra-data length).
  - id: event_type
    type: u1
    enum: mysql_event_type::event_type
    doc: |
      The event's type, which tells updates (two images) from writes and deletes, and
      MariaDB's compressed events from plain ones.
seq:
  - id: table_id
    -orig-id: m_table_id
    type: mysql_table_id(post_header_len)
  - id: flags
    -orig-id: m_flags
    type: u2
    doc: Bit set of `rows_flag`.
  - id: len_extra_data
    -orig-id: var_header_len
    type: u2
    if: is_v2
    valid:
      min: 2
    doc: Length of the extra data including these two bytes.
  - id: extra_data
    size: len_extra_data - 2
    if: is_v2
    doc: Typed extra row info (NDB info, partition ids), kept raw.
  - id: num_columns
    -orig-id: m_width
    type: mysql_packed_int
  - id: columns_present
    -orig-id: m_cols
    size: (num_columns.value + 7) / 8
    doc: Bit i set when column i is in the (before) image.
  - id: after_image_columns
    -orig-id: m_cols_ai
    size: (num_columns.value + 7) / 8
    if: has_after_image and event_type != mysql_event_type::event_type::pre_ga_update_rows_event
    doc: |
      For updates, bit i set when column i is in the after image; not in a pre-GA update
      (MySQL's Old_rows_log_event reads one bitmap, for both images).
  - id: rows
    size-eos: true
    if: not is_compressed
    doc: The row images, each a null bitmap of the present columns then their values.
  - id: compressed_rows
    type: mariadb_compressed
    size-eos: true
    if: is_compressed
    doc: |
      MariaDB's compressed rows events (166-171): the row images, compressed. Everything
      before them (table id, flags, extra data, column count and bitmaps) stays plain.
    doc-ref: https://github.com/MariaDB/server/blob/main/sql/log_event.cc
instances:
  is_v2:
    value: post_header_len >= 10
  columns_present_after:
    value: |
      event_type == mysql_event_type::event_type::pre_ga_update_rows_event
      ? columns_present : after_image_columns
    if: has_after_image
    doc: For updates, bit i set when column i is in the after image.
  has_after_image:
    value: |
      event_type == mysql_event_type::event_type::pre_ga_update_rows_event
      or event_type == mysql_event_type::event_type::update_rows_event_v1
      or event_type == mysql_event_type::event_type::update_rows_event
      or event_type == mysql_event_type::event_type::partial_update_rows_event
      or event_type == mysql_event_type::event_type::update_rows_compressed_event_v1
      or event_type == mysql_event_type::event_type::update_rows_compressed_event
    doc: The rows of an update have two images, before and after.
  is_compressed:
    value: |
      event_type == mysql_event_type::event_type::write_rows_compressed_event_v1
      or event_type == mysql_event_type::event_type::update_rows_compressed_event_v1
      or event_type == mysql_event_type::event_type::delete_rows_compressed_event_v1
      or event_type == mysql_event_type::event_type::write_rows_compressed_event
      or event_type == mysql_event_type::event_type::update_rows_compressed_event
      or event_type == mysql_event_type::event_type::delete_rows_compressed_event
  row_data:
    value: 'is_compressed ? compressed_rows.data : rows'
    doc: |
      The row images, inflated for a compressed event (which raises a parse error when
      the compressed stream is corrupt, and is null when its header names an algorithm
      this spec does not know).
  is_end_of_statement:
    -orig-id: STMT_END_F
    value: (flags & rows_flag::stmt_end.to_i) != 0
enums:
  rows_flag:
    0x0001: stmt_end
    0x0002: no_foreign_key_checks
    0x0004: relaxed_unique_checks
    0x0008: complete_rows
