meta:
  id: row_image
  title: Row images of a MySQL / MariaDB rows event
  application:
    - MySQL Server 5.1+
    - MariaDB Server
  license: MIT
  ks-version: '0.11'
  imports:
    - mysql_packed_int
    - table_map_event
  endian: le
doc: |
  The row data of a WRITE/UPDATE/DELETE/PARTIAL_UPDATE rows event (v0, v1, v2, and
  MariaDB's compressed ones once inflated): the bytes after the column bitmaps, read with
  the column metadata of the table's TABLE_MAP_EVENT.

  Writes have one image per row (the new row), deletes one (the old row), updates two
  (the old row, then the new one), so for an update `images` alternates before and after
  images. Each image is a null bitmap, one bit per column present in the image, then the
  value of each present column that is not NULL, in column order. Which columns are
  present comes from the rows event's bitmaps (`columns_present`, and
  `columns_present_after` for the after images of an update): all of them with
  binlog_row_image=FULL; with MINIMAL or NOBLOB some columns are absent, and they are
  absent here too (not NULL).

  What a value looks like is the column's business (`table_map_event::column_meta`): a
  length prefix of `len_length_prefix` bytes then that many bytes (strings, BLOB/TEXT,
  JSON, GEOMETRY, VECTOR), or `len_fixed_value` bytes (numbers, DECIMAL, BIT, ENUM/SET,
  temporal types). Values are kept as their bytes, which a reader converts by the
  column's type: integers and FLOAT/DOUBLE little-endian; DECIMAL, BIT and the temporal
  types with fractional seconds in MySQL's big-endian forms; a MySQL JSON value a
  `mysql_json` (or a `mysql_json_diff` in a partial update, see below; MariaDB's JSON
  columns are LONGTEXT, whose values are text), GEOMETRY a `geometry`, VECTOR a `vector`.

  A PARTIAL_UPDATE_ROWS_EVENT (MySQL 8.0, binlog_row_value_options=PARTIAL_JSON) starts
  each after image with `value_options`; when its PARTIAL_JSON bit is set, a bitmap with
  one bit per JSON column of the table (present or not) follows, and each JSON column
  whose bit is set holds a JSON diff (`mysql_json_diff`) instead of a whole document
  (`mysql_json`).

  Everything an image needs comes in as params, never through `_parent` or `_root`, and
  images and values are declared `parent: false`: the parse tree has no back references
  (one object per value, so a reader can free them as soon as a row is converted).
doc-ref:
  - https://dev.mysql.com/doc/dev/mysql-server/latest/classmysql_1_1binlog_1_1event_1_1Rows__event.html
  - https://github.com/mysql/mysql-server/blob/trunk/sql/rpl_record.cc
  - https://mariadb.com/kb/en/rows_event_v1v2-rows_compressed_event_v1/
params:
  - id: columns
    type: table_map_event::column_meta[]
    doc: |
      The columns present in the before image of an update, or in the only image of a
      write or delete: the table map's `column_metas[i]` of each column i whose bit is set
      in the rows event's `columns_present`, in column order. The bitmap has a bit for
      each of the rows event's `num_columns` (at most the table map's).
  - id: columns_after
    type: table_map_event::column_meta[]
    doc: |
      For an update, the columns present in the after image, chosen likewise by
      `columns_present_after`. Not used otherwise.
  - id: num_json_columns
    type: u4
    doc: |
      How many of the table's columns are JSON (their count in the table map, present
      or not): the bits of a partial update's `partial_json_columns`.
  - id: is_update
    type: bool
    doc: An UPDATE or PARTIAL_UPDATE rows event, whose rows have two images.
  - id: is_partial_update
    type: bool
    doc: A PARTIAL_UPDATE_ROWS_EVENT (39), whose after images start with `value_options`.
seq:
  - id: images
    type: |
      image(is_update and _index % 2 == 1 ? columns_after : columns,
            is_partial_update and _index % 2 == 1, num_json_columns)
    repeat: eos
    if: has_columns
    parent: false
    doc: The images, in order; for updates, before and after images alternate.
instances:
  has_columns:
    value: columns.size > 0 and (not is_update or columns_after.size > 0)
    doc: |
      Every image has a column. An image without any would be empty and could not be
      told from the end of the row data, so the rows are not read then.
types:
  image:
    doc: One row image.
    params:
      - id: columns
        type: table_map_event::column_meta[]
        doc: The columns present in the image, in column order.
      - id: is_partial
        type: bool
        doc: The after image of a PARTIAL_UPDATE_ROWS_EVENT.
      - id: num_json_columns
        type: u4
        doc: The table's JSON columns, for `partial_json_columns`.
    seq:
      - id: value_options
        type: mysql_packed_int
        if: is_partial
        doc: Bit set; bit 0 (PARTIAL_JSON_UPDATES) announces `partial_json_columns`.
      - id: partial_json_columns
        -orig-id: partial_bits
        size: (num_json_columns + 7) / 8
        if: has_partial_json
        doc: |
          Bit j (least significant bit first) set when the table's j-th JSON column (in
          column order, counting the columns absent from the image) holds a JSON diff
          (`mysql_json_diff`) rather than a document.
      - id: null_bitmap
        -orig-id: null_bits
        type: u1
        repeat: expr
        repeat-expr: (columns.size + 7) / 8
        doc: |
          One bit per present column, least significant bit first (the k-th present
          column's is bit k % 8 of byte k / 8): set when the column is NULL, and has no
          value below.
      - id: values
        type: |
          column_value(columns[_index],
                       ((null_bitmap[_index / 8] >> (_index % 8)) & 1) != 0)
        repeat: expr
        repeat-expr: columns.size
        parent: false
        doc: One per present column, in column order.
    instances:
      has_partial_json:
        -orig-id: PARTIAL_JSON_UPDATES
        value: is_partial and (value_options.value & 1) != 0
        doc: |
          The PARTIAL_JSON_UPDATES bit of `value_options` is set: `partial_json_columns`
          follows, and JSON values may be diffs.
  column_value:
    doc: The value of one column in an image (nothing when it is NULL).
    params:
      - id: column
        type: table_map_event::column_meta
        doc: The column's metadata, which says how its value is laid out.
      - id: is_null
        type: bool
        doc: Its bit in the image's null bitmap.
    seq:
      - id: len_value
        type:
          switch-on: column.len_length_prefix
          cases:
            1: u1
            2: u2
            3: b24le
            4: u4
        if: not is_null and column.len_length_prefix != 0
        doc: The length of a string, BLOB/TEXT, JSON, GEOMETRY or VECTOR value.
      - id: value
        size: 'column.len_length_prefix != 0 ? len_value : column.len_fixed_value'
        if: not is_null
        valid:
          expr: column.is_value_size_known
        doc: |
          The value's bytes, in the column type's binary form (see the spec's doc). A
          column whose values have no known size (`column.is_value_size_known` false)
          cannot be read.
  geometry:
    doc: The bytes of a GEOMETRY value - its SRID, then the geometry in WKB.
    seq:
      - id: srid
        type: u4
      - id: wkb
        size-eos: true
  vector:
    doc: The bytes of a VECTOR value (MySQL 9) - 32-bit floats.
    seq:
      - id: elements
        type: f4
        repeat: eos
