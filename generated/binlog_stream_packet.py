# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# type: ignore

import kaitaistruct
from kaitaistruct import KaitaiStruct, KaitaiStream, BytesIO
from . import mysql_uint64
from . import mysql_packed_int
from . import mysql_binlog
from enum import IntEnum
from . import mysql_event_type


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class BinlogStreamPacket(KaitaiStruct):
    """The payload of one packet of the stream a source sends a replica after
    COM_BINLOG_DUMP or COM_BINLOG_DUMP_GTID (the 4-byte packet header, a 3-byte length and
    a sequence number, taken off, and a payload of 2^24-1 bytes joined with the packets
    that continue it): one binlog event, the end of the stream, or an error.
    
    An event packet is a 0x00 lead byte, the semi-sync header when semi-synchronous
    replication was negotiated, then the event's bytes exactly as the binlog file holds them
    (a `mysql_binlog::event`; its CRC32 footer included when the replica announced that it
    understands checksums, see `@master_binlog_checksum`) with these exceptions, which
    are not in any file:
    
    * the stream starts with an artificial ROTATE_EVENT (timestamp 0, log_pos 0,
      LOG_EVENT_ARTIFICIAL_F) naming the file the dump starts in, and the source sends one
      again before each later file;
    * a dump starting past offset 4 is sent the file's FORMAT_DESCRIPTION_EVENT again,
      with log_pos 0 (and MySQL's `created` 0); one starting at offset 4 gets the file's
      own, whose LOG_EVENT_BINLOG_IN_USE_F the source clears (the closed file has it
      cleared too);
    * an idle source sends HEARTBEAT_LOG_EVENT (MySQL 8.0.26+: HEARTBEAT_LOG_EVENT_V2,
      see `heartbeat_v2`) every `@master_heartbeat_period` nanoseconds;
    * MariaDB starting from a GTID position sends an artificial GTID_LIST_EVENT: flagged
      LOG_EVENT_ARTIFICIAL_F, with a real log_pos (the position the dump starts from, as
      captured from MariaDB 10.11 in tests/fixtures/streams), not 0.
    
    A non-blocking dump (flag BINLOG_DUMP_NON_BLOCK) ends with an EOF packet once the last
    binlog's last event was sent; a blocking one waits for more events. An error (purged
    file, missing privilege...) is an ERR packet, after which the source closes the
    connection.
    
    The commands a replica sends to start the stream are declared below
    (`com_register_slave`, `com_binlog_dump`, `com_binlog_dump_gtid`), as the source
    reads them.
    
    .. seealso::
       Source - https://dev.mysql.com/doc/dev/mysql-server/latest/page_protocol_replication.html
    
    
    .. seealso::
       Source - https://dev.mysql.com/doc/dev/mysql-server/latest/page_protocol_basic_err_packet.html
    
    
    .. seealso::
       Source - https://mariadb.com/kb/en/com_binlog_dump/
    
    
    .. seealso::
       Source - https://mariadb.com/kb/en/semi-synchronous-replication/
    """

    class DumpFlag(IntEnum):
        non_block = 1
        send_annotate_rows_event = 2
        through_gtid = 4

    class HeartbeatV2FieldType(IntEnum):
        header_end_mark = 0
        log_filename = 1
        log_position = 2

    class SemiSyncFlag(IntEnum):
        no_reply = 0
        reply_required = 1

    class Status(IntEnum):
        ok = 0
        eof = 254
        err = 255
    def __init__(self, semi_sync, _io, _parent=None, _root=None):
        super(BinlogStreamPacket, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self
        self.semi_sync = semi_sync
        self._read()

    def _read(self):
        self.status = KaitaiStream.resolve_enum(BinlogStreamPacket.Status, self._io.read_u1())
        _on = self.status
        if _on == 254:
            pass
            self._raw_body = self._io.read_bytes_full()
            _io__raw_body = KaitaiStream(BytesIO(self._raw_body))
            self.body = BinlogStreamPacket.EofPacket(_io__raw_body, self, self._root)
        elif _on == 255:
            pass
            self._raw_body = self._io.read_bytes_full()
            _io__raw_body = KaitaiStream(BytesIO(self._raw_body))
            self.body = BinlogStreamPacket.ErrPacket(_io__raw_body, self, self._root)
        elif _on == 0:
            pass
            self._raw_body = self._io.read_bytes_full()
            _io__raw_body = KaitaiStream(BytesIO(self._raw_body))
            self.body = BinlogStreamPacket.EventPacket(self.semi_sync, _io__raw_body, self, self._root)
        else:
            pass
            self.body = self._io.read_bytes_full()


    def _fetch_instances(self):
        pass
        _on = self.status
        if _on == 254:
            pass
            self.body._fetch_instances()
        elif _on == 255:
            pass
            self.body._fetch_instances()
        elif _on == 0:
            pass
            self.body._fetch_instances()
        else:
            pass

    class ComBinlogDump(KaitaiStruct):
        """COM_BINLOG_DUMP: stream the binlogs from a file and offset. MariaDB's GTID start
        is this command too, with the file name empty and `@slave_connect_state` set on the
        connection beforehand.
        
        .. seealso::
           Source - https://dev.mysql.com/doc/dev/mysql-server/latest/page_protocol_com_binlog_dump.html
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(BinlogStreamPacket.ComBinlogDump, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.command = self._io.read_bytes(1)
            if not self.command == b"\x12":
                raise kaitaistruct.ValidationNotEqualError(b"\x12", self.command, self._io, u"/types/com_binlog_dump/seq/0")
            self.binlog_pos = self._io.read_u4le()
            self.flags = self._io.read_u2le()
            self.server_id = self._io.read_u4le()
            self.binlog_filename = (self._io.read_bytes_full()).decode(u"UTF-8")


        def _fetch_instances(self):
            pass


    class ComBinlogDumpGtid(KaitaiStruct):
        """MySQL's COM_BINLOG_DUMP_GTID: stream every transaction not in the given GTID set,
        from the first binlog that holds one.
        
        .. seealso::
           Source - https://dev.mysql.com/doc/dev/mysql-server/latest/page_protocol_com_binlog_dump_gtid.html
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(BinlogStreamPacket.ComBinlogDumpGtid, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.command = self._io.read_bytes(1)
            if not self.command == b"\x1E":
                raise kaitaistruct.ValidationNotEqualError(b"\x1E", self.command, self._io, u"/types/com_binlog_dump_gtid/seq/0")
            self.flags = self._io.read_u2le()
            self.server_id = self._io.read_u4le()
            self.len_binlog_filename = self._io.read_u4le()
            self.binlog_filename = (self._io.read_bytes(self.len_binlog_filename)).decode(u"UTF-8")
            self.binlog_pos = mysql_uint64.MysqlUint64(self._io)
            if self.flags & 4 != 0:
                pass
                self.len_sid_set = self._io.read_u4le()

            if self.flags & 4 != 0:
                pass
                self._raw_sid_set = self._io.read_bytes(self.len_sid_set)
                _io__raw_sid_set = KaitaiStream(BytesIO(self._raw_sid_set))
                self.sid_set = BinlogStreamPacket.SidSet(_io__raw_sid_set, self, self._root)



        def _fetch_instances(self):
            pass
            self.binlog_pos._fetch_instances()
            if self.flags & 4 != 0:
                pass

            if self.flags & 4 != 0:
                pass
                self.sid_set._fetch_instances()



    class ComRegisterSlave(KaitaiStruct):
        """COM_REGISTER_SLAVE: the replica's identity, listed by the source's SHOW SLAVE HOSTS.
        The source answers OK or ERR.
        
        .. seealso::
           Source - https://dev.mysql.com/doc/dev/mysql-server/latest/page_protocol_com_register_replica.html
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(BinlogStreamPacket.ComRegisterSlave, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.command = self._io.read_bytes(1)
            if not self.command == b"\x15":
                raise kaitaistruct.ValidationNotEqualError(b"\x15", self.command, self._io, u"/types/com_register_slave/seq/0")
            self.server_id = self._io.read_u4le()
            self.len_hostname = self._io.read_u1()
            self.hostname = (self._io.read_bytes(self.len_hostname)).decode(u"UTF-8")
            self.len_user = self._io.read_u1()
            self.user = (self._io.read_bytes(self.len_user)).decode(u"UTF-8")
            self.len_password = self._io.read_u1()
            self.password = self._io.read_bytes(self.len_password)
            self.port = self._io.read_u2le()
            self.replication_rank = self._io.read_u4le()
            self.master_id = self._io.read_u4le()


        def _fetch_instances(self):
            pass


    class EofPacket(KaitaiStruct):
        """The end of a non-blocking dump: the source has sent the last event of its last
        binlog. Protocol 4.1's EOF packet (a replica that did not ask for
        CLIENT_DEPRECATE_EOF).
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(BinlogStreamPacket.EofPacket, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.warnings = self._io.read_u2le()
            self.status_flags = self._io.read_u2le()


        def _fetch_instances(self):
            pass


    class ErrPacket(KaitaiStruct):
        """An error; the source closes the connection after it.
        
        .. seealso::
           Source - https://dev.mysql.com/doc/dev/mysql-server/latest/page_protocol_basic_err_packet.html
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(BinlogStreamPacket.ErrPacket, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.error_code = self._io.read_u2le()
            self.sql_state_marker = self._io.read_bytes(1)
            if not self.sql_state_marker == b"\x23":
                raise kaitaistruct.ValidationNotEqualError(b"\x23", self.sql_state_marker, self._io, u"/types/err_packet/seq/1")
            self.sql_state = (self._io.read_bytes(5)).decode(u"ASCII")
            self.message = (self._io.read_bytes_full()).decode(u"UTF-8")


        def _fetch_instances(self):
            pass


    class EventPacket(KaitaiStruct):
        """One binlog event, after the semi-sync header when there is one."""
        def __init__(self, semi_sync, _io, _parent=None, _root=None):
            super(BinlogStreamPacket.EventPacket, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.semi_sync = semi_sync
            self._read()

        def _read(self):
            if self.semi_sync:
                pass
                self.semi_sync_indicator = self._io.read_u1()
                if not self.semi_sync_indicator == 239:
                    raise kaitaistruct.ValidationNotEqualError(239, self.semi_sync_indicator, self._io, u"/types/event_packet/seq/0")

            if self.semi_sync:
                pass
                self.semi_sync_flags = KaitaiStream.resolve_enum(BinlogStreamPacket.SemiSyncFlag, self._io.read_u1())

            self.event = self._io.read_bytes_full()


        def _fetch_instances(self):
            pass
            if self.semi_sync:
                pass

            if self.semi_sync:
                pass

            _ = self.header
            if hasattr(self, '_m_header'):
                pass
                self._m_header._fetch_instances()


        @property
        def header(self):
            """The event's common header. Every source that streams binlogs writes v4 binlogs,
            whose common header is 19 bytes.
            """
            if hasattr(self, '_m_header'):
                return self._m_header

            _pos = self._io.pos()
            self._io.seek(self.ofs_event)
            self._m_header = mysql_binlog.MysqlBinlog.EventHeader(19, False, self._io)
            self._io.seek(_pos)
            return getattr(self, '_m_header', None)

        @property
        def is_artificial(self):
            """Not in the binlog file: the ROTATE_EVENT before each file (LOG_EVENT_ARTIFICIAL_F,
            log_pos 0), the FORMAT_DESCRIPTION_EVENT sent again to a dump that starts past
            offset 4, MariaDB's GTID_LIST_EVENT at a GTID start (flagged, log_pos real), and heartbeats
            (whose log_pos is the source's position).
            """
            if hasattr(self, '_m_is_artificial'):
                return self._m_is_artificial

            self._m_is_artificial =  ((self.header.log_pos == 0) or (self.header.is_artificial) or (self.header.type_code == 27) or (self.header.type_code == 41)) 
            return getattr(self, '_m_is_artificial', None)

        @property
        def ofs_event(self):
            if hasattr(self, '_m_ofs_event'):
                return self._m_ofs_event

            self._m_ofs_event = (2 if self.semi_sync else 0)
            return getattr(self, '_m_ofs_event', None)


    class GnoInterval(KaitaiStruct):
        def __init__(self, _io, _parent=None, _root=None):
            super(BinlogStreamPacket.GnoInterval, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.start = mysql_uint64.MysqlUint64(self._io)
            self.end = mysql_uint64.MysqlUint64(self._io)


        def _fetch_instances(self):
            pass
            self.start._fetch_instances()
            self.end._fetch_instances()


    class HeartbeatV2(KaitaiStruct):
        """Body of HEARTBEAT_LOG_EVENT_V2 (MySQL 8.0.26+; the v1 body is
        `mysql_binlog::heartbeat_event`): fields as type, length, value, up to an end
        mark. Like v1, never written to a file.
        
        .. seealso::
           Source - https://dev.mysql.com/doc/dev/mysql-server/latest/classbinary__log_1_1Heartbeat__event__v2.html
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(BinlogStreamPacket.HeartbeatV2, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.fields = []
            i = 0
            while True:
                _ = BinlogStreamPacket.HeartbeatV2Field(self._io, self, self._root)
                self.fields.append(_)
                if  ((_.field_type == 0) or (self._io.is_eof())) :
                    break
                i += 1


        def _fetch_instances(self):
            pass
            for i in range(len(self.fields)):
                pass
                self.fields[i]._fetch_instances()



    class HeartbeatV2Field(KaitaiStruct):
        def __init__(self, _io, _parent=None, _root=None):
            super(BinlogStreamPacket.HeartbeatV2Field, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.field_type = KaitaiStream.resolve_enum(BinlogStreamPacket.HeartbeatV2FieldType, self._io.read_u1())
            if self.field_type != 0:
                pass
                self.len_value = mysql_packed_int.MysqlPackedInt(self._io)

            if self.field_type != 0:
                pass
                self.value = self._io.read_bytes(self.len_value.value)



        def _fetch_instances(self):
            pass
            if self.field_type != 0:
                pass
                self.len_value._fetch_instances()

            if self.field_type != 0:
                pass



    class SidIntervals(KaitaiStruct):
        def __init__(self, _io, _parent=None, _root=None):
            super(BinlogStreamPacket.SidIntervals, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.sid = self._io.read_bytes(16)
            self.num_intervals = mysql_uint64.MysqlUint64(self._io)
            self.intervals = []
            for i in range(self.num_intervals.value):
                self.intervals.append(BinlogStreamPacket.GnoInterval(self._io, self, self._root))



        def _fetch_instances(self):
            pass
            self.num_intervals._fetch_instances()
            for i in range(len(self.intervals)):
                pass
                self.intervals[i]._fetch_instances()



    class SidSet(KaitaiStruct):
        """A GTID set as MySQL encodes it (Gtid_set::encode); tagged GTIDs are not sent so."""
        def __init__(self, _io, _parent=None, _root=None):
            super(BinlogStreamPacket.SidSet, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.num_sids = mysql_uint64.MysqlUint64(self._io)
            self.sids = []
            for i in range(self.num_sids.value):
                self.sids.append(BinlogStreamPacket.SidIntervals(self._io, self, self._root))



        def _fetch_instances(self):
            pass
            self.num_sids._fetch_instances()
            for i in range(len(self.sids)):
                pass
                self.sids[i]._fetch_instances()




