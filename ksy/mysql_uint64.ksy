meta:
  id: mysql_uint64
  title: 64-bit little-endian unsigned integer, read as two 32-bit halves
  license: MIT
  ks-version: '0.11'
  endian: le
doc: |
  An 8-byte little-endian unsigned integer (XIDs, GTID sequence numbers, logical clocks,
  sql_mode bits...), read as two 32-bit halves so that the parse tree is exact in every
  target language. A plain `u8` is not: the JavaScript runtime returns a Number (a double),
  which changes every value above 2^53 (an XID 8359806808306483200 reads as
  8359806808306483000), and a damaged or hostile file can hold any 64-bit value.

  `low` and `high` are exact in every language; `value` joins them. It is exact in Python;
  in JavaScript it is exact below 2^53 only, so code that needs all 64 bits there reads
  the two halves (as the canonical dump of binlog_kaitai/dump.py and tools/dump.js does:
  it prints seq fields, not value instances).
seq:
  - id: low
    type: u4
    doc: Bits 0 to 31.
  - id: high
    type: u4
    doc: Bits 32 to 63.
instances:
  value:
    value: low + high * 0x100000000
    doc: |
      The whole 64-bit value. Multiplied, not shifted by 32: JavaScript shifts are 32-bit,
      so `high << 32` would drop the high half in the JS build.
