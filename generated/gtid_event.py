# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# type: ignore

import kaitaistruct
from kaitaistruct import KaitaiStruct, KaitaiStream, BytesIO
from . import mysql_uint64
from . import mysql_packed_int
from enum import IntEnum


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class GtidEvent(KaitaiStruct):
    """Body of GTID_LOG_EVENT (type 33) and ANONYMOUS_GTID_LOG_EVENT (type 34), the first event
    of every transaction when the server writes GTIDs (33) or not (34, with an all-zero sid
    and gno 0). The body has grown over the versions and a reader must accept every length:
    
    * 5.6: flags, sid, gno (25 bytes);
    * 5.7.5+: + logical clock type code 2, last_committed, sequence_number (42 bytes);
    * 8.0.1+: + immediate commit timestamp and, when it differs, the original one;
    * 8.0.2+: + transaction_length (a packed integer);
    * 8.0.14+: + immediate server version and, when it differs, the original one;
    * 8.0.27+: + commit_group_ticket (only written when set).
    
    Each optional part is present only when the body still has the bytes for it, which is
    exactly how MySQL's reader decides (Gtid_event::Gtid_event(const char *buf, ...)):
    1 byte left for the type code; the logical clock only if the type code is 2 (older
    5.7.4-and-before layouts are ignored, as MySQL does, and end up in `rest`); 7 bytes
    for the immediate commit timestamp; then 1 byte for transaction_length; then 4 bytes for
    the immediate server version; then 8 bytes for the commit group ticket.
    
    The sid is exposed as its 16 raw bytes; formatting it as a UUID is left to the reader.
    
    .. seealso::
       Source - https://github.com/mysql/mysql-server/blob/trunk/libs/mysql/binlog/event/control_events.cpp
    
    
    .. seealso::
       Source - https://github.com/mysql/mysql-server/blob/trunk/libs/mysql/binlog/event/control_events.h
    
    
    .. seealso::
       Source - https://dev.mysql.com/doc/dev/mysql-server/latest/classmysql_1_1binlog_1_1event_1_1Gtid__event.html
    """

    class GtidFlag(IntEnum):
        may_have_sbr = 1
    def __init__(self, _io, _parent=None, _root=None):
        super(GtidEvent, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self
        self._read()

    def _read(self):
        self.gtid_flags = self._io.read_u1()
        self.sid = self._io.read_bytes(16)
        self.gno = mysql_uint64.MysqlUint64(self._io)
        if self._io.size() > 25:
            pass
            self.lc_typecode = self._io.read_u1()

        if self.has_logical_clock:
            pass
            self.last_committed = mysql_uint64.MysqlUint64(self._io)

        if self.has_logical_clock:
            pass
            self.sequence_number = mysql_uint64.MysqlUint64(self._io)

        if self.has_commit_timestamps:
            pass
            self.immediate_commit_timestamp = GtidEvent.Uint56(self._io, self, self._root)

        if self.has_original_commit_timestamp:
            pass
            self.original_commit_timestamp = GtidEvent.Uint56(self._io, self, self._root)

        if self.has_transaction_length:
            pass
            self.transaction_length = mysql_packed_int.MysqlPackedInt(self._io)

        if self.has_server_versions:
            pass
            self.immediate_server_version_raw = self._io.read_u4le()

        if self.has_original_server_version:
            pass
            self.original_server_version_raw = self._io.read_u4le()

        if self.has_commit_group_ticket:
            pass
            self.commit_group_ticket = mysql_uint64.MysqlUint64(self._io)

        self.rest = self._io.read_bytes_full()


    def _fetch_instances(self):
        pass
        self.gno._fetch_instances()
        if self._io.size() > 25:
            pass

        if self.has_logical_clock:
            pass
            self.last_committed._fetch_instances()

        if self.has_logical_clock:
            pass
            self.sequence_number._fetch_instances()

        if self.has_commit_timestamps:
            pass
            self.immediate_commit_timestamp._fetch_instances()

        if self.has_original_commit_timestamp:
            pass
            self.original_commit_timestamp._fetch_instances()

        if self.has_transaction_length:
            pass
            self.transaction_length._fetch_instances()

        if self.has_server_versions:
            pass

        if self.has_original_server_version:
            pass

        if self.has_commit_group_ticket:
            pass
            self.commit_group_ticket._fetch_instances()


    class Uint56(KaitaiStruct):
        """A 7-byte little-endian unsigned integer read in three pieces, so that values below
        2^53 stay exact in every target language.
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(GtidEvent.Uint56, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.lo = self._io.read_u4le()
            self.mid = self._io.read_u2le()
            self.hi = self._io.read_u1()


        def _fetch_instances(self):
            pass

        @property
        def low55(self):
            """The low 55 bits."""
            if hasattr(self, '_m_low55'):
                return self._m_low55

            self._m_low55 = (self.lo + self.mid * 4294967296) + (self.hi & 127) * 281474976710656
            return getattr(self, '_m_low55', None)

        @property
        def top_bit(self):
            """Bit 55, used as a "second value follows" flag by the commit timestamps."""
            if hasattr(self, '_m_top_bit'):
                return self._m_top_bit

            self._m_top_bit = self.hi & 128 != 0
            return getattr(self, '_m_top_bit', None)

        @property
        def value(self):
            """All 56 bits."""
            if hasattr(self, '_m_value'):
                return self._m_value

            self._m_value = (self.lo + self.mid * 4294967296) + self.hi * 281474976710656
            return getattr(self, '_m_value', None)


    @property
    def commit_timestamps_end(self):
        """Body offset just after the commit timestamps."""
        if hasattr(self, '_m_commit_timestamps_end'):
            return self._m_commit_timestamps_end

        self._m_commit_timestamps_end = (56 if self.has_original_commit_timestamp else 49)
        return getattr(self, '_m_commit_timestamps_end', None)

    @property
    def has_commit_group_ticket(self):
        """commit_group_ticket is present (8.0.27 and later, when set)."""
        if hasattr(self, '_m_has_commit_group_ticket'):
            return self._m_has_commit_group_ticket

        self._m_has_commit_group_ticket =  ((self.has_server_versions) and (self._io.size() >= self.server_versions_end + 8)) 
        return getattr(self, '_m_has_commit_group_ticket', None)

    @property
    def has_commit_timestamps(self):
        """The commit timestamps are present (8.0.1 and later)."""
        if hasattr(self, '_m_has_commit_timestamps'):
            return self._m_has_commit_timestamps

        self._m_has_commit_timestamps =  ((self.has_logical_clock) and (self._io.size() >= 49)) 
        return getattr(self, '_m_has_commit_timestamps', None)

    @property
    def has_logical_clock(self):
        """last_committed and sequence_number are present (5.7.5 and later)."""
        if hasattr(self, '_m_has_logical_clock'):
            return self._m_has_logical_clock

        self._m_has_logical_clock =  ((self._io.size() >= 42) and (self.lc_typecode == 2)) 
        return getattr(self, '_m_has_logical_clock', None)

    @property
    def has_original_commit_timestamp(self):
        """An original commit timestamp is written, i.e. the transaction was replicated and
        its original commit time differs from the immediate one.
        """
        if hasattr(self, '_m_has_original_commit_timestamp'):
            return self._m_has_original_commit_timestamp

        self._m_has_original_commit_timestamp =  ((self.has_commit_timestamps) and (self.immediate_commit_timestamp.top_bit) and (self._io.size() >= 56)) 
        return getattr(self, '_m_has_original_commit_timestamp', None)

    @property
    def has_original_server_version(self):
        """An original server version different from the immediate one is written."""
        if hasattr(self, '_m_has_original_server_version'):
            return self._m_has_original_server_version

        self._m_has_original_server_version =  ((self.has_server_versions) and (self.immediate_server_version_raw & 2147483648 != 0) and (self._io.size() >= self.server_versions_start + 8)) 
        return getattr(self, '_m_has_original_server_version', None)

    @property
    def has_server_versions(self):
        """The immediate server version is present (8.0.14 and later)."""
        if hasattr(self, '_m_has_server_versions'):
            return self._m_has_server_versions

        self._m_has_server_versions =  ((self.has_transaction_length) and (self._io.size() >= self.server_versions_start + 4)) 
        return getattr(self, '_m_has_server_versions', None)

    @property
    def has_transaction_length(self):
        """transaction_length is present (8.0.2 and later)."""
        if hasattr(self, '_m_has_transaction_length'):
            return self._m_has_transaction_length

        self._m_has_transaction_length =  ((self.has_commit_timestamps) and (self._io.size() > self.commit_timestamps_end)) 
        return getattr(self, '_m_has_transaction_length', None)

    @property
    def immediate_commit_ts(self):
        """Immediate commit timestamp in microseconds since the epoch (0 when absent)."""
        if hasattr(self, '_m_immediate_commit_ts'):
            return self._m_immediate_commit_ts

        self._m_immediate_commit_ts = (self.immediate_commit_timestamp.low55 if self.has_commit_timestamps else 0)
        return getattr(self, '_m_immediate_commit_ts', None)

    @property
    def immediate_server_version(self):
        """Immediate server version; as in MySQL 999999 (UNDEFINED_SERVER_VERSION) when the
        event has commit timestamps but no version, 0 when it has neither.
        """
        if hasattr(self, '_m_immediate_server_version'):
            return self._m_immediate_server_version

        self._m_immediate_server_version = (self.immediate_server_version_raw & 2147483647 if self.has_server_versions else (999999 if self.has_commit_timestamps else 0))
        return getattr(self, '_m_immediate_server_version', None)

    @property
    def may_have_sbr(self):
        """The transaction may contain statement-based events."""
        if hasattr(self, '_m_may_have_sbr'):
            return self._m_may_have_sbr

        self._m_may_have_sbr = self.gtid_flags & 1 != 0
        return getattr(self, '_m_may_have_sbr', None)

    @property
    def original_commit_ts(self):
        """Original commit timestamp in microseconds; equal to the immediate one when not written."""
        if hasattr(self, '_m_original_commit_ts'):
            return self._m_original_commit_ts

        self._m_original_commit_ts = (self.original_commit_timestamp.value if self.has_original_commit_timestamp else self.immediate_commit_ts)
        return getattr(self, '_m_original_commit_ts', None)

    @property
    def original_server_version(self):
        """Original server version; equal to the immediate one when not written."""
        if hasattr(self, '_m_original_server_version'):
            return self._m_original_server_version

        self._m_original_server_version = (self.original_server_version_raw if self.has_original_server_version else self.immediate_server_version)
        return getattr(self, '_m_original_server_version', None)

    @property
    def server_versions_end(self):
        """Body offset just after the server versions."""
        if hasattr(self, '_m_server_versions_end'):
            return self._m_server_versions_end

        self._m_server_versions_end = self.server_versions_start + (8 if self.has_original_server_version else 4)
        return getattr(self, '_m_server_versions_end', None)

    @property
    def server_versions_start(self):
        """Body offset where the server versions start."""
        if hasattr(self, '_m_server_versions_start'):
            return self._m_server_versions_start

        self._m_server_versions_start = self.commit_timestamps_end + (self.transaction_length_size if self.has_transaction_length else 0)
        return getattr(self, '_m_server_versions_start', None)

    @property
    def transaction_length_size(self):
        """Encoded size of transaction_length in bytes (as mysql_packed_int reads it)."""
        if hasattr(self, '_m_transaction_length_size'):
            return self._m_transaction_length_size

        if self.has_transaction_length:
            pass
            self._m_transaction_length_size = (3 if self.transaction_length.first == 252 else (4 if self.transaction_length.first == 253 else (9 if self.transaction_length.first == 254 else 1)))

        return getattr(self, '_m_transaction_length_size', None)


