# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# type: ignore

import kaitaistruct
from kaitaistruct import KaitaiStruct, KaitaiStream, BytesIO
from enum import IntEnum


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class MysqlEventType(KaitaiStruct):
    """The type code in every event's common header (`mysql_binlog::event_header`), in its own
    spec so that the event bodies which depend on it (`rows_event`) can name the types
    instead of comparing numbers. Codes 0-42 are MySQL's (some only written by old
    versions), 160-171 MariaDB's.
    
    .. seealso::
       Source - https://dev.mysql.com/doc/dev/mysql-server/latest/namespacemysql_1_1binlog_1_1event.html
    
    
    .. seealso::
       Source - https://mariadb.com/kb/en/2-binlog-event-header/
    """

    class EventType(IntEnum):
        unknown_event = 0
        start_event_v3 = 1
        query_event = 2
        stop_event = 3
        rotate_event = 4
        intvar_event = 5
        load_event = 6
        slave_event = 7
        create_file_event = 8
        append_block_event = 9
        exec_load_event = 10
        delete_file_event = 11
        new_load_event = 12
        rand_event = 13
        user_var_event = 14
        format_description_event = 15
        xid_event = 16
        begin_load_query_event = 17
        execute_load_query_event = 18
        table_map_event = 19
        pre_ga_write_rows_event = 20
        pre_ga_update_rows_event = 21
        pre_ga_delete_rows_event = 22
        write_rows_event_v1 = 23
        update_rows_event_v1 = 24
        delete_rows_event_v1 = 25
        incident_event = 26
        heartbeat_log_event = 27
        ignorable_log_event = 28
        rows_query_log_event = 29
        write_rows_event = 30
        update_rows_event = 31
        delete_rows_event = 32
        gtid_log_event = 33
        anonymous_gtid_log_event = 34
        previous_gtids_log_event = 35
        transaction_context_event = 36
        view_change_event = 37
        xa_prepare_log_event = 38
        partial_update_rows_event = 39
        transaction_payload_event = 40
        heartbeat_log_event_v2 = 41
        gtid_tagged_log_event = 42
        annotate_rows_event = 160
        binlog_checkpoint_event = 161
        gtid_event = 162
        gtid_list_event = 163
        start_encryption_event = 164
        query_compressed_event = 165
        write_rows_compressed_event_v1 = 166
        update_rows_compressed_event_v1 = 167
        delete_rows_compressed_event_v1 = 168
        write_rows_compressed_event = 169
        update_rows_compressed_event = 170
        delete_rows_compressed_event = 171
    def __init__(self, _io, _parent=None, _root=None):
        super(MysqlEventType, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self
        self._read()

    def _read(self):
        pass


    def _fetch_instances(self):
        pass

    class PermutedTypeCode(KaitaiStruct):
        """The event type of a type code as early 5.1/5.2 development builds (5.1.1-5.1.5
        `-a_drop5...`, 5.1.4 and 5.2.0-5.2.2 `-a_drop6...`) write it: they numbered the
        types from TABLE_MAP_EVENT on in another order, codes 16-19 being TABLE_MAP_EVENT
        and the pre-GA WRITE, UPDATE and DELETE rows events, 20-22 XID_EVENT,
        BEGIN_LOAD_QUERY_EVENT and EXECUTE_LOAD_QUERY_EVENT. Used with its param only: it
        reads no byte.
        
        .. seealso::
           Source - https://github.com/mysql/mysql-server/blob/5.7/libbinlogevents/src/control_events.cpp
        """
        def __init__(self, raw_type_code, _io, _parent=None, _root=None):
            super(MysqlEventType.PermutedTypeCode, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.raw_type_code = raw_type_code
            self._read()

        def _read(self):
            pass


        def _fetch_instances(self):
            pass

        @property
        def type_code(self):
            if hasattr(self, '_m_type_code'):
                return self._m_type_code

            self._m_type_code = KaitaiStream.resolve_enum(MysqlEventType.EventType, (KaitaiStream.byte_array_index(self.type_codes, self.raw_type_code) if self.raw_type_code < len(self.type_codes) else self.raw_type_code))
            return getattr(self, '_m_type_code', None)

        @property
        def type_codes(self):
            """The event type of each code 0-22."""
            if hasattr(self, '_m_type_codes'):
                return self._m_type_codes

            self._m_type_codes = b"\x00\x01\x02\x03\x04\x05\x06\x07\x08\x09\x0A\x0B\x0C\x0D\x0E\x0F\x13\x14\x15\x16\x10\x11\x12"
            return getattr(self, '_m_type_codes', None)



