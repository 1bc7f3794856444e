meta:
  id: mysql_json
  title: MySQL binary JSON document (value of a JSON column)
  application: MySQL Server 5.7+
  license: MIT
  ks-version: '0.11'
  endian: le
doc: |
  MySQL stores JSON column values in its own binary format, and the binary log carries
  that same format: as the column value in row images (after the column's length
  prefix) and as the values inside PARTIAL_UPDATE_ROWS JSON diffs.

  A document is one type byte followed by the value. Objects and arrays start with an
  element count and their total byte size, then a table of fixed-size entries (key
  entries, for objects, then value entries), then the keys and values the entries point
  to. Pointers are offsets counted from the first byte after the container's type byte
  (its element count), so every container is read from its own start. Small containers
  use 2-byte counts, sizes and offsets, large ones (needed once a container exceeds
  64 KiB) 4-byte ones. Literals and small integers are stored inside the value entry
  itself ("inlined") instead of at an offset: in small containers literal, int16 and
  uint16; in large containers also int32 and uint32.

  A zero-length value is what MySQL reads as the JSON null literal (a column added by
  ALTER TABLE without a default can hold it); this spec then reads nothing and
  `is_empty` is true.

  Strings are utf8mb4 and object keys too, but both are kept as bytes here: they are
  user data, decoding is left to the reader. 64-bit integers are kept as their 8 raw
  little-endian bytes so that every target language can rebuild them exactly.
doc-ref:
  - https://github.com/mysql/mysql-server/blob/8.0/sql-common/json_binary.h
  - https://github.com/mysql/mysql-server/blob/8.0/sql-common/json_binary.cc
  - https://dev.mysql.com/doc/refman/8.0/en/json.html
seq:
  - id: type_code
    type: u1
    enum: value_type
    if: not is_empty
    doc: Type of the top-level value.
  - id: value
    type: value(type_code.to_i)
    if: not is_empty
instances:
  is_empty:
    value: _io.size == 0
    doc: True for a zero-length value, which MySQL treats as the JSON null literal.
