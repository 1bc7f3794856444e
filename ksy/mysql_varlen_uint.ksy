meta:
  id: mysql_varlen_uint
  title: MySQL serialization library variable-length unsigned integer
  application: MySQL server 8.3+ (libs/mysql/serialization)
  license: MIT
  ks-version: '0.11'
  endian: le
doc: |
  Unsigned integer in the variable-length format of MySQL's serialization library (used by
  GTID_TAGGED_LOG_EVENT and by the GTID tags of a tagged GTID set), 1 to 9 bytes.

  The number of trailing one bits of the first byte, plus one, is the total length N.
  For N <= 8 the value is the first byte shifted right by N, plus the N-1 following bytes
  read as a little-endian number and multiplied by 2^(8-N); the first byte 0xff (N = 9)
  means the 8 following bytes hold the whole 64-bit value. Examples: 0x0a is 5 (1 byte),
  0x25 0x02 is 137 (2 bytes), 0x43 0x0f 0x0b is 90600 (3 bytes).

  `value` is exact in Python; in JavaScript it is exact below 2^53.
doc-ref:
  - https://github.com/mysql/mysql-server/blob/trunk/libs/mysql/serialization/variable_length_integers.h
  - https://github.com/mysql/mysql-server/blob/trunk/libs/mysql/serialization/readme.md
seq:
  - id: first
    type: u1
    doc: Holds the length marker (trailing one bits, then a zero bit when N < 9) and the low bits of the value.
  - id: rest
    size: num_bytes - 1
    doc: The N-1 further bytes, little-endian.
instances:
  num_bytes:
    value: |
      (first & 0x01) == 0 ? 1 :
      (first & 0x02) == 0 ? 2 :
      (first & 0x04) == 0 ? 3 :
      (first & 0x08) == 0 ? 4 :
      (first & 0x10) == 0 ? 5 :
      (first & 0x20) == 0 ? 6 :
      (first & 0x40) == 0 ? 7 :
      (first & 0x80) == 0 ? 8 : 9
    doc: Total encoded length in bytes (1 to 9).
  rest_value:
    value: |
      (num_bytes > 1 ? rest[0] : 0)
      + (num_bytes > 2 ? rest[1] * 0x100 : 0)
      + (num_bytes > 3 ? rest[2] * 0x10000 : 0)
      + (num_bytes > 4 ? rest[3] * 0x1000000 : 0)
      + (num_bytes > 5 ? rest[4] * 0x100000000 : 0)
      + (num_bytes > 6 ? rest[5] * 0x10000000000 : 0)
      + (num_bytes > 7 ? rest[6] * 0x1000000000000 : 0)
      + (num_bytes > 8 ? rest[7] * 0x100000000000000 : 0)
    doc: The further bytes as a little-endian number.
  value:
    value: |
      num_bytes == 9 ? rest_value :
      (first >> num_bytes) + rest_value * (
        num_bytes == 2 ? 64 :
        num_bytes == 3 ? 32 :
        num_bytes == 4 ? 16 :
        num_bytes == 5 ? 8 :
        num_bytes == 6 ? 4 :
        num_bytes == 7 ? 2 : 1)
    doc: The decoded unsigned integer.
