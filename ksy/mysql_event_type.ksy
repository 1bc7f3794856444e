meta:
  id: mysql_event_type
  title: MySQL / MariaDB binlog event type codes
  application:
    - MySQL Server
    - MariaDB Server
  license: MIT
  ks-version: '0.11'
doc: |
  The type code in every event's common header (`mysql_binlog::event_header`), in its own
  spec so that the event bodies which depend on it (`rows_event`) can name the types
  instead of comparing numbers. Codes 0-42 are MySQL's (some only written by old
  versions), 160-171 MariaDB's.
doc-ref:
  - https://dev.mysql.com/doc/dev/mysql-server/latest/namespacemysql_1_1binlog_1_1event.html
  - https://mariadb.com/kb/en/2-binlog-event-header/
types:
  permuted_type_code:
    doc: |
      The event type of a type code as early 5.1/5.2 development builds (5.1.1-5.1.5
      `-a_drop5...`, 5.1.4 and 5.2.0-5.2.2 `-a_drop6...`) write it: they numbered the
      types from TABLE_MAP_EVENT on in another order, codes 16-19 being TABLE_MAP_EVENT
      and the pre-GA WRITE, UPDATE and DELETE rows events, 20-22 XID_EVENT,
      BEGIN_LOAD_QUERY_EVENT and EXECUTE_LOAD_QUERY_EVENT. Used with its param only: it
      reads no byte.
    doc-ref: https://github.com/mysql/mysql-server/blob/5.7/libbinlogevents/src/control_events.cpp
    params:
      - id: raw_type_code
        type: u1
        doc: The code in the event's header.
    instances:
      type_code:
        value: |
          raw_type_code < type_codes.size ? type_codes[raw_type_code] : raw_type_code
        enum: event_type
      type_codes:
        -orig-id: event_type_permutation
        value: '[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 19, 20, 21, 22, 16, 17, 18]'
        doc: The event type of each code 0-22.
enums:
  event_type:
    0: unknown_event
    1: start_event_v3
    2: query_event
    3: stop_event
    4: rotate_event
    5: intvar_event
    6: load_event
    7: slave_event
    8: create_file_event
    9: append_block_event
    10: exec_load_event
    11: delete_file_event
    12: new_load_event
    13: rand_event
    14: user_var_event
    15: format_description_event
    16: xid_event
    17: begin_load_query_event
    18: execute_load_query_event
    19: table_map_event
    20: pre_ga_write_rows_event
    21: pre_ga_update_rows_event
    22: pre_ga_delete_rows_event
    23: write_rows_event_v1
    24: update_rows_event_v1
    25: delete_rows_event_v1
    26: incident_event
    27: heartbeat_log_event
    28: ignorable_log_event
    29: rows_query_log_event
    30: write_rows_event
    31: update_rows_event
    32: delete_rows_event
    33: gtid_log_event
    34: anonymous_gtid_log_event
    35: previous_gtids_log_event
    36: transaction_context_event
    37: view_change_event
    38: xa_prepare_log_event
    39: partial_update_rows_event
    40: transaction_payload_event
    41: heartbeat_log_event_v2
    42: gtid_tagged_log_event
    160: annotate_rows_event
    161: binlog_checkpoint_event
    162: gtid_event
    163: gtid_list_event
    164: start_encryption_event
    165: query_compressed_event
    166: write_rows_compressed_event_v1
    167: update_rows_compressed_event_v1
    168: delete_rows_compressed_event_v1
    169: write_rows_compressed_event
    170: update_rows_compressed_event
    171: delete_rows_compressed_event
