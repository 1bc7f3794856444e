meta:
  id: transaction_payload_event
  title: MySQL TRANSACTION_PAYLOAD_EVENT body
  license: MIT
  imports:
    - mysql_packed_int
  endian: le
doc: |
  A whole transaction's events, compressed together (binlog_transaction_compression,
  MySQL >= 8.0.20). A header of (field type, length, value) triples ends with field type
  0; then comes the payload: the inner events back to back, compressed as the header
  says. Inner events have no checksum.
doc-ref: https://dev.mysql.com/doc/dev/mysql-server/latest/classbinary__log_1_1Transaction__payload__event.html
seq:
  - id: fields
    type: header_field
    repeat: until
    repeat-until: _.field_type.value == 0
  - id: payload
    size-eos: true
    doc: The compressed inner events.
types:
  header_field:
    seq:
      - id: field_type
        type: mysql_packed_int
        doc: See `field_id`; 0 ends the header.
      - id: length
        type: mysql_packed_int
        if: field_type.value != 0
      - id: value
        type: mysql_packed_int
        size: length.value
        if: field_type.value != 0
    instances:
      field_id:
        value: field_type.value
        enum: field_id
enums:
  field_id:
    0: end_mark
    1: payload_size
    2: compression_type
    3: uncompressed_size
  compression_type:
    0: zstd
    255: none
