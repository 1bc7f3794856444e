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
  MariaDB's compressed ones once inflated): the bytes after the column bitmaps, decoded
  with the column layout of the table's TABLE_MAP_EVENT.

  Every image is a null bitmap, one bit per column present in the image (least
  significant bit first, bit k for the k-th present column), then the value of each
  present column that is not NULL, in column order. Which columns are present comes from
  the rows event's bitmap: all of them with binlog_row_image=FULL; with MINIMAL or NOBLOB
  some columns are absent, and they are absent here too (not NULL). Writes have one image
  per row (the new row), deletes one (the old row), updates two (old then new), so for an
  update `images` alternates before and after images.

  A PARTIAL_UPDATE_ROWS_EVENT (MySQL 8.0, binlog_row_value_options=PARTIAL_JSON) starts
  each after image with `value_options`; when its PARTIAL_JSON bit is set, a bitmap with
  one bit per JSON column of the table (present or not) follows, and each JSON column
  whose bit is set holds a JSON diff (`mysql_json_diff`) instead of a whole document
  (`mysql_json`).

  Each value is one element of `image.values`, or two for a value with a length prefix
  (strings, BLOB/TEXT, JSON, GEOMETRY, VECTOR): the length, as a number, then the bytes.
  Every value is kept as its raw bytes (integers little-endian; DECIMAL, BIT and the
  temporal types in MySQL's big-endian forms), which the reader converts; a NULL column
  is empty bytes in each of its elements. `image_layout.cells` says, per element, which
  column it belongs to and how it is read. The bytes of a JSON, GEOMETRY and VECTOR value
  are a `mysql_json` (or `mysql_json_diff`), a `geometry` and a `vector` respectively.

  Elements are only numbers and byte strings, never an object per value, and the only
  numbers read are the length prefixes: that keeps the per-row loop short (in Python,
  every case of the loop's switch costs a comparison for every raw-bytes element, the
  fallback case). The layout work is done once per table and bitmap (`image_layout`,
  passed in as `first_layout` and `second_layout`).

  When a column type is unknown to this spec (so the size of its values is unknown), the
  rows are not decoded and `undecoded` keeps the bytes.
doc-ref:
  - https://dev.mysql.com/doc/dev/mysql-server/latest/classmysql_1_1binlog_1_1event_1_1Rows__event.html
  - https://github.com/mysql/mysql-server/blob/trunk/sql/log_event.cc
  - https://github.com/mysql/mysql-server/blob/trunk/sql/rpl_record.cc
  - https://mariadb.com/kb/en/rows_event_v1v2-rows_compressed_event_v1/
params:
  - id: first_layout
    type: image_layout
    doc: |
      Layout of the first (or only) image of each row: `image_layout(column_count,
      column_metas, columns_present, false)` from the rows event's column count and first
      bitmap and the table map's `column_metas`, parsed from an empty stream. Layouts
      depend only on the table map and the bitmap, so a reader builds each one once and
      reuses it for every event of that table.
  - id: second_layout
    type: image_layout
    doc: |
      For updates, layout of the after image: `image_layout(column_count, column_metas,
      columns_present_after, is_partial_update)`. Not used otherwise (pass
      `first_layout`).
  - id: is_update
    type: bool
    doc: An UPDATE or PARTIAL_UPDATE rows event, whose rows have two images.
  - id: is_partial_update
    type: bool
    doc: A PARTIAL_UPDATE_ROWS_EVENT (39), whose after images start with value_options.
seq:
  - id: images
    type: |
      image(is_update and _index % 2 == 1 ? second_layout : first_layout,
            is_update and _index % 2 == 1 ? second_layout.cells : first_layout.cells,
            is_update and _index % 2 == 1 ? second_layout.is_narrow : first_layout.is_narrow,
            is_partial_update and _index % 2 == 1)
    repeat: eos
    if: is_decodable
    doc: The images, in order; for updates before and after images alternate.
  - id: undecoded
    size-eos: true
    if: not is_decodable
    doc: The row data, when a column type prevents decoding it.
instances:
  is_decodable:
    value: |
      first_layout.is_decodable and first_layout.present_count > 0
      and (not is_update or (second_layout.is_decodable and second_layout.present_count > 0))
    doc: |
      Every present column has a known type (and every image has a column, so that an
      image is never empty: an empty one could not be told from the end of the data).
types:
  image_layout:
    doc: |
      Where the values of one kind of image (before or after) are: the present columns in
      order (`slots`), and the elements their values are read as (`cells`). It reads
      nothing: parse it from an empty stream.
    params:
      - id: column_count
        type: u4
        doc: The rows event's column count (its m_width).
      - id: column_metas
        type: table_map_event::column_meta[]
        doc: The table map's `column_metas` (each carries its column type).
      - id: present
        type: bytes
        doc: The rows event's columns-present bitmap for this kind of image.
      - id: count_json
        type: bool
        doc: Number JSON columns (for the partial-JSON bitmap of a PARTIAL_UPDATE after image).
    seq:
      - id: json_ranks
        type: |
          json_rank(_index == 0 ? 0 : json_ranks[_index - 1].json_after,
                    column_metas[_index].type_code == 245)
        repeat: expr
        repeat-expr: column_count
        if: count_json
        doc: How many JSON columns precede each column.
      - id: finders
        type: |
          column_finder(column_count, column_metas, present,
                        _index == 0 ? 0 : finders[_index - 1].column + 1,
                        _index == 0 ? 0 : finders[_index - 1].unsupported_through)
        repeat: until
        repeat-until: _.is_end
        doc: One per present column, in order, then one past the last column.
      - id: slots
        type: |
          slot(finders[_index].column, finders[_index].real_type, finders[_index].value_size,
               finders[_index].length_code, finders[_index].length_size,
               count_json ? json_ranks[finders[_index].column].json_before : 0)
        repeat: expr
        repeat-expr: present_count
        doc: The present columns, in column order.
      - id: steps
        type: |
          cell_step(slots, _index == 0 ? 0 : steps[_index - 1].next_slot,
                    _index == 0 ? false : steps[_index - 1].is_length)
        repeat: until
        repeat-until: _.is_last
        if: present_count > 0
        doc: One per element of an image, to number them.
      - id: cells
        type: |
          cell(steps[_index].slot, steps[_index].code, steps[_index].size,
               steps[_index].is_data)
        repeat: expr
        repeat-expr: 'present_count > 0 ? steps.size : 0'
        doc: The elements of an image, in order.
    instances:
      present_count:
        value: finders.size - 1
      is_decodable:
        value: finders.last.unsupported_before == 0
      json_column_count:
        value: 'count_json and column_count > 0 ? json_ranks.last.json_after : 0'
        doc: JSON columns in the table (bits of the partial-JSON bitmap).
      is_narrow:
        value: present_count <= 32
        doc: The null bitmap of the images fits an integer (read as one).
  json_rank:
    params:
      - id: json_before
        type: u4
      - id: is_json
        type: bool
    instances:
      json_after:
        value: 'is_json ? json_before + 1 : json_before'
  column_finder:
    doc: |
      Finds the first present column at or after `start` (`column`, or `column_count`
      when there is none) and says how its value is read: its length prefix
      (`length_code`, `length_size`; none when 0), or its size (`value_size`).
    params:
      - id: column_count
        type: u4
      - id: column_metas
        type: table_map_event::column_meta[]
      - id: present
        type: bytes
      - id: start
        type: u4
      - id: unsupported_before
        type: u4
        doc: Present columns of unknown type before this one.
    seq:
      - id: probes
        type: probe(start + _index, column_count, present)
        repeat: until
        repeat-until: _.is_present or _.column + 1 >= column_count
        if: start < column_count
    instances:
      column:
        value: 'start < column_count and probes.last.is_present ? probes.last.column : column_count'
      is_end:
        value: column >= column_count
      meta:
        value: column_metas[column]
        if: not is_end
      real_type:
        value: 'is_end ? 0 : meta.real_type'
      length_size:
        value: |
          real_type == 15 or real_type == 253 ? (meta.max_length < 256 ? 1 : 2) :
          real_type == 254 ? (meta.string_length < 256 ? 1 : 2) :
          (real_type >= 249 and real_type <= 252) or real_type == 245 or real_type == 255
          or real_type == 242 ? meta.pack_length :
          0
        doc: |
          Bytes of the length prefix: 1 or 2 for VARCHAR/VAR_STRING/CHAR (by the maximum
          length), the metadata's pack length for BLOB/TEXT, JSON, GEOMETRY and VECTOR.
      length_code:
        value: 'length_size <= 4 ? length_size : 0'
        doc: How the length prefix is read (the `image.values` case); 0 when there is none.
      value_size:
        value: |
          is_end ? 0 :
          real_type == 3 or real_type == 7 or real_type == 4 ? 4 :
          real_type == 1 or real_type == 13 ? 1 :
          real_type == 2 ? 2 :
          real_type == 5 or real_type == 8 or real_type == 12 ? 8 :
          real_type == 9 or real_type == 10 or real_type == 14 or real_type == 11 ? 3 :
          real_type == 246 ? (meta.precision - meta.scale) / 9 * 4
            + ((meta.precision - meta.scale) % 9 + 1) / 2 + meta.scale / 9 * 4
            + (meta.scale % 9 + 1) / 2 :
          real_type == 16 ? (meta.bit_count + 7) / 8 :
          real_type == 247 or real_type == 248 ? meta.string_length :
          real_type == 17 ? 4 + (meta.fsp + 1) / 2 :
          real_type == 18 ? 5 + (meta.fsp + 1) / 2 :
          real_type == 19 ? 3 + (meta.fsp + 1) / 2 :
          0
        doc: |
          Bytes of the value when it has no length prefix (a NEWDECIMAL takes 4 bytes per
          9 digits and 1-4 bytes for the remaining digits, on each side of the point; a
          temporal type 1 byte per 2 digits of fractional seconds).
      is_supported:
        value: |
          length_size > 0
          or (value_size > 0 and real_type != 0 and real_type != 6 and real_type != 20
              and (real_type != 247 or meta.string_length <= 2)
              and (real_type != 248 or meta.string_length <= 8))
        doc: |
          The size of the column's values is known: not the pre-5.0 DECIMAL (0), NULL (6)
          or TYPED_ARRAY (20) types, nor an ENUM/SET of impossible size, nor a type code
          this spec does not know.
      unsupported_through:
        value: 'is_end or is_supported ? unsupported_before : unsupported_before + 1'
  probe:
    params:
      - id: column
        type: u4
      - id: column_count
        type: u4
      - id: present
        type: bytes
    instances:
      is_present:
        value: column < column_count and ((present[column >> 3] >> (column & 7)) & 1) != 0
  slot:
    doc: One present column of an image kind.
    params:
      - id: column
        type: u4
        doc: The column's index in the table.
      - id: real_type
        type: u1
        doc: Its real `field_type` (ENUM/SET rather than STRING).
      - id: value_size
        type: u4
      - id: length_code
        type: u1
        doc: How its length prefix is read, 0 when it has none.
      - id: length_size
        type: u1
      - id: json_index
        type: u4
        doc: Index among the table's JSON columns (its bit in the partial-JSON bitmap).
  cell_step:
    doc: Numbers the elements of an image (one per slot, two for a length-prefixed value).
    params:
      - id: slots
        type: slot[]
      - id: slot
        type: u4
      - id: is_data
        type: bool
        doc: The bytes after a length prefix (the previous element).
    instances:
      is_length:
        value: not is_data and slots[slot].length_size > 0
      next_slot:
        value: 'is_length ? slot : slot + 1'
      is_last:
        value: not is_length and slot + 1 >= slots.size
      code:
        value: 'is_length ? slots[slot].length_code : 0'
      size:
        value: 'is_length ? slots[slot].length_size : is_data ? 0 : slots[slot].value_size'
  cell:
    doc: One element of an image, in the form the row loop reads fastest.
    params:
      - id: slot
        type: u4
        doc: Index of its column among the present ones (its bit in the null bitmap).
      - id: code
        type: u1
        doc: 1-4 for a length prefix of that many bytes, 0 for raw bytes.
      - id: size
        type: u4
        doc: Its size in bytes (for the bytes after a length prefix, the previous element).
      - id: is_data
        type: bool
        doc: The bytes after a length prefix.
  image:
    doc: One row image.
    params:
      - id: layout
        type: image_layout
      - id: cells
        type: cell[]
        doc: The layout's `cells` (a parameter, not read through `layout`, for speed).
      - id: is_narrow
        type: bool
        doc: The layout's `is_narrow`, likewise.
      - id: is_partial
        type: bool
        doc: The after image of a PARTIAL_UPDATE_ROWS_EVENT.
    seq:
      - id: value_options
        type: mysql_packed_int
        if: is_partial
        doc: Bit set; bit 0 (PARTIAL_JSON_UPDATES) announces `partial_json_columns`.
        -orig-id: value_options
      - id: partial_json_columns
        size: (layout.json_column_count + 7) / 8
        if: is_partial and has_partial_json
        doc: Bit j (least significant first) set when the j-th JSON column holds a diff.
        -orig-id: partial_bits
      - id: null_bits
        type:
          switch-on: (layout.present_count + 7) / 8
          cases:
            1: u1
            2: u2
            3: b24le
            4: u4
        if: is_narrow
        doc: |
          Bit k set when the k-th present column is NULL (and has no value below); read
          as one integer when there are at most 32 present columns.
        -orig-id: null_bits
      - id: null_bitmap
        size: (layout.present_count + 7) / 8
        if: not is_narrow
        doc: The same bitmap as bytes, for more than 32 present columns.
        -orig-id: null_bits
      - id: values
        size: |
          ((is_narrow ? null_bits >> cells[_index].slot
            : null_bitmap[cells[_index].slot >> 3] >> (cells[_index].slot & 7)) & 1) != 0 ? 0
          : cells[_index].is_data ? values[_index - 1].as<u4> : cells[_index].size
        type:
          switch-on: |
            ((is_narrow ? null_bits >> cells[_index].slot
              : null_bitmap[cells[_index].slot >> 3] >> (cells[_index].slot & 7)) & 1) != 0 ? 0
            : cells[_index].code
          cases:
            1: u1
            2: u2
            3: b24le
            4: u4
        repeat: expr
        repeat-expr: cells.size
        doc: |
          The elements of the image (`layout.cells`): length prefixes as numbers, all else
          raw bytes (empty for a NULL column). The number cases ignore `size`, which is
          their size anyway.
      - id: json_diff_flags
        type: json_flag(layout.slots[_index].real_type == 245 and
          ((partial_json_columns[layout.slots[_index].json_index >> 3]
            >> (layout.slots[_index].json_index & 7)) & 1) != 0)
        repeat: expr
        repeat-expr: layout.present_count
        if: is_partial and has_partial_json
        doc: Per present column, whether it holds a JSON diff rather than a document.
    instances:
      has_partial_json:
        value: is_partial and (value_options.value & 1) != 0
  json_flag:
    params:
      - id: is_diff
        type: bool
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
