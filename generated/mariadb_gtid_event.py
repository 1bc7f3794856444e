# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# type: ignore

import kaitaistruct
from kaitaistruct import KaitaiStruct, KaitaiStream, BytesIO
from . import mysql_uint64
from enum import IntEnum


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class MariadbGtidEvent(KaitaiStruct):
    """Body of MariaDB's GTID_EVENT (type 162), the first event of every event group (10.0+):
    it replaces the BEGIN query of a transaction, or marks a standalone statement such as a
    DDL. The GTID is domain_id-server_id-seq_no, server_id being the one in the event
    header. The post-header is 19 bytes (GTID_HEADER_LEN); what follows depends on flags,
    read in this order as Gtid_log_event::Gtid_log_event(const uchar *buf, ...) does:
    
    * commit_id (8 bytes) when FL_GROUP_COMMIT_ID is set; otherwise the post-header ends
      with zero padding up to 19 bytes;
    * the XID (format id, gtrid and bqual lengths, then the data) when FL_PREPARED_XA or
      FL_COMPLETED_XA is set (10.5+);
    * when bytes remain, the flags_extra byte (MDEV-21117, 2021; a zero padding byte reads
      as an empty flags_extra, exactly as in MariaDB), then extra_engines (1 byte) when
      FL_EXTRA_MULTI_ENGINE_E1 is set, sa_seq_no (8 bytes, the GTID seq_no of the START
      ALTER) when FL_COMMIT_ALTER_E1 or FL_ROLLBACK_ALTER_E1 is set (10.8+,
      binlog_alter_two_phase), and thread_id (4 bytes) when FL_EXTRA_THREAD_ID is set
      (11.5+, MDEV-7850).
    
    Any bytes left over (zero padding) are in `padding`.
    
    .. seealso::
       Source - https://github.com/MariaDB/server/blob/main/sql/log_event.cc
    
    
    .. seealso::
       Source - https://github.com/MariaDB/server/blob/main/sql/log_event.h
    
    
    .. seealso::
       Source - https://mariadb.com/kb/en/gtid_event/
    """

    class Flag2(IntEnum):
        standalone = 1
        group_commit_id = 2
        transactional = 4
        allow_parallel = 8
        waited = 16
        ddl = 32
        prepared_xa = 64
        completed_xa = 128

    class FlagExtra(IntEnum):
        extra_multi_engine = 1
        start_alter = 2
        commit_alter = 4
        rollback_alter = 8
        extra_thread_id = 16
    def __init__(self, _io, _parent=None, _root=None):
        super(MariadbGtidEvent, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self
        self._read()

    def _read(self):
        self.seq_no = mysql_uint64.MysqlUint64(self._io)
        self.domain_id = self._io.read_u4le()
        self.flags2 = self._io.read_u1()
        if self.is_group_commit_id:
            pass
            self.commit_id = mysql_uint64.MysqlUint64(self._io)

        if  ((self.is_prepared_xa) or (self.is_completed_xa)) :
            pass
            self.xid = MariadbGtidEvent.Xid(self._io, self, self._root)

        if self._io.size() > self.flags_extra_pos:
            pass
            self.flags_extra = self._io.read_u1()

        if self.is_extra_multi_engine:
            pass
            self.extra_engines = self._io.read_u1()

        if  ((self.is_commit_alter) or (self.is_rollback_alter)) :
            pass
            self.sa_seq_no = mysql_uint64.MysqlUint64(self._io)

        if self.has_thread_id:
            pass
            self.thread_id = self._io.read_u4le()

        self.padding = self._io.read_bytes_full()


    def _fetch_instances(self):
        pass
        self.seq_no._fetch_instances()
        if self.is_group_commit_id:
            pass
            self.commit_id._fetch_instances()

        if  ((self.is_prepared_xa) or (self.is_completed_xa)) :
            pass
            self.xid._fetch_instances()

        if self._io.size() > self.flags_extra_pos:
            pass

        if self.is_extra_multi_engine:
            pass

        if  ((self.is_commit_alter) or (self.is_rollback_alter)) :
            pass
            self.sa_seq_no._fetch_instances()

        if self.has_thread_id:
            pass


    class Xid(KaitaiStruct):
        """An XA transaction id (XID), as written in the GTID event."""
        def __init__(self, _io, _parent=None, _root=None):
            super(MariadbGtidEvent.Xid, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.format_id = self._io.read_u4le()
            self.len_gtrid = self._io.read_u1()
            self.len_bqual = self._io.read_u1()
            self.gtrid = self._io.read_bytes(self.len_gtrid)
            self.bqual = self._io.read_bytes(self.len_bqual)


        def _fetch_instances(self):
            pass


    @property
    def flags_extra_pos(self):
        """Body offset where flags_extra would be."""
        if hasattr(self, '_m_flags_extra_pos'):
            return self._m_flags_extra_pos

        self._m_flags_extra_pos = (13 + (8 if self.is_group_commit_id else 0)) + ((6 + self.xid.len_gtrid) + self.xid.len_bqual if  ((self.is_prepared_xa) or (self.is_completed_xa))  else 0)
        return getattr(self, '_m_flags_extra_pos', None)

    @property
    def flags_extra_value(self):
        """flags_extra, or 0 when the byte is absent."""
        if hasattr(self, '_m_flags_extra_value'):
            return self._m_flags_extra_value

        self._m_flags_extra_value = (self.flags_extra if self._io.size() > self.flags_extra_pos else 0)
        return getattr(self, '_m_flags_extra_value', None)

    @property
    def has_thread_id(self):
        """thread_id is present (11.5+)."""
        if hasattr(self, '_m_has_thread_id'):
            return self._m_has_thread_id

        self._m_has_thread_id = self.flags_extra_value & 16 != 0
        return getattr(self, '_m_has_thread_id', None)

    @property
    def is_allow_parallel(self):
        """Parallel replication may run it (skip_parallel_replication was off)."""
        if hasattr(self, '_m_is_allow_parallel'):
            return self._m_is_allow_parallel

        self._m_is_allow_parallel = self.flags2 & 8 != 0
        return getattr(self, '_m_is_allow_parallel', None)

    @property
    def is_commit_alter(self):
        """COMMIT ALTER of a two-phase logged ALTER TABLE; sa_seq_no is present."""
        if hasattr(self, '_m_is_commit_alter'):
            return self._m_is_commit_alter

        self._m_is_commit_alter = self.flags_extra_value & 4 != 0
        return getattr(self, '_m_is_commit_alter', None)

    @property
    def is_completed_xa(self):
        """The XA COMMIT or XA ROLLBACK of a prepared XA transaction; xid is present."""
        if hasattr(self, '_m_is_completed_xa'):
            return self._m_is_completed_xa

        self._m_is_completed_xa = self.flags2 & 128 != 0
        return getattr(self, '_m_is_completed_xa', None)

    @property
    def is_ddl(self):
        """The event group contains DDL."""
        if hasattr(self, '_m_is_ddl'):
            return self._m_is_ddl

        self._m_is_ddl = self.flags2 & 32 != 0
        return getattr(self, '_m_is_ddl', None)

    @property
    def is_extra_multi_engine(self):
        """The transaction used more than one storage engine; extra_engines is present."""
        if hasattr(self, '_m_is_extra_multi_engine'):
            return self._m_is_extra_multi_engine

        self._m_is_extra_multi_engine = self.flags_extra_value & 1 != 0
        return getattr(self, '_m_is_extra_multi_engine', None)

    @property
    def is_group_commit_id(self):
        """The event group was part of a group commit; commit_id is present."""
        if hasattr(self, '_m_is_group_commit_id'):
            return self._m_is_group_commit_id

        self._m_is_group_commit_id = self.flags2 & 2 != 0
        return getattr(self, '_m_is_group_commit_id', None)

    @property
    def is_prepared_xa(self):
        """An XA transaction's XA PREPARE group; xid is present."""
        if hasattr(self, '_m_is_prepared_xa'):
            return self._m_is_prepared_xa

        self._m_is_prepared_xa = self.flags2 & 64 != 0
        return getattr(self, '_m_is_prepared_xa', None)

    @property
    def is_rollback_alter(self):
        """ROLLBACK ALTER of a two-phase logged ALTER TABLE; sa_seq_no is present."""
        if hasattr(self, '_m_is_rollback_alter'):
            return self._m_is_rollback_alter

        self._m_is_rollback_alter = self.flags_extra_value & 8 != 0
        return getattr(self, '_m_is_rollback_alter', None)

    @property
    def is_standalone(self):
        """No terminating COMMIT/XID event follows (DDL and other non-transactional statements)."""
        if hasattr(self, '_m_is_standalone'):
            return self._m_is_standalone

        self._m_is_standalone = self.flags2 & 1 != 0
        return getattr(self, '_m_is_standalone', None)

    @property
    def is_start_alter(self):
        """First phase (START ALTER) of a two-phase logged ALTER TABLE."""
        if hasattr(self, '_m_is_start_alter'):
            return self._m_is_start_alter

        self._m_is_start_alter = self.flags_extra_value & 2 != 0
        return getattr(self, '_m_is_start_alter', None)

    @property
    def is_transactional(self):
        """The event group can be rolled back safely (transactional engines only)."""
        if hasattr(self, '_m_is_transactional'):
            return self._m_is_transactional

        self._m_is_transactional = self.flags2 & 4 != 0
        return getattr(self, '_m_is_transactional', None)

    @property
    def is_waited(self):
        """A row lock wait or similar was seen while it ran on the primary."""
        if hasattr(self, '_m_is_waited'):
            return self._m_is_waited

        self._m_is_waited = self.flags2 & 16 != 0
        return getattr(self, '_m_is_waited', None)


