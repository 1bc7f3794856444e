meta:
  id: previous_gtids_event
  title: MySQL PREVIOUS_GTIDS_LOG_EVENT body
  application: MySQL server 5.6 and later
  license: MIT
  ks-version: '0.11'
  imports:
    - mysql_varlen_uint
    - mysql_uint64
  endian: le
doc: |
  Body of PREVIOUS_GTIDS_LOG_EVENT (type 35), written near the start of every binlog file
  (MySQL 5.6+): the set of GTIDs of all transactions in earlier binlog files, encoded by
  Gtid_set::encode as a list of source ids, each with its intervals of transaction
  numbers.

  The first 8 bytes (little-endian) carry the number of source ids and, in their top byte,
  the encoding format (MySQL 8.3+, enum Gtid_format): 0 (untagged) keeps the count in the
  low 56 bits, i.e. the first 7 bytes; 1 (tagged, written as soon as the set holds a
  tagged GTID) repeats the format in the lowest byte and keeps the count in bytes 1-6. In
  the tagged format every source id is a UUID plus a tag, the tag written as a
  variable-length byte count (see mysql_varlen_uint) and its characters (count 0 for
  untagged GTIDs); the untagged format has no tag field at all. Intervals are
  [start, end) pairs, so 1-7 is stored as 1 and 8.

  Other format values are not understood by MySQL; their entries are left in `rest`.
doc-ref:
  - https://github.com/mysql/mysql-server/blob/trunk/sql/rpl_gtid_set.cc
  - https://github.com/mysql/mysql-server/blob/trunk/libs/mysql/gtid/gtid_format.h
  - https://github.com/mysql/mysql-server/blob/trunk/libs/mysql/gtid/tag.cpp
seq:
  - id: count_bytes
    size: 7
    doc: The low 7 bytes of the 8-byte header (see n_sids).
  - id: format
    -orig-id: gtid_format
    type: u1
    enum: gtid_format
    doc: The top byte of the header, the encoding format.
  - id: sids
    type: sid_entry(is_tagged)
    if: is_known_format
    repeat: expr
    repeat-expr: n_sids
    doc: One entry per source id (per UUID and tag), in UUID/tag order.
  - id: rest
    size-eos: true
    doc: Bytes after the entries (none in events MySQL writes; everything for an unknown format).
instances:
  is_tagged:
    value: format == gtid_format::tagged
    doc: Entries carry a tag after their UUID (MySQL 8.3+).
  is_known_format:
    value: format == gtid_format::untagged or format == gtid_format::tagged
    doc: The format is one MySQL understands.
  n_sids:
    value: |
      is_tagged
      ? count_bytes[1] + count_bytes[2] * 0x100 + count_bytes[3] * 0x10000
        + count_bytes[4] * 0x1000000 + count_bytes[5] * 0x100000000
        + count_bytes[6] * 0x10000000000
      : count_bytes[0] + count_bytes[1] * 0x100 + count_bytes[2] * 0x10000
        + count_bytes[3] * 0x1000000 + count_bytes[4] * 0x100000000
        + count_bytes[5] * 0x10000000000 + count_bytes[6] * 0x1000000000000
    doc: Number of source ids in the set.
types:
  sid_entry:
    doc: The intervals of one source id (UUID, plus a tag in the tagged format).
    params:
      - id: tagged
        type: bool
        doc: The set uses the tagged format.
    seq:
      - id: uuid
        -orig-id: tsid.uuid
        size: 16
        doc: The source UUID as 16 raw bytes.
      - id: tag
        -orig-id: tsid.tag
        type: tag
        if: tagged
        doc: |
          The tag, only in the tagged format; its value is empty for the untagged GTIDs of a
          tagged set (printed without a tag).
      - id: n_intervals
        type: mysql_uint64
        doc: Number of intervals.
      - id: intervals
        type: interval
        repeat: expr
        repeat-expr: n_intervals.value
        doc: Disjoint intervals in increasing order.
  tag:
    doc: A GTID tag as the serialization library writes a string, byte count then bytes.
    seq:
      - id: len_value
        type: mysql_varlen_uint
        doc: Byte length of the tag, 0 to 32.
      - id: value
        size: len_value.value
        type: str
        encoding: UTF-8
        doc: The tag (ASCII letters, digits and underscores, starting with a letter or underscore).
  interval:
    doc: Transaction numbers start to end - 1.
    seq:
      - id: start
        type: mysql_uint64
        doc: First transaction number (int64 in MySQL).
      - id: end
        type: mysql_uint64
        doc: One past the last transaction number (int64 in MySQL).
    instances:
      last:
        value: end.value - 1
        doc: Last transaction number of the interval, as GTID sets are written (start-last).
enums:
  gtid_format:
    0:
      id: untagged
      doc: No GTID in the set has a tag.
    1:
      id: tagged
      doc: At least one GTID has a tag; every entry carries a tag field (8.3+).
