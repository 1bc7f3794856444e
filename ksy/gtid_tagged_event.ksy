meta:
  id: gtid_tagged_event
  title: MySQL GTID_TAGGED_LOG_EVENT body
  application: MySQL server 8.3 and later
  license: MIT
  ks-version: '0.11'
  imports:
    - mysql_varlen_uint
  endian: le
doc: |
  Body of GTID_TAGGED_LOG_EVENT (type 42), written instead of GTID_LOG_EVENT for a
  transaction whose GTID has a tag (UUID:tag:gno, MySQL 8.3+). Unlike type 33 it is
  encoded with MySQL's serialization library: a message header (format version, message
  size, last non-ignorable field id), then a sequence of (field id, value) pairs in field
  id order, where integers are variable-length (see mysql_varlen_uint), signed ones
  zigzag-encoded, and a field may be left out (id not written). The writer leaves out
  original_commit_timestamp and original_server_version when they equal the immediate
  ones and commit_group_ticket when unset; a reader substitutes the immediate values.

  Field ids (Gtid_event::define_fields): 0 gtid_flags, 1 uuid (16 bytes, each one
  written as a variable-length integer), 2 gno (signed), 3 tag (length + characters),
  4 last_committed (signed), 5 sequence_number (signed), 6 immediate_commit_timestamp,
  7 original_commit_timestamp, 8 transaction_length, 9 immediate_server_version,
  10 original_server_version, 11 commit_group_ticket.

  The fields live in `fields`, a substream cut to the message size; unknown fields that a
  newer server may add after these end up in `fields.unknown`.
doc-ref:
  - https://github.com/mysql/mysql-server/blob/trunk/libs/mysql/binlog/event/control_events.h
  - https://github.com/mysql/mysql-server/blob/trunk/libs/mysql/serialization/readme.md
  - https://github.com/mysql/mysql-server/blob/trunk/libs/mysql/serialization/serializer_default_impl.hpp
seq:
  - id: format_version
    -orig-id: serialization_format_version
    type: mysql_varlen_uint
    doc: Serialization format version, written where a nested message's field id would be (1 so far).
  - id: message_size
    -orig-id: serializable_field_size
    type: mysql_varlen_uint
    doc: Size of the whole message in bytes, counted from the start of format_version.
  - id: last_non_ignorable_field_id
    type: mysql_varlen_uint
    doc: One more than the id of the last field a reader must understand (0 = every field may be ignored).
  - id: fields
    type: gtid_fields
    size: fields_size
    doc: The (field id, value) pairs.
  - id: trailing
    size-eos: true
    doc: Bytes after the message (none in events MySQL writes).
instances:
  header_size:
    value: format_version.num_bytes + message_size.num_bytes + last_non_ignorable_field_id.num_bytes
    doc: Bytes taken by the message header.
  fields_size:
    value: |
      message_size.value <= header_size ? 0 :
      message_size.value > _io.size ? _io.size - header_size :
      message_size.value - header_size
    doc: Bytes of field data (the message size, capped to the body).
  gtid_flags:
    value: 'fields.gtid_flags_id.is_present ? fields.gtid_flags.value : 1'
    doc: GTID flags (see gtid_event); MySQL assumes may_have_sbr (1) when missing.
  may_have_sbr:
    value: (gtid_flags & 0x01) != 0
    doc: The transaction may contain statement-based events.
  gno:
    value: 'fields.gno_id.is_present ? fields.gno.value : 0'
    doc: Transaction number.
  tag:
    value: 'fields.tag_id.is_present ? fields.tag.value : ""'
    doc: GTID tag (letters, digits and underscores, at most 32 characters).
  last_committed:
    value: 'fields.last_committed_id.is_present ? fields.last_committed.value : 0'
    doc: sequence_number of the transaction this one's commit depends on.
  sequence_number:
    value: 'fields.sequence_number_id.is_present ? fields.sequence_number.value : 0'
    doc: Logical timestamp of this transaction within the binlog file.
  immediate_commit_ts:
    value: 'fields.immediate_commit_timestamp_id.is_present ? fields.immediate_commit_timestamp.value : 0'
    doc: Commit time on the immediate source, microseconds since the epoch.
  has_original_commit_timestamp:
    value: fields.original_commit_timestamp_id.is_present
    doc: An original commit timestamp different from the immediate one is written.
  original_commit_ts:
    value: 'has_original_commit_timestamp ? fields.original_commit_timestamp.value : immediate_commit_ts'
    doc: Commit time on the originating server; equal to the immediate one when not written.
  transaction_length:
    value: 'fields.transaction_length_id.is_present ? fields.transaction_length.value : 0'
    doc: Length in bytes of the whole transaction, this event included.
  immediate_server_version:
    value: 'fields.immediate_server_version_id.is_present ? fields.immediate_server_version.value : 0'
    doc: Version of the immediate server (major*10000 + minor*100 + patch).
  has_original_server_version:
    value: fields.original_server_version_id.is_present
    doc: An original server version different from the immediate one is written.
  original_server_version:
    value: 'has_original_server_version ? fields.original_server_version.value : immediate_server_version'
    doc: Version of the originating server; equal to the immediate one when not written.
  has_commit_group_ticket:
    value: fields.commit_group_ticket_id.is_present
    doc: A commit group ticket is written.
  commit_group_ticket:
    value: 'has_commit_group_ticket ? fields.commit_group_ticket.value : 0'
    doc: Binlog group commit ticket, 0 (kGroupTicketUnset) when not written.
