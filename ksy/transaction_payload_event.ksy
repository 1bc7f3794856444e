meta:
  id: transaction_payload_event
  title: MySQL TRANSACTION_PAYLOAD_EVENT body
  application: MySQL Server
  license: MIT
  ks-version: '0.11'
  imports:
    - mysql_packed_int
    - mysql_binlog
  endian: le
doc: |
  A whole transaction's events, compressed together (binlog_transaction_compression,
  MySQL >= 8.0.20). A header of (field type, length, value) entries, each a packed
  integer, ends with field type 0; then comes the payload: the inner events back to
  back (GTID, QUERY BEGIN, TABLE_MAP, rows..., XID), compressed as the header says.

  The inner events are ordinary events with the layout of the FORMAT_DESCRIPTION_EVENT in
  force (its common-header length and post-header lengths, passed in as params) but never
  a checksum (the outer event's CRC32 covers them) and with log_pos 0. `inner_events`
  inflates the payload with a custom process that produces exactly `uncompressed_size`
  bytes and refuses a claim over its limit (binlog_kaitai.ZstdProcess in Python); it is
  an instance, so nothing is inflated until it is read. An inner event's offset inside
  the inflated payload is the sum of the `event_length`s before it.
doc-ref:
  - https://dev.mysql.com/doc/dev/mysql-server/latest/classmysql_1_1binlog_1_1event_1_1Transaction__payload__event.html
  - https://github.com/mysql/mysql-server/blob/trunk/libs/mysql/binlog/event/codecs/binary.cpp
params:
  - id: header_len
    type: u1
    doc: Common header length of the inner events (the governing FDE's, 19 in practice).
  - id: post_header_lengths
    type: bytes
    doc: The governing FDE's post-header length per event type, for the inner events.
seq:
  - id: fields
    type: |
      header_field(
        _index == 0 ? 255 : fields[_index - 1].compression_type_so_far,
        _index == 0 ? 0 : fields[_index - 1].uncompressed_size_so_far,
        _index == 0 ? 0 : fields[_index - 1].payload_size_so_far)
    repeat: until
    repeat-until: _.field_type.value == 0
    doc: |
      The header entries; MySQL writes compression type, uncompressed size (not for
      compression type NONE) and payload size, then the end mark. Readers take them in
      any order and skip types they do not know by their length. Each entry carries the
      values seen so far, so the last one holds the header's values.
  - id: payload
    size-eos: true
    doc: The compressed inner events (`payload_size` bytes in what MySQL writes).
instances:
  compression_type:
    -orig-id: m_compression_type
    value: fields.last.compression_type_so_far
    enum: compression_type
    doc: The compression algorithm (NONE when the header omits it).
  uncompressed_size:
    -orig-id: m_uncompressed_size
    value: fields.last.uncompressed_size_so_far
    doc: Size of the inflated payload (0 when the header omits it).
  payload_size:
    -orig-id: m_payload_size
    value: fields.last.payload_size_so_far
    doc: Size of the compressed payload.
  zstd_events:
    pos: _io.size - payload.size
    size: payload.size
    process: binlog_kaitai.zstd_process(uncompressed_size)
    type: inner_events(header_len, post_header_lengths)
    if: compression_type == compression_type::zstd
    doc: The inner events of a zstd payload, inflated to exactly `uncompressed_size` bytes.
  plain_events:
    pos: _io.size - payload.size
    size: payload.size
    type: inner_events(header_len, post_header_lengths)
    if: compression_type == compression_type::none
    doc: The inner events of a payload stored uncompressed (compression type NONE).
  inner_events:
    value: 'compression_type == compression_type::zstd ? zstd_events : plain_events'
    doc: |
      The inner events, whatever the compression; null for a compression type this spec
      does not know.
types:
  inner_events:
    doc: |
      The inflated payload: the events of one transaction, back to back, without
      checksums. `events` is an instance, so a reader can take the inflated bytes (this
      type's stream) and frame the events one at a time instead, to report a damaged
      inner event by its offset and go on with the next.
    params:
      - id: header_len
        type: u1
        doc: Common header length of the inner events.
      - id: post_header_lengths
        type: bytes
        doc: Post-header length per event type, for the inner events.
    instances:
      events:
        pos: 0
        type: mysql_binlog::event(header_len, 0, post_header_lengths, false)
        repeat: eos
  header_field:
    doc: One header entry, plus the header values known once it is read.
    params:
      - id: compression_type_before
        type: u8
        doc: compression_type as of the previous entry (255, NONE, before the first).
      - id: uncompressed_size_before
        type: u8
        doc: uncompressed_size as of the previous entry (0 before the first).
      - id: payload_size_before
        type: u8
        doc: payload_size as of the previous entry (0 before the first).
    seq:
      - id: field_type
        type: mysql_packed_int
        doc: See `field_id`; 0 ends the header.
      - id: length
        type: mysql_packed_int
        if: field_type.value != 0
        doc: Size in bytes of `value`.
      - id: value
        type:
          switch-on: field_id
          cases:
            'field_id::payload_size': mysql_packed_int
            'field_id::compression_type': mysql_packed_int
            'field_id::uncompressed_size': mysql_packed_int
        size: length.value
        if: field_type.value != 0
        doc: A packed integer for the three known field types; raw bytes for others.
    instances:
      field_id:
        value: field_type.value
        enum: field_id
      compression_type_so_far:
        value: 'field_id == field_id::compression_type ? value.as<mysql_packed_int>.value : compression_type_before'
      uncompressed_size_so_far:
        value: 'field_id == field_id::uncompressed_size ? value.as<mysql_packed_int>.value : uncompressed_size_before'
      payload_size_so_far:
        value: 'field_id == field_id::payload_size ? value.as<mysql_packed_int>.value : payload_size_before'
enums:
  field_id:
    0:
      id: end_mark
      -orig-id: OTW_PAYLOAD_HEADER_END_MARK
    1:
      id: payload_size
      -orig-id: OTW_PAYLOAD_SIZE_FIELD
    2:
      id: compression_type
      -orig-id: OTW_PAYLOAD_COMPRESSION_TYPE_FIELD
    3:
      id: uncompressed_size
      -orig-id: OTW_PAYLOAD_UNCOMPRESSED_SIZE_FIELD
  compression_type:
    0:
      id: zstd
      -orig-id: ZSTD
    255:
      id: none
      -orig-id: NONE
