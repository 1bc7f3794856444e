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
