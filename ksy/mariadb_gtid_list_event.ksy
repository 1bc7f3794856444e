meta:
  id: mariadb_gtid_list_event
  title: MariaDB GTID_LIST_EVENT body
  application: MariaDB server 10.0 and later
  license: MIT
  ks-version: '0.11'
  imports:
    - mysql_uint64
  endian: le
doc: |
  Body of MariaDB's GTID_LIST_EVENT (type 163), written after the FORMAT_DESCRIPTION_EVENT
  of every binlog file (10.0+): the binlog state at the start of the file, i.e. the last
  GTID logged for every (domain_id, server_id) pair in earlier files. The first 4 bytes
  hold the number of GTIDs in their low 28 bits and flags in their top 4 bits (flags are
  only used in events a primary sends to a replica, never in files). Each GTID follows as
  domain_id, server_id and seq_no.

  An empty list is padded with zero bytes (MDEV-4475) so that old replicas can have it
  replaced by a dummy event; the padding lands in `padding`.
doc-ref:
  - https://github.com/MariaDB/server/blob/main/sql/log_event.cc
  - https://mariadb.com/kb/en/gtid_list_event/
seq:
  - id: count_and_flags
    type: u4
    doc: Number of GTIDs (low 28 bits) and flags (top 4 bits, see enum flag).
  - id: gtids
    -orig-id: list
    type: gtid
    repeat: expr
    repeat-expr: num_gtids
    doc: The binlog state, one GTID per (domain_id, server_id).
  - id: padding
    size-eos: true
    doc: Zero padding after an empty list.
instances:
  num_gtids:
    -orig-id: count
    value: count_and_flags & 0x0fffffff
    doc: Number of GTIDs.
  flags:
    -orig-id: gl_flags
    value: (count_and_flags >> 28) & 0x0f
    doc: The top 4 bits, shifted down (bit 0 = FLAG_UNTIL_REACHED, bit 1 = FLAG_IGN_GTIDS).
  is_until_reached:
    -orig-id: FLAG_UNTIL_REACHED
    value: (flags & flag::until_reached.to_i) != 0
    doc: Sent to a replica that reached its START SLAVE UNTIL master_gtid_pos position.
  is_ign_gtids:
    -orig-id: FLAG_IGN_GTIDS
    value: (flags & flag::ign_gtids.to_i) != 0
    doc: Sent to a replica to make it record these GTIDs as applied without running anything.
types:
  gtid:
    doc: One GTID, printed by MariaDB as domain_id-server_id-seq_no.
    seq:
      - id: domain_id
        type: u4
      - id: server_id
        type: u4
      - id: seq_no
        type: mysql_uint64
enums:
  flag:
    0x1:
      id: until_reached
      -orig-id: FLAG_UNTIL_REACHED
      doc: Bit 28 of count_and_flags.
    0x2:
      id: ign_gtids
      -orig-id: FLAG_IGN_GTIDS
      doc: Bit 29 of count_and_flags.
