# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# type: ignore

import kaitaistruct
from kaitaistruct import KaitaiStruct, KaitaiStream, BytesIO
from . import mariadb_gtid_event
from . import previous_gtids_event
from . import gtid_event
from . import mysql_event_type
from . import transaction_payload_event
from . import mysql_uint64
from . import mariadb_gtid_list_event
from . import rows_event
from . import gtid_tagged_event
from . import query_event
from . import table_map_event
from enum import IntEnum


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class MysqlBinlog(KaitaiStruct):
    """A binary log file as written by MySQL (3.23 to 9.x) and MariaDB: the 4-byte magic, then
    events back to back. Each event is a common header, an event-specific body and, when
    the server checksums events, a CRC32 footer.
    
    The first event decides how every other event is laid out. In binlog version 4
    (MySQL 5.0+, every MariaDB) it is a FORMAT_DESCRIPTION_EVENT that declares the common
    header length, one post-header length per event type and the checksum algorithm.
    Versions 1 (3.23) and 3 (4.0.2-4.1) start with a START_EVENT_V3 and use fixed lengths.
    
    This top-level type reads a whole file with the layout of its first event. A reader that
    streams (or meets a second FORMAT_DESCRIPTION_EVENT mid-file, as relay logs have) parses
    `event` one at a time and passes the lengths of the FORMAT_DESCRIPTION_EVENT in force.
    
    .. seealso::
       Source - https://dev.mysql.com/doc/dev/mysql-server/latest/page_protocol_replication_binlog_event.html
    
    
    .. seealso::
       Source - https://mariadb.com/kb/en/replication-protocol/
    """

    class ChecksumAlg(IntEnum):
        off = 0
        crc32 = 1
        undef = 255

    class EventFlag(IntEnum):
        binlog_in_use = 1
        forced_rotate = 2
        thread_specific = 4
        suppress_use = 8
        update_table_map_version = 16
        artificial = 32
        relay_log = 64
        ignorable = 128
        no_filter = 256
        mts_isolate = 512

    class IncidentType(IntEnum):
        none = 0
        lost_events = 1

    class IntvarType(IntEnum):
        invalid_int = 0
        last_insert_id = 1
        insert_id = 2

    class ItemResult(IntEnum):
        string_result = 0
        real_result = 1
        int_result = 2
        row_result = 3
        decimal_result = 4
    def __init__(self, _io, _parent=None, _root=None):
        super(MysqlBinlog, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self
        self._read()

    def _read(self):
        self.magic = self._io.read_bytes(4)
        if not self.magic == b"\xFE\x62\x69\x6E":
            raise kaitaistruct.ValidationNotEqualError(b"\xFE\x62\x69\x6E", self.magic, self._io, u"/seq/0")
        self.first_event = MysqlBinlog.Event(self.first_header_len, 0, self.post_header_lengths_v3, False, self._io, self, self._root)
        self.events = []
        i = 0
        while not self._io.is_eof():
            self.events.append(MysqlBinlog.Event(self.header_len, self.checksum_len, self.post_header_lengths, self.is_type_code_permuted, self._io, self, self._root))
            i += 1



    def _fetch_instances(self):
        pass
        self.first_event._fetch_instances()
        for i in range(len(self.events)):
            pass
            self.events[i]._fetch_instances()

        _ = self.first_event_length
        if hasattr(self, '_m_first_event_length'):
            pass

        _ = self.first_type_code
        if hasattr(self, '_m_first_type_code'):
            pass


    class AnnotateRowsEvent(KaitaiStruct):
        """The statement that produced the rows events that follow (MariaDB).
        
        .. seealso::
           Source - https://mariadb.com/kb/en/annotate_rows_event/
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(MysqlBinlog.AnnotateRowsEvent, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.query = self._io.read_bytes_full()


        def _fetch_instances(self):
            pass


    class BinlogCheckpointEvent(KaitaiStruct):
        """MariaDB: the oldest binlog file still needed for crash recovery when this event was
        written.
        
        .. seealso::
           Source - https://mariadb.com/kb/en/binlog_checkpoint_event/
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(MysqlBinlog.BinlogCheckpointEvent, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.len_binlog_file = self._io.read_u4le()
            self.binlog_file_name = (self._io.read_bytes(self.len_binlog_file)).decode(u"UTF-8")


        def _fetch_instances(self):
            pass


    class CreateFileEvent(KaitaiStruct):
        """MySQL 4.x LOAD DATA: the LOAD description plus the first block of the file
        (CREATE_FILE_EVENT); later blocks come as APPEND_BLOCK_EVENTs, EXEC_LOAD_EVENT runs it.
        """
        def __init__(self, load_post_header_len, _io, _parent=None, _root=None):
            super(MysqlBinlog.CreateFileEvent, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.load_post_header_len = load_post_header_len
            self._read()

        def _read(self):
            self._raw_post_header = self._io.read_bytes(self.load_post_header_len)
            _io__raw_post_header = KaitaiStream(BytesIO(self._raw_post_header))
            self.post_header = MysqlBinlog.LoadPostHeader(_io__raw_post_header, self, self._root)
            self.file_id = self._io.read_u4le()
            self.info = MysqlBinlog.LoadInfo(self.post_header.len_table_name, self.post_header.len_db, self.post_header.num_fields, True, True, self._io, self, self._root)
            self.block = self._io.read_bytes_full()


        def _fetch_instances(self):
            pass
            self.post_header._fetch_instances()
            self.info._fetch_instances()


    class EmptyEvent(KaitaiStruct):
        """An event with no body (STOP_EVENT)."""
        def __init__(self, _io, _parent=None, _root=None):
            super(MysqlBinlog.EmptyEvent, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            pass


        def _fetch_instances(self):
            pass


    class Event(KaitaiStruct):
        """One event: common header, body, and a CRC32 footer when `checksum_len` is 4.
        The body is a substream of exactly event_length - header - footer bytes, so a body
        type never reads past its event and an unknown event type is kept as bytes.
        """
        def __init__(self, header_len, checksum_len, post_header_lengths, is_type_code_permuted, _io, _parent=None, _root=None):
            super(MysqlBinlog.Event, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.header_len = header_len
            self.checksum_len = checksum_len
            self.post_header_lengths = post_header_lengths
            self.is_type_code_permuted = is_type_code_permuted
            self._read()

        def _read(self):
            self.header = MysqlBinlog.EventHeader(self.header_len, self.is_type_code_permuted, self._io, self, self._root)
            _on = self.header.type_code
            if _on == 160:
                pass
                self._raw_body = self._io.read_bytes((self.header.event_length - self.header.size) - self.footer_len)
                _io__raw_body = KaitaiStream(BytesIO(self._raw_body))
                self.body = MysqlBinlog.AnnotateRowsEvent(_io__raw_body, self, self._root)
            elif _on == 34:
                pass
                self._raw_body = self._io.read_bytes((self.header.event_length - self.header.size) - self.footer_len)
                _io__raw_body = KaitaiStream(BytesIO(self._raw_body))
                self.body = gtid_event.GtidEvent(_io__raw_body)
            elif _on == 9:
                pass
                self._raw_body = self._io.read_bytes((self.header.event_length - self.header.size) - self.footer_len)
                _io__raw_body = KaitaiStream(BytesIO(self._raw_body))
                self.body = MysqlBinlog.FileBlockEvent(_io__raw_body, self, self._root)
            elif _on == 17:
                pass
                self._raw_body = self._io.read_bytes((self.header.event_length - self.header.size) - self.footer_len)
                _io__raw_body = KaitaiStream(BytesIO(self._raw_body))
                self.body = MysqlBinlog.FileBlockEvent(_io__raw_body, self, self._root)
            elif _on == 161:
                pass
                self._raw_body = self._io.read_bytes((self.header.event_length - self.header.size) - self.footer_len)
                _io__raw_body = KaitaiStream(BytesIO(self._raw_body))
                self.body = MysqlBinlog.BinlogCheckpointEvent(_io__raw_body, self, self._root)
            elif _on == 8:
                pass
                self._raw_body = self._io.read_bytes((self.header.event_length - self.header.size) - self.footer_len)
                _io__raw_body = KaitaiStream(BytesIO(self._raw_body))
                self.body = MysqlBinlog.CreateFileEvent((KaitaiStream.byte_array_index(self.post_header_lengths, 5) if len(self.post_header_lengths) >= 6 else 18), _io__raw_body, self, self._root)
            elif _on == 11:
                pass
                self._raw_body = self._io.read_bytes((self.header.event_length - self.header.size) - self.footer_len)
                _io__raw_body = KaitaiStream(BytesIO(self._raw_body))
                self.body = MysqlBinlog.FileIdEvent(_io__raw_body, self, self._root)
            elif _on == 171:
                pass
                self._raw_body = self._io.read_bytes((self.header.event_length - self.header.size) - self.footer_len)
                _io__raw_body = KaitaiStream(BytesIO(self._raw_body))
                self.body = rows_event.RowsEvent(self.post_header_len, self.header.type_code, _io__raw_body)
            elif _on == 168:
                pass
                self._raw_body = self._io.read_bytes((self.header.event_length - self.header.size) - self.footer_len)
                _io__raw_body = KaitaiStream(BytesIO(self._raw_body))
                self.body = rows_event.RowsEvent(self.post_header_len, self.header.type_code, _io__raw_body)
            elif _on == 32:
                pass
                self._raw_body = self._io.read_bytes((self.header.event_length - self.header.size) - self.footer_len)
                _io__raw_body = KaitaiStream(BytesIO(self._raw_body))
                self.body = rows_event.RowsEvent(self.post_header_len, self.header.type_code, _io__raw_body)
            elif _on == 25:
                pass
                self._raw_body = self._io.read_bytes((self.header.event_length - self.header.size) - self.footer_len)
                _io__raw_body = KaitaiStream(BytesIO(self._raw_body))
                self.body = rows_event.RowsEvent(self.post_header_len, self.header.type_code, _io__raw_body)
            elif _on == 10:
                pass
                self._raw_body = self._io.read_bytes((self.header.event_length - self.header.size) - self.footer_len)
                _io__raw_body = KaitaiStream(BytesIO(self._raw_body))
                self.body = MysqlBinlog.FileIdEvent(_io__raw_body, self, self._root)
            elif _on == 18:
                pass
                self._raw_body = self._io.read_bytes((self.header.event_length - self.header.size) - self.footer_len)
                _io__raw_body = KaitaiStream(BytesIO(self._raw_body))
                self.body = query_event.QueryEvent(self.post_header_len, True, False, _io__raw_body)
            elif _on == 15:
                pass
                self._raw_body = self._io.read_bytes((self.header.event_length - self.header.size) - self.footer_len)
                _io__raw_body = KaitaiStream(BytesIO(self._raw_body))
                self.body = MysqlBinlog.FormatDescriptionEvent(_io__raw_body, self, self._root)
            elif _on == 162:
                pass
                self._raw_body = self._io.read_bytes((self.header.event_length - self.header.size) - self.footer_len)
                _io__raw_body = KaitaiStream(BytesIO(self._raw_body))
                self.body = mariadb_gtid_event.MariadbGtidEvent(_io__raw_body)
            elif _on == 163:
                pass
                self._raw_body = self._io.read_bytes((self.header.event_length - self.header.size) - self.footer_len)
                _io__raw_body = KaitaiStream(BytesIO(self._raw_body))
                self.body = mariadb_gtid_list_event.MariadbGtidListEvent(_io__raw_body)
            elif _on == 33:
                pass
                self._raw_body = self._io.read_bytes((self.header.event_length - self.header.size) - self.footer_len)
                _io__raw_body = KaitaiStream(BytesIO(self._raw_body))
                self.body = gtid_event.GtidEvent(_io__raw_body)
            elif _on == 42:
                pass
                self._raw_body = self._io.read_bytes((self.header.event_length - self.header.size) - self.footer_len)
                _io__raw_body = KaitaiStream(BytesIO(self._raw_body))
                self.body = gtid_tagged_event.GtidTaggedEvent(_io__raw_body)
            elif _on == 27:
                pass
                self._raw_body = self._io.read_bytes((self.header.event_length - self.header.size) - self.footer_len)
                _io__raw_body = KaitaiStream(BytesIO(self._raw_body))
                self.body = MysqlBinlog.HeartbeatEvent(_io__raw_body, self, self._root)
            elif _on == 26:
                pass
                self._raw_body = self._io.read_bytes((self.header.event_length - self.header.size) - self.footer_len)
                _io__raw_body = KaitaiStream(BytesIO(self._raw_body))
                self.body = MysqlBinlog.IncidentEvent(_io__raw_body, self, self._root)
            elif _on == 5:
                pass
                self._raw_body = self._io.read_bytes((self.header.event_length - self.header.size) - self.footer_len)
                _io__raw_body = KaitaiStream(BytesIO(self._raw_body))
                self.body = MysqlBinlog.IntvarEvent(_io__raw_body, self, self._root)
            elif _on == 6:
                pass
                self._raw_body = self._io.read_bytes((self.header.event_length - self.header.size) - self.footer_len)
                _io__raw_body = KaitaiStream(BytesIO(self._raw_body))
                self.body = MysqlBinlog.LoadEvent(self.post_header_len, False, _io__raw_body, self, self._root)
            elif _on == 12:
                pass
                self._raw_body = self._io.read_bytes((self.header.event_length - self.header.size) - self.footer_len)
                _io__raw_body = KaitaiStream(BytesIO(self._raw_body))
                self.body = MysqlBinlog.LoadEvent(self.post_header_len, True, _io__raw_body, self, self._root)
            elif _on == 39:
                pass
                self._raw_body = self._io.read_bytes((self.header.event_length - self.header.size) - self.footer_len)
                _io__raw_body = KaitaiStream(BytesIO(self._raw_body))
                self.body = rows_event.RowsEvent(self.post_header_len, self.header.type_code, _io__raw_body)
            elif _on == 22:
                pass
                self._raw_body = self._io.read_bytes((self.header.event_length - self.header.size) - self.footer_len)
                _io__raw_body = KaitaiStream(BytesIO(self._raw_body))
                self.body = rows_event.RowsEvent(self.post_header_len, self.header.type_code, _io__raw_body)
            elif _on == 21:
                pass
                self._raw_body = self._io.read_bytes((self.header.event_length - self.header.size) - self.footer_len)
                _io__raw_body = KaitaiStream(BytesIO(self._raw_body))
                self.body = rows_event.RowsEvent(self.post_header_len, self.header.type_code, _io__raw_body)
            elif _on == 20:
                pass
                self._raw_body = self._io.read_bytes((self.header.event_length - self.header.size) - self.footer_len)
                _io__raw_body = KaitaiStream(BytesIO(self._raw_body))
                self.body = rows_event.RowsEvent(self.post_header_len, self.header.type_code, _io__raw_body)
            elif _on == 35:
                pass
                self._raw_body = self._io.read_bytes((self.header.event_length - self.header.size) - self.footer_len)
                _io__raw_body = KaitaiStream(BytesIO(self._raw_body))
                self.body = previous_gtids_event.PreviousGtidsEvent(_io__raw_body)
            elif _on == 165:
                pass
                self._raw_body = self._io.read_bytes((self.header.event_length - self.header.size) - self.footer_len)
                _io__raw_body = KaitaiStream(BytesIO(self._raw_body))
                self.body = query_event.QueryEvent(self.post_header_len, False, True, _io__raw_body)
            elif _on == 2:
                pass
                self._raw_body = self._io.read_bytes((self.header.event_length - self.header.size) - self.footer_len)
                _io__raw_body = KaitaiStream(BytesIO(self._raw_body))
                self.body = query_event.QueryEvent(self.post_header_len, False, False, _io__raw_body)
            elif _on == 13:
                pass
                self._raw_body = self._io.read_bytes((self.header.event_length - self.header.size) - self.footer_len)
                _io__raw_body = KaitaiStream(BytesIO(self._raw_body))
                self.body = MysqlBinlog.RandEvent(_io__raw_body, self, self._root)
            elif _on == 4:
                pass
                self._raw_body = self._io.read_bytes((self.header.event_length - self.header.size) - self.footer_len)
                _io__raw_body = KaitaiStream(BytesIO(self._raw_body))
                self.body = MysqlBinlog.RotateEvent(self.post_header_len, _io__raw_body, self, self._root)
            elif _on == 29:
                pass
                self._raw_body = self._io.read_bytes((self.header.event_length - self.header.size) - self.footer_len)
                _io__raw_body = KaitaiStream(BytesIO(self._raw_body))
                self.body = MysqlBinlog.RowsQueryEvent(_io__raw_body, self, self._root)
            elif _on == 164:
                pass
                self._raw_body = self._io.read_bytes((self.header.event_length - self.header.size) - self.footer_len)
                _io__raw_body = KaitaiStream(BytesIO(self._raw_body))
                self.body = MysqlBinlog.StartEncryptionEvent(_io__raw_body, self, self._root)
            elif _on == 1:
                pass
                self._raw_body = self._io.read_bytes((self.header.event_length - self.header.size) - self.footer_len)
                _io__raw_body = KaitaiStream(BytesIO(self._raw_body))
                self.body = MysqlBinlog.StartEventV3(_io__raw_body, self, self._root)
            elif _on == 3:
                pass
                self._raw_body = self._io.read_bytes((self.header.event_length - self.header.size) - self.footer_len)
                _io__raw_body = KaitaiStream(BytesIO(self._raw_body))
                self.body = MysqlBinlog.EmptyEvent(_io__raw_body, self, self._root)
            elif _on == 19:
                pass
                self._raw_body = self._io.read_bytes((self.header.event_length - self.header.size) - self.footer_len)
                _io__raw_body = KaitaiStream(BytesIO(self._raw_body))
                self.body = table_map_event.TableMapEvent(self.post_header_len, _io__raw_body)
            elif _on == 40:
                pass
                self._raw_body = self._io.read_bytes((self.header.event_length - self.header.size) - self.footer_len)
                _io__raw_body = KaitaiStream(BytesIO(self._raw_body))
                self.body = transaction_payload_event.TransactionPayloadEvent(self.header_len, self.post_header_lengths, _io__raw_body)
            elif _on == 170:
                pass
                self._raw_body = self._io.read_bytes((self.header.event_length - self.header.size) - self.footer_len)
                _io__raw_body = KaitaiStream(BytesIO(self._raw_body))
                self.body = rows_event.RowsEvent(self.post_header_len, self.header.type_code, _io__raw_body)
            elif _on == 167:
                pass
                self._raw_body = self._io.read_bytes((self.header.event_length - self.header.size) - self.footer_len)
                _io__raw_body = KaitaiStream(BytesIO(self._raw_body))
                self.body = rows_event.RowsEvent(self.post_header_len, self.header.type_code, _io__raw_body)
            elif _on == 31:
                pass
                self._raw_body = self._io.read_bytes((self.header.event_length - self.header.size) - self.footer_len)
                _io__raw_body = KaitaiStream(BytesIO(self._raw_body))
                self.body = rows_event.RowsEvent(self.post_header_len, self.header.type_code, _io__raw_body)
            elif _on == 24:
                pass
                self._raw_body = self._io.read_bytes((self.header.event_length - self.header.size) - self.footer_len)
                _io__raw_body = KaitaiStream(BytesIO(self._raw_body))
                self.body = rows_event.RowsEvent(self.post_header_len, self.header.type_code, _io__raw_body)
            elif _on == 14:
                pass
                self._raw_body = self._io.read_bytes((self.header.event_length - self.header.size) - self.footer_len)
                _io__raw_body = KaitaiStream(BytesIO(self._raw_body))
                self.body = MysqlBinlog.UserVarEvent(_io__raw_body, self, self._root)
            elif _on == 169:
                pass
                self._raw_body = self._io.read_bytes((self.header.event_length - self.header.size) - self.footer_len)
                _io__raw_body = KaitaiStream(BytesIO(self._raw_body))
                self.body = rows_event.RowsEvent(self.post_header_len, self.header.type_code, _io__raw_body)
            elif _on == 166:
                pass
                self._raw_body = self._io.read_bytes((self.header.event_length - self.header.size) - self.footer_len)
                _io__raw_body = KaitaiStream(BytesIO(self._raw_body))
                self.body = rows_event.RowsEvent(self.post_header_len, self.header.type_code, _io__raw_body)
            elif _on == 30:
                pass
                self._raw_body = self._io.read_bytes((self.header.event_length - self.header.size) - self.footer_len)
                _io__raw_body = KaitaiStream(BytesIO(self._raw_body))
                self.body = rows_event.RowsEvent(self.post_header_len, self.header.type_code, _io__raw_body)
            elif _on == 23:
                pass
                self._raw_body = self._io.read_bytes((self.header.event_length - self.header.size) - self.footer_len)
                _io__raw_body = KaitaiStream(BytesIO(self._raw_body))
                self.body = rows_event.RowsEvent(self.post_header_len, self.header.type_code, _io__raw_body)
            elif _on == 38:
                pass
                self._raw_body = self._io.read_bytes((self.header.event_length - self.header.size) - self.footer_len)
                _io__raw_body = KaitaiStream(BytesIO(self._raw_body))
                self.body = MysqlBinlog.XaPrepareEvent(_io__raw_body, self, self._root)
            elif _on == 16:
                pass
                self._raw_body = self._io.read_bytes((self.header.event_length - self.header.size) - self.footer_len)
                _io__raw_body = KaitaiStream(BytesIO(self._raw_body))
                self.body = MysqlBinlog.XidEvent(_io__raw_body, self, self._root)
            else:
                pass
                self.body = self._io.read_bytes((self.header.event_length - self.header.size) - self.footer_len)
            if self.footer_len == 4:
                pass
                self.checksum = self._io.read_u4le()



        def _fetch_instances(self):
            pass
            self.header._fetch_instances()
            _on = self.header.type_code
            if _on == 160:
                pass
                self.body._fetch_instances()
            elif _on == 34:
                pass
                self.body._fetch_instances()
            elif _on == 9:
                pass
                self.body._fetch_instances()
            elif _on == 17:
                pass
                self.body._fetch_instances()
            elif _on == 161:
                pass
                self.body._fetch_instances()
            elif _on == 8:
                pass
                self.body._fetch_instances()
            elif _on == 11:
                pass
                self.body._fetch_instances()
            elif _on == 171:
                pass
                self.body._fetch_instances()
            elif _on == 168:
                pass
                self.body._fetch_instances()
            elif _on == 32:
                pass
                self.body._fetch_instances()
            elif _on == 25:
                pass
                self.body._fetch_instances()
            elif _on == 10:
                pass
                self.body._fetch_instances()
            elif _on == 18:
                pass
                self.body._fetch_instances()
            elif _on == 15:
                pass
                self.body._fetch_instances()
            elif _on == 162:
                pass
                self.body._fetch_instances()
            elif _on == 163:
                pass
                self.body._fetch_instances()
            elif _on == 33:
                pass
                self.body._fetch_instances()
            elif _on == 42:
                pass
                self.body._fetch_instances()
            elif _on == 27:
                pass
                self.body._fetch_instances()
            elif _on == 26:
                pass
                self.body._fetch_instances()
            elif _on == 5:
                pass
                self.body._fetch_instances()
            elif _on == 6:
                pass
                self.body._fetch_instances()
            elif _on == 12:
                pass
                self.body._fetch_instances()
            elif _on == 39:
                pass
                self.body._fetch_instances()
            elif _on == 22:
                pass
                self.body._fetch_instances()
            elif _on == 21:
                pass
                self.body._fetch_instances()
            elif _on == 20:
                pass
                self.body._fetch_instances()
            elif _on == 35:
                pass
                self.body._fetch_instances()
            elif _on == 165:
                pass
                self.body._fetch_instances()
            elif _on == 2:
                pass
                self.body._fetch_instances()
            elif _on == 13:
                pass
                self.body._fetch_instances()
            elif _on == 4:
                pass
                self.body._fetch_instances()
            elif _on == 29:
                pass
                self.body._fetch_instances()
            elif _on == 164:
                pass
                self.body._fetch_instances()
            elif _on == 1:
                pass
                self.body._fetch_instances()
            elif _on == 3:
                pass
                self.body._fetch_instances()
            elif _on == 19:
                pass
                self.body._fetch_instances()
            elif _on == 40:
                pass
                self.body._fetch_instances()
            elif _on == 170:
                pass
                self.body._fetch_instances()
            elif _on == 167:
                pass
                self.body._fetch_instances()
            elif _on == 31:
                pass
                self.body._fetch_instances()
            elif _on == 24:
                pass
                self.body._fetch_instances()
            elif _on == 14:
                pass
                self.body._fetch_instances()
            elif _on == 169:
                pass
                self.body._fetch_instances()
            elif _on == 166:
                pass
                self.body._fetch_instances()
            elif _on == 30:
                pass
                self.body._fetch_instances()
            elif _on == 23:
                pass
                self.body._fetch_instances()
            elif _on == 38:
                pass
                self.body._fetch_instances()
            elif _on == 16:
                pass
                self.body._fetch_instances()
            else:
                pass
            if self.footer_len == 4:
                pass


        @property
        def footer_len(self):
            """A FORMAT_DESCRIPTION_EVENT declares its own checksum fields, so its footer is
            read as part of its body.
            """
            if hasattr(self, '_m_footer_len'):
                return self._m_footer_len

            self._m_footer_len = (0 if self.header.type_code == 15 else self.checksum_len)
            return getattr(self, '_m_footer_len', None)

        @property
        def post_header_len(self):
            """This event type's post-header length, 0 when the FDE does not list the type. The
            FDE lists them in the order of the type codes as written, permuted or not.
            """
            if hasattr(self, '_m_post_header_len'):
                return self._m_post_header_len

            self._m_post_header_len = (KaitaiStream.byte_array_index(self.post_header_lengths, int(self.header.raw_type_code) - 1) if  ((int(self.header.raw_type_code) >= 1) and (int(self.header.raw_type_code) <= len(self.post_header_lengths)))  else 0)
            return getattr(self, '_m_post_header_len', None)


    class EventHeader(KaitaiStruct):
        """The common header. v1 has the first four fields (13 bytes); v3 and v4 add log_pos and
        flags (19 bytes); a v4 FDE may declare a longer header (5.1-google wrote 23, 27 and
        31 bytes), whose extra bytes are skipped. The FORMAT_DESCRIPTION_EVENT itself always
        has a 19-byte header, since its reader cannot know the length yet.
        
        .. seealso::
           Source - https://dev.mysql.com/doc/dev/mysql-server/latest/classbinary__log_1_1Log__event__header.html
        """
        def __init__(self, header_len, is_type_code_permuted, _io, _parent=None, _root=None):
            super(MysqlBinlog.EventHeader, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.header_len = header_len
            self.is_type_code_permuted = is_type_code_permuted
            self._read()

        def _read(self):
            self.timestamp = self._io.read_u4le()
            self.raw_type_code = KaitaiStream.resolve_enum(mysql_event_type.MysqlEventType.EventType, self._io.read_u1())
            self.server_id = self._io.read_u4le()
            self.event_length = self._io.read_u4le()
            if not self.event_length >= self.header_len:
                raise kaitaistruct.ValidationLessThanError(self.header_len, self.event_length, self._io, u"/types/event_header/seq/3")
            if self.header_len > 13:
                pass
                self.log_pos = self._io.read_u4le()

            if self.header_len > 13:
                pass
                self.flags = self._io.read_u2le()

            if  ((self.header_len > 19) and (self.type_code != 15)) :
                pass
                self.extra_headers = self._io.read_bytes(self.header_len - 19)



        def _fetch_instances(self):
            pass
            if self.header_len > 13:
                pass

            if self.header_len > 13:
                pass

            if  ((self.header_len > 19) and (self.type_code != 15)) :
                pass

            _ = self.permuted_type_code
            if hasattr(self, '_m_permuted_type_code'):
                pass
                self._m_permuted_type_code._fetch_instances()


        @property
        def is_artificial(self):
            if hasattr(self, '_m_is_artificial'):
                return self._m_is_artificial

            self._m_is_artificial =  ((self.header_len > 13) and (self.flags & 32 != 0)) 
            return getattr(self, '_m_is_artificial', None)

        @property
        def is_binlog_in_use(self):
            """Set in a FORMAT_DESCRIPTION_EVENT while its file is open; left set by a crash."""
            if hasattr(self, '_m_is_binlog_in_use'):
                return self._m_is_binlog_in_use

            self._m_is_binlog_in_use =  ((self.header_len > 13) and (self.flags & 1 != 0)) 
            return getattr(self, '_m_is_binlog_in_use', None)

        @property
        def is_relay_log(self):
            """Written by a replica's I/O thread into its relay log."""
            if hasattr(self, '_m_is_relay_log'):
                return self._m_is_relay_log

            self._m_is_relay_log =  ((self.header_len > 13) and (self.flags & 64 != 0)) 
            return getattr(self, '_m_is_relay_log', None)

        @property
        def permuted_type_code(self):
            """The event type of `raw_type_code` in the numbering of early 5.1/5.2 builds. It
            reads no byte: a parse instance only because the compiler cannot give a value
            instance an enum of another spec.
            """
            if hasattr(self, '_m_permuted_type_code'):
                return self._m_permuted_type_code

            if self.is_type_code_permuted:
                pass
                _pos = self._io.pos()
                self._io.seek(0)
                self._raw__m_permuted_type_code = self._io.read_bytes(0)
                _io__raw__m_permuted_type_code = KaitaiStream(BytesIO(self._raw__m_permuted_type_code))
                self._m_permuted_type_code = mysql_event_type.MysqlEventType.PermutedTypeCode(int(self.raw_type_code), _io__raw__m_permuted_type_code)
                self._io.seek(_pos)

            return getattr(self, '_m_permuted_type_code', None)

        @property
        def size(self):
            """Bytes this header occupies."""
            if hasattr(self, '_m_size'):
                return self._m_size

            self._m_size = ((13 if self.header_len <= 13 else 19) if  ((self.header_len <= 19) or (self.type_code == 15))  else self.header_len)
            return getattr(self, '_m_size', None)

        @property
        def type_code(self):
            """The event type; see `mysql_event_type`."""
            if hasattr(self, '_m_type_code'):
                return self._m_type_code

            self._m_type_code = (self.permuted_type_code.type_code if self.is_type_code_permuted else self.raw_type_code)
            return getattr(self, '_m_type_code', None)


    class FileBlockEvent(KaitaiStruct):
        """A block of a LOAD DATA file: APPEND_BLOCK_EVENT (4.x) and BEGIN_LOAD_QUERY_EVENT
        (5.0+, the first block; EXECUTE_LOAD_QUERY_EVENT then runs the statement).
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(MysqlBinlog.FileBlockEvent, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.file_id = self._io.read_u4le()
            self.block = self._io.read_bytes_full()


        def _fetch_instances(self):
            pass


    class FileIdEvent(KaitaiStruct):
        """EXEC_LOAD_EVENT / DELETE_FILE_EVENT of MySQL 4.x LOAD DATA."""
        def __init__(self, _io, _parent=None, _root=None):
            super(MysqlBinlog.FileIdEvent, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.file_id = self._io.read_u4le()


        def _fetch_instances(self):
            pass


    class FormatDescriptionEvent(KaitaiStruct):
        """First event of every v4 binlog (and of each relay-log section): describes the layout
        of every later event. Servers that know checksums (MySQL >= 5.6.1, MariaDB >= 5.3)
        end it with the algorithm byte and a CRC32, even when checksums are off. Whether
        they are there is read from the data: the FDE's own entry in the post-header array
        (type 15, at body offset 71) gives the length of the fixed part, and exactly five
        more bytes mean algorithm + CRC.
        
        .. seealso::
           Source - https://dev.mysql.com/doc/dev/mysql-server/latest/classbinary__log_1_1Format__description__event.html
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(MysqlBinlog.FormatDescriptionEvent, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.binlog_version = self._io.read_u2le()
            if not self.binlog_version == 4:
                raise kaitaistruct.ValidationNotEqualError(4, self.binlog_version, self._io, u"/types/format_description_event/seq/0")
            self.server_version = (KaitaiStream.bytes_terminate(self._io.read_bytes(50), 0, False)).decode(u"ASCII")
            self.create_timestamp = self._io.read_u4le()
            self.header_length = self._io.read_u1()
            if not self.header_length >= 19:
                raise kaitaistruct.ValidationLessThanError(19, self.header_length, self._io, u"/types/format_description_event/seq/3")
            self.post_header_lengths = self._io.read_bytes(self.num_event_types)
            if self.has_checksum_alg:
                pass
                self.checksum_alg = KaitaiStream.resolve_enum(MysqlBinlog.ChecksumAlg, self._io.read_u1())

            if self.has_checksum_alg:
                pass
                self.checksum = self._io.read_u4le()



        def _fetch_instances(self):
            pass
            if self.has_checksum_alg:
                pass

            if self.has_checksum_alg:
                pass

            _ = self.own_post_header_len
            if hasattr(self, '_m_own_post_header_len'):
                pass


        @property
        def checksum_len(self):
            """Footer length of the events this FDE governs."""
            if hasattr(self, '_m_checksum_len'):
                return self._m_checksum_len

            self._m_checksum_len = (4 if  ((self.has_checksum_alg) and (self.checksum_alg == 1))  else 0)
            return getattr(self, '_m_checksum_len', None)

        @property
        def has_checksum_alg(self):
            if hasattr(self, '_m_has_checksum_alg'):
                return self._m_has_checksum_alg

            self._m_has_checksum_alg = self._io.size() - self.own_post_header_len == 5
            return getattr(self, '_m_has_checksum_alg', None)

        @property
        def has_permuted_type_codes(self):
            """Written by an early 5.1/5.2 development build (5.1.1-5.1.5 `-a_drop5...`, 5.1.4
            and 5.2.0-5.2.2 `-a_drop6...`), which numbered the event types from
            TABLE_MAP_EVENT on otherwise: the events this FDE governs have their type codes
            permuted (`event_header`'s `permuted_type_codes`), its `post_header_lengths` are
            in that order, and it lists 22 types.
            
            .. seealso::
               Source - https://github.com/mysql/mysql-server/blob/5.7/libbinlogevents/src/control_events.cpp
            """
            if hasattr(self, '_m_has_permuted_type_codes'):
                return self._m_has_permuted_type_codes

            self._m_has_permuted_type_codes =  ((len(self.server_version) >= 13) and ( (( ((self.server_version[5:13] == u"-a_drop5") and ( ((self.server_version[0:5] == u"5.1.1") or (self.server_version[0:5] == u"5.1.2") or (self.server_version[0:5] == u"5.1.3") or (self.server_version[0:5] == u"5.1.4") or (self.server_version[0:5] == u"5.1.5")) )) ) or ( ((self.server_version[5:13] == u"-a_drop6") and ( ((self.server_version[0:5] == u"5.1.4") or (self.server_version[0:5] == u"5.2.0") or (self.server_version[0:5] == u"5.2.1") or (self.server_version[0:5] == u"5.2.2")) )) )) )) 
            return getattr(self, '_m_has_permuted_type_codes', None)

        @property
        def num_event_types(self):
            if hasattr(self, '_m_num_event_types'):
                return self._m_num_event_types

            self._m_num_event_types = self.own_post_header_len - 57
            return getattr(self, '_m_num_event_types', None)

        @property
        def own_post_header_len(self):
            """The array entry for FORMAT_DESCRIPTION_EVENT itself (57 + array size)."""
            if hasattr(self, '_m_own_post_header_len'):
                return self._m_own_post_header_len

            _pos = self._io.pos()
            self._io.seek(71)
            self._m_own_post_header_len = self._io.read_u1()
            if not self._m_own_post_header_len >= 57:
                raise kaitaistruct.ValidationLessThanError(57, self._m_own_post_header_len, self._io, u"/types/format_description_event/instances/own_post_header_len")
            self._io.seek(_pos)
            return getattr(self, '_m_own_post_header_len', None)


    class HeartbeatEvent(KaitaiStruct):
        """Sent by a source on an idle replication connection, never written to a file; the
        header's log_pos is the source's current position.
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(MysqlBinlog.HeartbeatEvent, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.log_ident = (self._io.read_bytes_full()).decode(u"UTF-8")


        def _fetch_instances(self):
            pass


    class IncidentEvent(KaitaiStruct):
        """Something happened on the source that a replica cannot reproduce (e.g. lost events).
        
        .. seealso::
           Source - https://dev.mysql.com/doc/dev/mysql-server/latest/classbinary__log_1_1Incident__event.html
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(MysqlBinlog.IncidentEvent, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.incident = KaitaiStream.resolve_enum(MysqlBinlog.IncidentType, self._io.read_u2le())
            self.len_message = self._io.read_u1()
            self.message = self._io.read_bytes(self.len_message)


        def _fetch_instances(self):
            pass


    class IntvarEvent(KaitaiStruct):
        """Statement-based replication: LAST_INSERT_ID() or the next AUTO_INCREMENT value the
        following QUERY_EVENT used.
        
        .. seealso::
           Source - https://dev.mysql.com/doc/dev/mysql-server/latest/classbinary__log_1_1Intvar__event.html
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(MysqlBinlog.IntvarEvent, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.type = KaitaiStream.resolve_enum(MysqlBinlog.IntvarType, self._io.read_u1())
            self.value = mysql_uint64.MysqlUint64(self._io)


        def _fetch_instances(self):
            pass
            self.value._fetch_instances()


    class LengthPrefixedBytes(KaitaiStruct):
        def __init__(self, _io, _parent=None, _root=None):
            super(MysqlBinlog.LengthPrefixedBytes, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.length = self._io.read_u1()
            self.value = self._io.read_bytes(self.length)


        def _fetch_instances(self):
            pass


    class LoadEvent(KaitaiStruct):
        """LOAD DATA INFILE in MySQL 3.23-4.x: LOAD_EVENT (old single-character separators) and
        NEW_LOAD_EVENT (length-prefixed separators). The file contents travel in separate
        block events.
        
        .. seealso::
           Source - https://dev.mysql.com/doc/dev/mysql-server/8.0.11/classbinary__log_1_1Load__event.html
        """
        def __init__(self, post_header_len, is_new_format, _io, _parent=None, _root=None):
            super(MysqlBinlog.LoadEvent, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.post_header_len = post_header_len
            self.is_new_format = is_new_format
            self._read()

        def _read(self):
            self._raw_post_header = self._io.read_bytes(self.post_header_len)
            _io__raw_post_header = KaitaiStream(BytesIO(self._raw_post_header))
            self.post_header = MysqlBinlog.LoadPostHeader(_io__raw_post_header, self, self._root)
            self.info = MysqlBinlog.LoadInfo(self.post_header.len_table_name, self.post_header.len_db, self.post_header.num_fields, self.is_new_format, False, self._io, self, self._root)


        def _fetch_instances(self):
            pass
            self.post_header._fetch_instances()
            self.info._fetch_instances()


    class LoadInfo(KaitaiStruct):
        def __init__(self, len_table_name, len_db, num_fields, is_new_format, has_nul_terminated_file_name, _io, _parent=None, _root=None):
            super(MysqlBinlog.LoadInfo, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.len_table_name = len_table_name
            self.len_db = len_db
            self.num_fields = num_fields
            self.is_new_format = is_new_format
            self.has_nul_terminated_file_name = has_nul_terminated_file_name
            self._read()

        def _read(self):
            if (not (self.is_new_format)):
                pass
                self.old_separators = MysqlBinlog.OldSqlEx(self._io, self, self._root)

            if self.is_new_format:
                pass
                self.new_separators = MysqlBinlog.NewSqlEx(self._io, self, self._root)

            self.field_name_lengths = self._io.read_bytes(self.num_fields)
            self.field_names = []
            for i in range(self.num_fields):
                self.field_names.append((self._io.read_bytes_term(0, False, True, True)).decode(u"UTF-8"))

            self.table_name = (self._io.read_bytes(self.len_table_name)).decode(u"UTF-8")
            self.table_name_terminator = self._io.read_bytes(1)
            self.db = (self._io.read_bytes(self.len_db)).decode(u"UTF-8")
            self.db_terminator = self._io.read_bytes(1)
            if (not (self.has_nul_terminated_file_name)):
                pass
                self.file_name = self._io.read_bytes_full()

            if self.has_nul_terminated_file_name:
                pass
                self.file_name_z = (self._io.read_bytes_term(0, False, True, True)).decode(u"UTF-8")



        def _fetch_instances(self):
            pass
            if (not (self.is_new_format)):
                pass
                self.old_separators._fetch_instances()

            if self.is_new_format:
                pass
                self.new_separators._fetch_instances()

            for i in range(len(self.field_names)):
                pass

            if (not (self.has_nul_terminated_file_name)):
                pass

            if self.has_nul_terminated_file_name:
                pass



    class LoadPostHeader(KaitaiStruct):
        def __init__(self, _io, _parent=None, _root=None):
            super(MysqlBinlog.LoadPostHeader, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.thread_id = self._io.read_u4le()
            self.exec_time = self._io.read_u4le()
            self.skip_lines = self._io.read_u4le()
            self.len_table_name = self._io.read_u1()
            self.len_db = self._io.read_u1()
            self.num_fields = self._io.read_u4le()


        def _fetch_instances(self):
            pass


    class NewSqlEx(KaitaiStruct):
        def __init__(self, _io, _parent=None, _root=None):
            super(MysqlBinlog.NewSqlEx, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.field_term = MysqlBinlog.LengthPrefixedBytes(self._io, self, self._root)
            self.enclosed = MysqlBinlog.LengthPrefixedBytes(self._io, self, self._root)
            self.line_term = MysqlBinlog.LengthPrefixedBytes(self._io, self, self._root)
            self.line_start = MysqlBinlog.LengthPrefixedBytes(self._io, self, self._root)
            self.escaped = MysqlBinlog.LengthPrefixedBytes(self._io, self, self._root)
            self.opt_flags = self._io.read_u1()


        def _fetch_instances(self):
            pass
            self.field_term._fetch_instances()
            self.enclosed._fetch_instances()
            self.line_term._fetch_instances()
            self.line_start._fetch_instances()
            self.escaped._fetch_instances()


    class OldSqlEx(KaitaiStruct):
        def __init__(self, _io, _parent=None, _root=None):
            super(MysqlBinlog.OldSqlEx, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.field_term = self._io.read_bytes(1)
            self.enclosed = self._io.read_bytes(1)
            self.line_term = self._io.read_bytes(1)
            self.line_start = self._io.read_bytes(1)
            self.escaped = self._io.read_bytes(1)
            self.opt_flags = self._io.read_u1()
            self.empty_flags = self._io.read_u1()


        def _fetch_instances(self):
            pass


    class RandEvent(KaitaiStruct):
        """Seeds of RAND() for the next statement-based QUERY_EVENT.
        
        .. seealso::
           Source - https://dev.mysql.com/doc/dev/mysql-server/latest/classbinary__log_1_1Rand__event.html
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(MysqlBinlog.RandEvent, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.seed1 = mysql_uint64.MysqlUint64(self._io)
            self.seed2 = mysql_uint64.MysqlUint64(self._io)


        def _fetch_instances(self):
            pass
            self.seed1._fetch_instances()
            self.seed2._fetch_instances()


    class RotateEvent(KaitaiStruct):
        """Last event of a binlog closed by rotation: names the next file. Also sent by a
        source at the start of replication (then artificial, log_pos 0).
        
        .. seealso::
           Source - https://dev.mysql.com/doc/dev/mysql-server/latest/classbinary__log_1_1Rotate__event.html
        """
        def __init__(self, post_header_len, _io, _parent=None, _root=None):
            super(MysqlBinlog.RotateEvent, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.post_header_len = post_header_len
            self._read()

        def _read(self):
            if self.post_header_len >= 8:
                pass
                self.position = mysql_uint64.MysqlUint64(self._io)

            self.new_log_ident = (self._io.read_bytes_full()).decode(u"UTF-8")


        def _fetch_instances(self):
            pass
            if self.post_header_len >= 8:
                pass
                self.position._fetch_instances()



    class RowsQueryEvent(KaitaiStruct):
        """Original statement of the rows events that follow (binlog_rows_query_log_events).
        
        .. seealso::
           Source - https://dev.mysql.com/doc/dev/mysql-server/latest/classbinary__log_1_1Rows__query__event.html
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(MysqlBinlog.RowsQueryEvent, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.length = self._io.read_u1()
            self.query = self._io.read_bytes_full()


        def _fetch_instances(self):
            pass


    class StartEncryptionEvent(KaitaiStruct):
        """MariaDB: every event after this one is encrypted (binlog encryption); reading them
        needs the key from the server's key management plugin. An encrypted event keeps its
        length in clear in the first four bytes (where the timestamp would be).
        
        .. seealso::
           Source - https://mariadb.com/kb/en/start_encryption_event/
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(MysqlBinlog.StartEncryptionEvent, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.scheme = self._io.read_u1()
            self.key_version = self._io.read_u4le()
            self.nonce = self._io.read_bytes(12)


        def _fetch_instances(self):
            pass


    class StartEventV3(KaitaiStruct):
        """First event of binlog versions 1 and 3 (MySQL 3.23 to 4.1).
        
        .. seealso::
           Source - https://dev.mysql.com/doc/dev/mysql-server/latest/classbinary__log_1_1Start__event__v3.html
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(MysqlBinlog.StartEventV3, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.binlog_version = self._io.read_u2le()
            self.server_version = (KaitaiStream.bytes_terminate(self._io.read_bytes(50), 0, False)).decode(u"ASCII")
            self.create_timestamp = self._io.read_u4le()


        def _fetch_instances(self):
            pass


    class UserVarEvent(KaitaiStruct):
        """A user variable (`@name`) used by the next statement-based QUERY_EVENT.
        
        .. seealso::
           Source - https://dev.mysql.com/doc/dev/mysql-server/latest/classbinary__log_1_1User__var__event.html
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(MysqlBinlog.UserVarEvent, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.len_name = self._io.read_u4le()
            self.name = self._io.read_bytes(self.len_name)
            self.is_null = self._io.read_u1()
            if self.is_null == 0:
                pass
                self.value_type = KaitaiStream.resolve_enum(MysqlBinlog.ItemResult, self._io.read_u1())

            if self.is_null == 0:
                pass
                self.charset = self._io.read_u4le()

            if self.is_null == 0:
                pass
                self.len_value = self._io.read_u4le()

            if self.is_null == 0:
                pass
                self.value = self._io.read_bytes(self.len_value)

            if self.has_flags:
                pass
                self.flags = self._io.read_u1()



        def _fetch_instances(self):
            pass
            if self.is_null == 0:
                pass

            if self.is_null == 0:
                pass

            if self.is_null == 0:
                pass

            if self.is_null == 0:
                pass

            if self.has_flags:
                pass


        @property
        def has_flags(self):
            """Whether the body goes on after the value: older servers end it there, without
            `flags`. Read from the body's size, not from the end of the stream, which an
            instance evaluated after the parse has always reached.
            """
            if hasattr(self, '_m_has_flags'):
                return self._m_has_flags

            self._m_has_flags =  ((self.is_null == 0) and (self._io.size() > self.ofs_flags)) 
            return getattr(self, '_m_has_flags', None)

        @property
        def is_unsigned(self):
            if hasattr(self, '_m_is_unsigned'):
                return self._m_is_unsigned

            self._m_is_unsigned =  ((self.has_flags) and (self.flags & 1 != 0)) 
            return getattr(self, '_m_is_unsigned', None)

        @property
        def ofs_flags(self):
            """Where `flags` would start, after the value."""
            if hasattr(self, '_m_ofs_flags'):
                return self._m_ofs_flags

            self._m_ofs_flags = ((4 + self.len_name) + 1) + (((1 + 4) + 4) + self.len_value if self.is_null == 0 else 0)
            return getattr(self, '_m_ofs_flags', None)


    class XaPrepareEvent(KaitaiStruct):
        """End of the first phase of an XA transaction (XA PREPARE), or its one-phase commit.
        
        .. seealso::
           Source - https://dev.mysql.com/doc/dev/mysql-server/latest/classbinary__log_1_1XA__prepare__event.html
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(MysqlBinlog.XaPrepareEvent, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.one_phase = self._io.read_u1()
            self.format_id = self._io.read_s4le()
            self.len_gtrid = self._io.read_u4le()
            self.len_bqual = self._io.read_u4le()
            self.data = self._io.read_bytes(self.len_gtrid + self.len_bqual)


        def _fetch_instances(self):
            pass


    class XidEvent(KaitaiStruct):
        """Commit of a transaction in a transactional engine, with its XA id.
        
        .. seealso::
           Source - https://dev.mysql.com/doc/dev/mysql-server/latest/classbinary__log_1_1Xid__event.html
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(MysqlBinlog.XidEvent, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.xid = mysql_uint64.MysqlUint64(self._io)


        def _fetch_instances(self):
            pass
            self.xid._fetch_instances()


    @property
    def binlog_version(self):
        """4 when the first event is a FORMAT_DESCRIPTION_EVENT; otherwise a START_EVENT_V3
        whose size tells the header length: 13 + 56 bytes in version 1, 19 + 56 in version 3.
        """
        if hasattr(self, '_m_binlog_version'):
            return self._m_binlog_version

        self._m_binlog_version = (4 if self.first_type_code == 15 else (1 if self.first_event_length == 13 + 56 else 3))
        return getattr(self, '_m_binlog_version', None)

    @property
    def checksum_len(self):
        if hasattr(self, '_m_checksum_len'):
            return self._m_checksum_len

        self._m_checksum_len = (self.fde.checksum_len if self.binlog_version == 4 else 0)
        return getattr(self, '_m_checksum_len', None)

    @property
    def fde(self):
        if hasattr(self, '_m_fde'):
            return self._m_fde

        if self.binlog_version == 4:
            pass
            self._m_fde = self.first_event.body

        return getattr(self, '_m_fde', None)

    @property
    def first_event_length(self):
        """Event length sits at header offset 9 in every binlog version."""
        if hasattr(self, '_m_first_event_length'):
            return self._m_first_event_length

        _pos = self._io.pos()
        self._io.seek(13)
        self._m_first_event_length = self._io.read_u4le()
        self._io.seek(_pos)
        return getattr(self, '_m_first_event_length', None)

    @property
    def first_header_len(self):
        if hasattr(self, '_m_first_header_len'):
            return self._m_first_header_len

        self._m_first_header_len = (13 if self.binlog_version == 1 else 19)
        return getattr(self, '_m_first_header_len', None)

    @property
    def first_type_code(self):
        if hasattr(self, '_m_first_type_code'):
            return self._m_first_type_code

        _pos = self._io.pos()
        self._io.seek(8)
        self._m_first_type_code = self._io.read_u1()
        self._io.seek(_pos)
        return getattr(self, '_m_first_type_code', None)

    @property
    def header_len(self):
        if hasattr(self, '_m_header_len'):
            return self._m_header_len

        self._m_header_len = (self.fde.header_length if self.binlog_version == 4 else self.first_header_len)
        return getattr(self, '_m_header_len', None)

    @property
    def is_type_code_permuted(self):
        """The file's type codes are those of an early 5.1/5.2 build (see `event_header`)."""
        if hasattr(self, '_m_is_type_code_permuted'):
            return self._m_is_type_code_permuted

        self._m_is_type_code_permuted = (self.fde.has_permuted_type_codes if self.binlog_version == 4 else False)
        return getattr(self, '_m_is_type_code_permuted', None)

    @property
    def post_header_lengths(self):
        if hasattr(self, '_m_post_header_lengths'):
            return self._m_post_header_lengths

        self._m_post_header_lengths = (self.fde.post_header_lengths if self.binlog_version == 4 else (self.post_header_lengths_v1 if self.binlog_version == 1 else self.post_header_lengths_v3))
        return getattr(self, '_m_post_header_lengths', None)

    @property
    def post_header_lengths_v1(self):
        """Post-header lengths of binlog version 1 (MySQL 3.23), which has no
        FORMAT_DESCRIPTION_EVENT: as v3 but ROTATE_EVENT has no position.
        """
        if hasattr(self, '_m_post_header_lengths_v1'):
            return self._m_post_header_lengths_v1

        self._m_post_header_lengths_v1 = b"\x38\x0B\x00\x00\x00\x12\x00\x04\x04\x04\x04\x12\x00\x00"
        return getattr(self, '_m_post_header_lengths_v1', None)

    @property
    def post_header_lengths_v3(self):
        """Post-header lengths of binlog version 3 (MySQL 4.0.2-4.1): START_EVENT_V3 56,
        QUERY_EVENT 11 (no status variables), ROTATE_EVENT 8, LOAD 18, CREATE_FILE,
        APPEND_BLOCK, EXEC_LOAD and DELETE_FILE 4, NEW_LOAD 18, others 0.
        
        .. seealso::
           Source - https://github.com/mysql/mysql-server/blob/8.0/libbinlogevents/src/control_events.cpp
        """
        if hasattr(self, '_m_post_header_lengths_v3'):
            return self._m_post_header_lengths_v3

        self._m_post_header_lengths_v3 = b"\x38\x0B\x00\x08\x00\x12\x00\x04\x04\x04\x04\x12\x00\x00"
        return getattr(self, '_m_post_header_lengths_v3', None)


