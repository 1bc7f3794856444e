meta:
  id: mysql_json_diff
  title: MySQL JSON diff vector (partial JSON update in PARTIAL_UPDATE_ROWS_EVENT)
  application: MySQL Server 8.0+
  license: MIT
  ks-version: '0.11'
  imports:
    - mysql_packed_int
    - mysql_json
  endian: le
doc: |
  With binlog_row_value_options=PARTIAL_JSON, an UPDATE that changes a JSON column only
  through JSON_SET, JSON_REPLACE or JSON_REMOVE is logged as a PARTIAL_UPDATE_ROWS_EVENT
  (type 39) whose after image holds, for such a column, the list of changes instead of
  the whole new document. In the row image that list is preceded by its byte length
  (4 bytes, in the place of the column's usual length prefix); this spec reads the list
  itself: changes one after another until the end of the stream.

  Each change names an operation, a JSON path in MySQL's text syntax (for example
  `$.age` or `$.a[2]`), and for REPLACE and INSERT the new value as a binary JSON
  document. Both lengths are MySQL packed integers (not the 7-bit lengths used inside
  binary JSON).
doc-ref:
  - https://github.com/mysql/mysql-server/blob/8.0/sql/json_diff.cc
  - https://github.com/mysql/mysql-server/blob/8.0/sql/json_diff.h
  - https://dev.mysql.com/doc/refman/8.0/en/replication-options-binary-log.html#sysvar_binlog_row_value_options
seq:
  - id: diffs
    type: diff
    repeat: eos
types:
  diff:
    doc: One change to the JSON document (MySQL's Json_diff).
    seq:
      - id: operation
        type: u1
        enum: operation
      - id: len_path
        type: mysql_packed_int
        if: is_known_operation
      - id: path
        size: len_path.value
        if: is_known_operation
        doc: The JSON path, utf8mb4 text such as `$.name` (kept as bytes).
      - id: len_value
        type: mysql_packed_int
        if: has_value
      - id: value
        type: mysql_json
        size: len_value.value
        if: has_value
        doc: The value to store at `path`, a binary JSON document (type byte + value).
      - id: unknown
        size-eos: true
        if: not is_known_operation
        doc: Rest of the stream after an operation code this spec does not know.
    instances:
      is_known_operation:
        value: operation.to_i <= 2
      has_value:
        value: is_known_operation and operation != operation::remove
enums:
  operation:
    0:
      id: replace
      -orig-id: enum_json_diff_operation::REPLACE
      doc: Replace the value at the path (which exists) by the new value.
    1:
      id: insert
      -orig-id: enum_json_diff_operation::INSERT
      doc: Add the new value at the path (a new object member or array position).
    2:
      id: remove
      -orig-id: enum_json_diff_operation::REMOVE
      doc: Remove the value at the path; carries no value.
