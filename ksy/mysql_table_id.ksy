meta:
  id: mysql_table_id
  title: Table id of a TABLE_MAP_EVENT or a rows event
  license: MIT
  ks-version: '0.11'
  endian: le
doc: |
  The number a TABLE_MAP_EVENT gives its table, which the rows events of the same
  statement repeat: 6 bytes little-endian, or 4 when the event's post-header is 6 bytes
  long (early 5.1 servers).
doc-ref: https://dev.mysql.com/doc/dev/mysql-server/latest/classmysql_1_1binlog_1_1event_1_1Table__map__event.html
params:
  - id: post_header_len
    type: u1
    doc: The post-header length the FORMAT_DESCRIPTION_EVENT declares for the event type.
seq:
  - id: low
    type: u4
  - id: high
    type: u2
    if: post_header_len != 6
instances:
  value:
    value: 'post_header_len == 6 ? low : low + high * 0x100000000'
    doc: |
      Multiplied, not shifted by 32: JavaScript shifts are 32-bit, so `<< 32` would drop
      the high part in the JS build.
