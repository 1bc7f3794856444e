meta:
  id: mysql_packed_int
  title: MySQL length-encoded (packed) integer
  license: MIT
  ks-version: '0.11'
  imports:
    - mysql_uint64
  endian: le
doc: |
  MySQL's variable-length unsigned integer ("length-encoded integer", net_field_length).
  The first byte is the value itself when below 251; 251 marks SQL NULL; 252, 253 and 254
  are followed by a 2-, 3- and 8-byte little-endian value.
doc-ref: https://dev.mysql.com/doc/dev/mysql-server/latest/page_protocol_basic_dt_integers.html
seq:
  - id: first
    type: u1
  - id: value_u2
    type: u2
    if: first == 252
  - id: value_u3
    type: b24le
    if: first == 253
  - id: value_u8
    type: mysql_uint64
    if: first == 254
instances:
  is_null:
    value: first == 251
  value:
    value: |
      first < 251 ? first :
      first == 252 ? value_u2 :
      first == 253 ? value_u3 :
      first == 254 ? value_u8.value : 0
    doc: The decoded integer (0 for the NULL marker 251 and the invalid 255).