types:
  value:
    doc: |
      One JSON value whose type code is known from outside (the document's type byte or
      a container's value entry), read from the current position of the stream. Exactly
      one of the fields is present, chosen by `type_code`.
    params:
      - id: type_code
        type: u1
        doc: A `value_type` code.
    seq:
      - id: container
        type: container(type_code == 0x00 or type_code == 0x01, type_code == 0x01 or type_code == 0x03)
        if: type_code <= 0x03
        doc: Object or array (small or large form).
      - id: literal
        type: u1
        enum: literal
        if: type_code == 0x04
      - id: int_value
        type:
          switch-on: type_code
          cases:
            0x05: s2
            0x07: s4
        if: type_code == 0x05 or type_code == 0x07
        doc: int16 or int32.
      - id: uint_value
        type:
          switch-on: type_code
          cases:
            0x06: u2
            0x08: u4
        if: type_code == 0x06 or type_code == 0x08
        doc: uint16 or uint32.
      - id: int64_bytes
        size: 8
        if: type_code == 0x09
        doc: Signed 64-bit integer as 8 little-endian bytes (kept raw for exactness).
      - id: uint64_bytes
        size: 8
        if: type_code == 0x0a
        doc: Unsigned 64-bit integer as 8 little-endian bytes (kept raw for exactness).
      - id: double_value
        type: f8
        if: type_code == 0x0b
        doc: IEEE 754 double, little-endian.
      - id: string
        type: json_string
        if: type_code == 0x0c
      - id: opaque
        type: opaque
        if: type_code == 0x0f
      - id: unknown
        size-eos: true
        if: not is_known_type
        doc: Everything left in the stream, for a type code this spec does not know.
    instances:
      json_type:
        value: type_code
        enum: value_type
      is_known_type:
        value: type_code <= 0x0c or type_code == 0x0f
  container:
    doc: |
      A JSON object or array. Its stream starts at the element count; the offsets inside
      it count from there, so the part after the two header fields is read as its own
      substream of `size` minus the header bytes and every offset is shifted by the
      header width.
    params:
      - id: is_object
        type: bool
      - id: is_large
        type: bool
        doc: 4-byte counts, sizes and offsets (types 0x01, 0x03) instead of 2-byte ones.
    seq:
      - id: num_elements
        type:
          switch-on: is_large
          cases:
            true: u4
            false: u2
        doc: Number of members (object) or elements (array).
      - id: size
        type:
          switch-on: is_large
          cases:
            true: u4
            false: u2
        valid:
          min: header_width
        doc: Bytes in the whole container, counting from `num_elements`.
      - id: body
        type: container_body(is_object, is_large, num_elements)
        size: size - header_width
    instances:
      header_width:
        value: 'is_large ? 8 : 4'
        doc: Bytes taken by `num_elements` and `size`.
  container_body:
    doc: |
      Everything of a container after its two header fields: the key entries (objects
      only), the value entries, and the keys and values they point to. Members of an
      object are sorted by key length, then by key bytes.
    params:
      - id: is_object
        type: bool
      - id: is_large
        type: bool
      - id: num_elements
        type: u4
    seq:
      - id: key_entries
        type: key_entry(is_large)
        repeat: expr
        repeat-expr: num_elements
        if: is_object
      - id: value_entries
        type: value_entry(is_large)
        repeat: expr
        repeat-expr: num_elements
  key_entry:
    doc: Where one object key is stored.
    params:
      - id: is_large
        type: bool
    seq:
      - id: key_offset
        type:
          switch-on: is_large
          cases:
            true: u4
            false: u2
        doc: Offset of the key bytes from the container's start.
      - id: len_key
        type: u2
    instances:
      key:
        pos: 'key_offset - (is_large ? 8 : 4)'
        size: len_key
        doc: The key, utf8mb4 bytes.
  value_entry:
    doc: |
      Type of one member or element and either the value itself (inlined) or its offset
      from the container's start. `value` gives the value either way.
    params:
      - id: is_large
        type: bool
    seq:
      - id: type_code
        type: u1
        enum: value_type
      - id: inlined
        type: value(type_code.to_i)
        size: 'is_large ? 4 : 2'
        if: is_inlined
        doc: The value, stored in the entry's offset field.
      - id: offset
        type:
          switch-on: is_large
          cases:
            true: u4
            false: u2
        if: not is_inlined
        doc: Offset of the value from the container's start.
    instances:
      is_inlined:
        value: |
          type_code == value_type::literal or
          type_code == value_type::int16 or type_code == value_type::uint16 or
          (is_large and (type_code == value_type::int32 or type_code == value_type::uint32))
      at_offset:
        pos: 'offset - (is_large ? 8 : 4)'
        type: value(type_code.to_i)
        if: not is_inlined
      value:
        value: 'is_inlined ? inlined : at_offset'
        doc: The value, whether inlined or stored at an offset.
  json_string:
    doc: 'A JSON string (type 0x0c): its byte length, then the utf8mb4 bytes.'
    seq:
      - id: length
        type: var_uint
      - id: value
        size: length.value
  opaque:
    doc: |
      A MySQL value of a type JSON has no own form for (type 0x0f): the MySQL field type,
      the byte length, then the bytes. DECIMAL (246) holds precision, scale, then the
      binary DECIMAL column format; DATE (10), TIME (11), DATETIME (12) and
      TIMESTAMP (7) hold one 8-byte little-endian packed temporal value; VAR_STRING (253)
      is shown by MySQL as a plain string; others (BLOB, BIT, YEAR, GEOMETRY...) are raw
      bytes MySQL prints as "base64:type<N>:<base64 data>".
    doc-ref: https://github.com/mysql/mysql-server/blob/8.0/sql-common/json_dom.cc
    seq:
      - id: field_type
        -orig-id: enum_field_types
        type: u1
        enum: field_type
      - id: length
        type: var_uint
      - id: data
        size: length.value
  var_uint:
    doc: |
      Unsigned length of up to 5 bytes holding 7 bits each, least significant group
      first; a set high bit means another byte follows. MySQL never writes values above
      2^32 - 1 and its reader gives up after 5 bytes; so does this one.
    seq:
      - id: group0
        type: u1
      - id: group1
        type: u1
        if: has_group1
      - id: group2
        type: u1
        if: has_group2
      - id: group3
        type: u1
        if: has_group3
      - id: group4
        type: u1
        if: has_group4
    instances:
      has_group1:
        value: group0 >= 0x80
      has_group2:
        value: has_group1 and group1 >= 0x80
      has_group3:
        value: has_group2 and group2 >= 0x80
      has_group4:
        value: has_group3 and group3 >= 0x80
      value:
        value: |
          (group0 & 0x7f)
          + (has_group1 ? (group1 & 0x7f) * 0x80 : 0)
          + (has_group2 ? (group2 & 0x7f) * 0x4000 : 0)
          + (has_group3 ? (group3 & 0x7f) * 0x200000 : 0)
          + (has_group4 ? (group4 & 0x7f) * 0x10000000 : 0)
        doc: The decoded length.
enums:
  value_type:
    0x00:
      id: small_object
      -orig-id: JSONB_TYPE_SMALL_OBJECT
    0x01:
      id: large_object
      -orig-id: JSONB_TYPE_LARGE_OBJECT
    0x02:
      id: small_array
      -orig-id: JSONB_TYPE_SMALL_ARRAY
    0x03:
      id: large_array
      -orig-id: JSONB_TYPE_LARGE_ARRAY
    0x04:
      id: literal
      -orig-id: JSONB_TYPE_LITERAL
    0x05:
      id: int16
      -orig-id: JSONB_TYPE_INT16
    0x06:
      id: uint16
      -orig-id: JSONB_TYPE_UINT16
    0x07:
      id: int32
      -orig-id: JSONB_TYPE_INT32
    0x08:
      id: uint32
      -orig-id: JSONB_TYPE_UINT32
    0x09:
      id: int64
      -orig-id: JSONB_TYPE_INT64
    0x0a:
      id: uint64
      -orig-id: JSONB_TYPE_UINT64
    0x0b:
      id: double
      -orig-id: JSONB_TYPE_DOUBLE
    0x0c:
      id: string
      -orig-id: JSONB_TYPE_STRING
    0x0f:
      id: opaque
      -orig-id: JSONB_TYPE_OPAQUE
      doc: Any other MySQL data type (DECIMAL, temporal, BLOB, BIT...).
  literal:
    0x00:
      id: null_literal
      -orig-id: JSONB_NULL_LITERAL
    0x01:
      id: true_literal
      -orig-id: JSONB_TRUE_LITERAL
    0x02:
      id: false_literal
      -orig-id: JSONB_FALSE_LITERAL
  field_type:
    0: decimal
    1: tiny
    2: short
    3: long
    4: float
    5: double
    6: null_type
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
    244: bool
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