types:
  gtid_fields:
    doc: |
      The fields of the message in id order. Each `*_id` marker checks whether the next
      byte is that field's id (ids below 64 take one byte, id * 2) and consumes it if so;
      the value follows only then, which is how MySQL's decoder treats a missing field.
    seq:
      - id: gtid_flags_id
        type: field_id(0)
      - id: gtid_flags
        type: mysql_varlen_uint
        if: gtid_flags_id.is_present
      - id: uuid_id
        type: field_id(1)
      - id: uuid
        -orig-id: tsid_parent_struct.uuid
        type: mysql_varlen_uint
        if: uuid_id.is_present
        repeat: expr
        repeat-expr: 16
        valid:
          expr: _.value <= 255
        doc: The 16 bytes of the source UUID, each one written as a variable-length integer.
      - id: gno_id
        type: field_id(2)
      - id: gno
        -orig-id: gtid_info_struct.rpl_gtid_gno
        type: varlen_sint
        if: gno_id.is_present
      - id: tag_id
        type: field_id(3)
      - id: tag
        -orig-id: tsid_parent_struct.tag
        type: varlen_string
        if: tag_id.is_present
      - id: last_committed_id
        type: field_id(4)
      - id: last_committed
        type: varlen_sint
        if: last_committed_id.is_present
      - id: sequence_number_id
        type: field_id(5)
      - id: sequence_number
        type: varlen_sint
        if: sequence_number_id.is_present
      - id: immediate_commit_timestamp_id
        type: field_id(6)
      - id: immediate_commit_timestamp
        type: mysql_varlen_uint
        if: immediate_commit_timestamp_id.is_present
      - id: original_commit_timestamp_id
        type: field_id(7)
      - id: original_commit_timestamp
        type: mysql_varlen_uint
        if: original_commit_timestamp_id.is_present
      - id: transaction_length_id
        type: field_id(8)
      - id: transaction_length
        type: mysql_varlen_uint
        if: transaction_length_id.is_present
      - id: immediate_server_version_id
        type: field_id(9)
      - id: immediate_server_version
        type: mysql_varlen_uint
        if: immediate_server_version_id.is_present
      - id: original_server_version_id
        type: field_id(10)
      - id: original_server_version
        type: mysql_varlen_uint
        if: original_server_version_id.is_present
      - id: commit_group_ticket_id
        type: field_id(11)
      - id: commit_group_ticket
        type: mysql_varlen_uint
        if: commit_group_ticket_id.is_present
      - id: unknown
        size-eos: true
        doc: Fields this spec does not know (added by a newer server); MySQL skips them too.
  field_id:
    doc: |
      Optional field id: consumed only when the next byte of the message is the expected
      id (encoded as a one-byte variable-length integer, id * 2).
    params:
      - id: expected
        type: u1
        doc: The field id this marker stands for.
    seq:
      - id: id_byte
        type: u1
        if: is_present
    instances:
      next_byte:
        pos: _io.pos
        type: u1
        if: not _io.eof
        doc: The next byte of the message, read without consuming it.
      is_present:
        value: not _io.eof and next_byte == expected * 2
        doc: The field is in the message.
  varlen_sint:
    doc: |
      Signed variable-length integer: the unsigned variable-length value u holds the sign
      in bit 0 (zigzag), value = u / 2 for even u and -(u / 2) - 1 for odd u.
    seq:
      - id: raw
        type: mysql_varlen_uint
    instances:
      value:
        value: 'raw.value % 2 == 0 ? raw.value / 2 : -(raw.value / 2) - 1'
        doc: The decoded signed integer.
  varlen_string:
    doc: String of the serialization library, a variable-length byte count then the bytes.
    seq:
      - id: len_value
        type: mysql_varlen_uint
      - id: value
        size: len_value.value
        type: str
        encoding: UTF-8
