# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# type: ignore

import kaitaistruct
from kaitaistruct import KaitaiStruct, KaitaiStream, BytesIO
from . import mysql_uint64
from . import mariadb_compressed
from enum import IntEnum


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class QueryEvent(KaitaiStruct):
    """Body of a QUERY_EVENT (type code 2): one SQL statement logged in statement
    format (DDL, statement-based DML, and the BEGIN / COMMIT markers of some
    transactions), together with the session state the replica needs to replay
    it (sql_mode, character sets, time zone, auto-increment settings...).
    
    Layout: a fixed post-header (thread id, execution time, length of the
    default schema name, error code and, from binlog v4 on, the length of the
    status-variable block), then the status variables, then the default schema
    name followed by a 0 byte, then the statement text up to the end of the
    body.
    
    The length of the post-header is not fixed: it is the QUERY_EVENT entry of
    the FORMAT_DESCRIPTION_EVENT's post-header length array (13 in binlog v4;
    11 for binlog v1/v3 written by MySQL 3.23 / 4.x, which have no status
    variables at all), and must be passed in as `post_header_len`.
    
    MariaDB's QUERY_COMPRESSED_EVENT (type 165) uses the same post-header,
    status variables and schema; only the statement is compressed (a MariaDB
    binlog-compression header followed by the zlib stream, `compressed_query`)
    instead of plain (`query`), so this type parses it too, with
    `is_compressed` true and the QUERY_COMPRESSED_EVENT entry of the
    post-header length array; `query_text` is the statement either way. The
    EXECUTE_LOAD_QUERY_EVENT (type 18) is a QUERY_EVENT with 13 more
    post-header bytes, read when `is_execute_load_query` is true.
    
    The statement text is kept as raw bytes: its character set is the one
    given by the Q_CHARSET_CODE status variable (character_set_client), which
    is not necessarily UTF-8.
    
    .. seealso::
       Source - https://dev.mysql.com/doc/dev/mysql-server/latest/classmysql_1_1binlog_1_1event_1_1Query__event.html
    
    
    .. seealso::
       Source - https://github.com/mysql/mysql-server/blob/trunk/libs/mysql/binlog/event/statement_events.cpp
    
    
    .. seealso::
       Source - https://mariadb.com/kb/en/query_event/
    
    
    .. seealso::
       Source - https://github.com/MariaDB/server/blob/main/sql/log_event.cc
    
    
    .. seealso::
       Source - https://github.com/MariaDB/server/blob/main/sql/log_event_server.cc
    """

    class Flags2Bit(IntEnum):
        auto_is_null = 16384
        no_check_constraint_checks = 32768
        not_autocommit = 524288
        explicit_defaults_for_timestamp = 16777216
        no_foreign_key_checks = 67108864
        relaxed_unique_checks = 134217728
        if_exists = 268435456
        insert_history = 1073741824

    class GtidFlags3Bit(IntEnum):
        multi_engine = 1
        start_alter = 2
        commit_alter = 4
        rollback_alter = 8

    class LoadDupHandling(IntEnum):
        error = 0
        ignore = 1
        replace = 2

    class SqlModeBit(IntEnum):
        real_as_float = 1
        pipes_as_concat = 2
        ansi_quotes = 4
        ignore_space = 8
        not_used = 16
        only_full_group_by = 32
        no_unsigned_subtraction = 64
        no_dir_in_create = 128
        postgresql = 256
        oracle = 512
        mssql = 1024
        db2 = 2048
        maxdb = 4096
        no_key_options = 8192
        no_table_options = 16384
        no_field_options = 32768
        mysql323 = 65536
        mysql40 = 131072
        ansi = 262144
        no_auto_value_on_zero = 524288
        no_backslash_escapes = 1048576
        strict_trans_tables = 2097152
        strict_all_tables = 4194304
        no_zero_in_date = 8388608
        no_zero_date = 16777216
        invalid_dates = 33554432
        error_for_division_by_zero = 67108864
        traditional = 134217728
        no_auto_create_user = 268435456
        high_not_precedence = 536870912
        no_engine_substitution = 1073741824
        pad_char_to_full_length = 2147483648

    class StatusVarCode(IntEnum):
        flags2 = 0
        sql_mode = 1
        catalog = 2
        auto_increment = 3
        charset = 4
        time_zone = 5
        catalog_nz = 6
        lc_time_names = 7
        charset_database = 8
        table_map_for_update = 9
        master_data_written = 10
        invoker = 11
        updated_db_names = 12
        microseconds = 13
        commit_ts = 14
        commit_ts2 = 15
        explicit_defaults_for_timestamp = 16
        ddl_logged_with_xid = 17
        default_collation_for_utf8mb4 = 18
        sql_require_primary_key = 19
        default_table_encryption = 20
        enable_cascade_triggers = 21
        hrnow = 128
        xid = 129
        gtid_flags3 = 130
        character_set_collations = 131
    def __init__(self, post_header_len, is_execute_load_query, is_compressed, _io, _parent=None, _root=None):
        super(QueryEvent, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self
        self.post_header_len = post_header_len
        self.is_execute_load_query = is_execute_load_query
        self.is_compressed = is_compressed
        self._read()

    def _read(self):
        self.thread_id = self._io.read_u4le()
        self.exec_time = self._io.read_u4le()
        self.len_schema = self._io.read_u1()
        self.error_code = self._io.read_u2le()
        if self.has_status_vars:
            pass
            self.len_status_vars = self._io.read_u2le()

        if self.has_execute_load_query_header:
            pass
            self.execute_load_query = QueryEvent.ExecuteLoadQueryHeader(self._io, self, self._root)

        if self.post_header_len > self.known_post_header_len:
            pass
            self.post_header_extra = self._io.read_bytes(self.post_header_len - self.known_post_header_len)

        if self.has_status_vars:
            pass
            self._raw_status_vars = self._io.read_bytes(self.len_status_vars)
            _io__raw_status_vars = KaitaiStream(BytesIO(self._raw_status_vars))
            self.status_vars = QueryEvent.StatusVars(_io__raw_status_vars, self, self._root)

        self.schema = (self._io.read_bytes(self.len_schema)).decode(u"UTF-8")
        self.schema_terminator = self._io.read_u1()
        if (not (self.is_compressed)):
            pass
            self.query = self._io.read_bytes_full()

        if self.is_compressed:
            pass
            self._raw_compressed_query = self._io.read_bytes_full()
            _io__raw_compressed_query = KaitaiStream(BytesIO(self._raw_compressed_query))
            self.compressed_query = mariadb_compressed.MariadbCompressed(_io__raw_compressed_query)



    def _fetch_instances(self):
        pass
        if self.has_status_vars:
            pass

        if self.has_execute_load_query_header:
            pass
            self.execute_load_query._fetch_instances()

        if self.post_header_len > self.known_post_header_len:
            pass

        if self.has_status_vars:
            pass
            self.status_vars._fetch_instances()

        if (not (self.is_compressed)):
            pass

        if self.is_compressed:
            pass
            self.compressed_query._fetch_instances()


    class AutoIncrementVar(KaitaiStruct):
        """Q_AUTO_INCREMENT value; written only when either setting differs from 1."""
        def __init__(self, _io, _parent=None, _root=None):
            super(QueryEvent.AutoIncrementVar, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.increment = self._io.read_u2le()
            self.offset = self._io.read_u2le()


        def _fetch_instances(self):
            pass


    class Bitmap64(KaitaiStruct):
        """Q_TABLE_MAP_FOR_UPDATE_CODE value: a 64-bit little-endian bitmap of the
        tables a multi-table UPDATE modifies (bit n = n-th table of the
        statement). Kept as 8 raw bytes since all 64 bits may be set.
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(QueryEvent.Bitmap64, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.bitmap = self._io.read_bytes(8)


        def _fetch_instances(self):
            pass


    class CatalogWithNul(KaitaiStruct):
        """Q_CATALOG_CODE value (MySQL 5.0.0 to 5.0.3 only): length byte, catalog
        name and a trailing 0 byte.
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(QueryEvent.CatalogWithNul, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.len_name = self._io.read_u1()
            self.name = (self._io.read_bytes(self.len_name)).decode(u"UTF-8")
            self.terminator = self._io.read_u1()


        def _fetch_instances(self):
            pass


    class CharacterSetCollationsVar(KaitaiStruct):
        """Q_CHARACTER_SET_COLLATIONS value (MariaDB 11.2 and later): the
        session's character_set_collations map, i.e. which collation each listed
        character set uses by default.
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(QueryEvent.CharacterSetCollationsVar, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.num_mappings = self._io.read_u1()
            self.mappings = []
            for i in range(self.num_mappings):
                self.mappings.append(QueryEvent.CharsetCollation(self._io, self, self._root))



        def _fetch_instances(self):
            pass
            for i in range(len(self.mappings)):
                pass
                self.mappings[i]._fetch_instances()



    class CharsetCollation(KaitaiStruct):
        """One entry of the character_set_collations map."""
        def __init__(self, _io, _parent=None, _root=None):
            super(QueryEvent.CharsetCollation, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.charset_id = self._io.read_u2le()
            self.collation_id = self._io.read_u2le()


        def _fetch_instances(self):
            pass


    class CharsetVar(KaitaiStruct):
        """Q_CHARSET_CODE value: three collation ids (a collation id also names
        its character set, see INFORMATION_SCHEMA.COLLATIONS).
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(QueryEvent.CharsetVar, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.character_set_client = self._io.read_u2le()
            self.collation_connection = self._io.read_u2le()
            self.collation_server = self._io.read_u2le()


        def _fetch_instances(self):
            pass


    class ExecuteLoadQueryHeader(KaitaiStruct):
        """Post-header fields an EXECUTE_LOAD_QUERY_EVENT adds after those of
        QUERY_EVENT. The data file's content was logged before, in
        BEGIN_LOAD_QUERY / APPEND_BLOCK events with the same file id; the
        bytes of `query` between `start_pos` and `end_pos` are the clause that
        names the file (` INFILE 'name' INTO`, right after `LOAD DATA`), which a
        replica or mysqlbinlog rewrites to point at its local copy.
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(QueryEvent.ExecuteLoadQueryHeader, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.file_id = self._io.read_u4le()
            self.start_pos = self._io.read_u4le()
            self.end_pos = self._io.read_u4le()
            self.dup_handling = KaitaiStream.resolve_enum(QueryEvent.LoadDupHandling, self._io.read_u1())


        def _fetch_instances(self):
            pass


    class Flags2Var(KaitaiStruct):
        """Q_FLAGS2_CODE value: the session option bits (thd->options /
        option_bits) that affect how the statement runs, masked to the ones the
        server replicates.
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(QueryEvent.Flags2Var, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.flags = self._io.read_u4le()


        def _fetch_instances(self):
            pass

        @property
        def is_auto_is_null(self):
            """sql_auto_is_null=1."""
            if hasattr(self, '_m_is_auto_is_null'):
                return self._m_is_auto_is_null

            self._m_is_auto_is_null = self.flags & 16384 != 0
            return getattr(self, '_m_is_auto_is_null', None)

        @property
        def is_explicit_defaults_for_timestamp(self):
            """MariaDB only (seen from 10.11); explicit_defaults_for_timestamp=1."""
            if hasattr(self, '_m_is_explicit_defaults_for_timestamp'):
                return self._m_is_explicit_defaults_for_timestamp

            self._m_is_explicit_defaults_for_timestamp = self.flags & 16777216 != 0
            return getattr(self, '_m_is_explicit_defaults_for_timestamp', None)

        @property
        def is_if_exists(self):
            """MariaDB only; sql_if_exists=1."""
            if hasattr(self, '_m_is_if_exists'):
                return self._m_is_if_exists

            self._m_is_if_exists = self.flags & 268435456 != 0
            return getattr(self, '_m_is_if_exists', None)

        @property
        def is_insert_history(self):
            """MariaDB only; system_versioning_insert_history=1."""
            if hasattr(self, '_m_is_insert_history'):
                return self._m_is_insert_history

            self._m_is_insert_history = self.flags & 1073741824 != 0
            return getattr(self, '_m_is_insert_history', None)

        @property
        def is_no_check_constraint_checks(self):
            """MariaDB only; check_constraint_checks=0."""
            if hasattr(self, '_m_is_no_check_constraint_checks'):
                return self._m_is_no_check_constraint_checks

            self._m_is_no_check_constraint_checks = self.flags & 32768 != 0
            return getattr(self, '_m_is_no_check_constraint_checks', None)

        @property
        def is_no_foreign_key_checks(self):
            """foreign_key_checks=0."""
            if hasattr(self, '_m_is_no_foreign_key_checks'):
                return self._m_is_no_foreign_key_checks

            self._m_is_no_foreign_key_checks = self.flags & 67108864 != 0
            return getattr(self, '_m_is_no_foreign_key_checks', None)

        @property
        def is_not_autocommit(self):
            """autocommit=0. Part of the replicated option set, but MySQL 5.1+ and
            MariaDB clear it before logging (autocommit is replayed as 1).
            """
            if hasattr(self, '_m_is_not_autocommit'):
                return self._m_is_not_autocommit

            self._m_is_not_autocommit = self.flags & 524288 != 0
            return getattr(self, '_m_is_not_autocommit', None)

        @property
        def is_relaxed_unique_checks(self):
            """unique_checks=0."""
            if hasattr(self, '_m_is_relaxed_unique_checks'):
                return self._m_is_relaxed_unique_checks

            self._m_is_relaxed_unique_checks = self.flags & 134217728 != 0
            return getattr(self, '_m_is_relaxed_unique_checks', None)


    class GtidFlags3Var(KaitaiStruct):
        """Q_GTID_FLAGS3 value (MariaDB 10.8 and later): the GTID event's extra
        flags for the phases of a two-phase logged ALTER TABLE
        (binlog_alter_two_phase), followed by the sequence number of the
        START ALTER event when this event commits or rolls back that ALTER.
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(QueryEvent.GtidFlags3Var, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.flags = self._io.read_u1()
            if  ((self.is_commit_alter) or (self.is_rollback_alter)) :
                pass
                self.start_alter_seq_no = mysql_uint64.MysqlUint64(self._io)



        def _fetch_instances(self):
            pass
            if  ((self.is_commit_alter) or (self.is_rollback_alter)) :
                pass
                self.start_alter_seq_no._fetch_instances()


        @property
        def is_commit_alter(self):
            if hasattr(self, '_m_is_commit_alter'):
                return self._m_is_commit_alter

            self._m_is_commit_alter = self.flags & 4 != 0
            return getattr(self, '_m_is_commit_alter', None)

        @property
        def is_rollback_alter(self):
            if hasattr(self, '_m_is_rollback_alter'):
                return self._m_is_rollback_alter

            self._m_is_rollback_alter = self.flags & 8 != 0
            return getattr(self, '_m_is_rollback_alter', None)

        @property
        def is_start_alter(self):
            if hasattr(self, '_m_is_start_alter'):
                return self._m_is_start_alter

            self._m_is_start_alter = self.flags & 2 != 0
            return getattr(self, '_m_is_start_alter', None)


    class InvokerVar(KaitaiStruct):
        """Q_INVOKER value: the account the statement runs as, logged when it
        refers to CURRENT_USER (or, in MariaDB, the current role).
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(QueryEvent.InvokerVar, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.len_user = self._io.read_u1()
            self.user = (self._io.read_bytes(self.len_user)).decode(u"UTF-8")
            self.len_host = self._io.read_u1()
            self.host = (self._io.read_bytes(self.len_host)).decode(u"UTF-8")


        def _fetch_instances(self):
            pass


    class ShortString(KaitaiStruct):
        """A length byte followed by that many bytes of text (time zone or catalog name)."""
        def __init__(self, _io, _parent=None, _root=None):
            super(QueryEvent.ShortString, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.len_value = self._io.read_u1()
            self.value = (self._io.read_bytes(self.len_value)).decode(u"UTF-8")


        def _fetch_instances(self):
            pass


    class SqlModeVar(KaitaiStruct):
        """Q_SQL_MODE_CODE value, the session sql_mode."""
        def __init__(self, _io, _parent=None, _root=None):
            super(QueryEvent.SqlModeVar, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.modes = mysql_uint64.MysqlUint64(self._io)


        def _fetch_instances(self):
            pass
            self.modes._fetch_instances()

        @property
        def is_ansi_quotes(self):
            """`"` quotes identifiers, not strings."""
            if hasattr(self, '_m_is_ansi_quotes'):
                return self._m_is_ansi_quotes

            self._m_is_ansi_quotes = self.modes.low & 4 != 0
            return getattr(self, '_m_is_ansi_quotes', None)

        @property
        def is_error_for_division_by_zero(self):
            if hasattr(self, '_m_is_error_for_division_by_zero'):
                return self._m_is_error_for_division_by_zero

            self._m_is_error_for_division_by_zero = self.modes.low & 67108864 != 0
            return getattr(self, '_m_is_error_for_division_by_zero', None)

        @property
        def is_ignore_space(self):
            """Spaces allowed between a function name and `(`."""
            if hasattr(self, '_m_is_ignore_space'):
                return self._m_is_ignore_space

            self._m_is_ignore_space = self.modes.low & 8 != 0
            return getattr(self, '_m_is_ignore_space', None)

        @property
        def is_no_auto_value_on_zero(self):
            if hasattr(self, '_m_is_no_auto_value_on_zero'):
                return self._m_is_no_auto_value_on_zero

            self._m_is_no_auto_value_on_zero = self.modes.low & 524288 != 0
            return getattr(self, '_m_is_no_auto_value_on_zero', None)

        @property
        def is_no_backslash_escapes(self):
            """Backslash is an ordinary character in string literals."""
            if hasattr(self, '_m_is_no_backslash_escapes'):
                return self._m_is_no_backslash_escapes

            self._m_is_no_backslash_escapes = self.modes.low & 1048576 != 0
            return getattr(self, '_m_is_no_backslash_escapes', None)

        @property
        def is_no_engine_substitution(self):
            if hasattr(self, '_m_is_no_engine_substitution'):
                return self._m_is_no_engine_substitution

            self._m_is_no_engine_substitution = self.modes.low & 1073741824 != 0
            return getattr(self, '_m_is_no_engine_substitution', None)

        @property
        def is_no_zero_date(self):
            if hasattr(self, '_m_is_no_zero_date'):
                return self._m_is_no_zero_date

            self._m_is_no_zero_date = self.modes.low & 16777216 != 0
            return getattr(self, '_m_is_no_zero_date', None)

        @property
        def is_no_zero_in_date(self):
            if hasattr(self, '_m_is_no_zero_in_date'):
                return self._m_is_no_zero_in_date

            self._m_is_no_zero_in_date = self.modes.low & 8388608 != 0
            return getattr(self, '_m_is_no_zero_in_date', None)

        @property
        def is_only_full_group_by(self):
            if hasattr(self, '_m_is_only_full_group_by'):
                return self._m_is_only_full_group_by

            self._m_is_only_full_group_by = self.modes.low & 32 != 0
            return getattr(self, '_m_is_only_full_group_by', None)

        @property
        def is_pipes_as_concat(self):
            """`||` is string concatenation, not OR."""
            if hasattr(self, '_m_is_pipes_as_concat'):
                return self._m_is_pipes_as_concat

            self._m_is_pipes_as_concat = self.modes.low & 2 != 0
            return getattr(self, '_m_is_pipes_as_concat', None)

        @property
        def is_real_as_float(self):
            if hasattr(self, '_m_is_real_as_float'):
                return self._m_is_real_as_float

            self._m_is_real_as_float = self.modes.low & 1 != 0
            return getattr(self, '_m_is_real_as_float', None)

        @property
        def is_strict_all_tables(self):
            if hasattr(self, '_m_is_strict_all_tables'):
                return self._m_is_strict_all_tables

            self._m_is_strict_all_tables = self.modes.low & 4194304 != 0
            return getattr(self, '_m_is_strict_all_tables', None)

        @property
        def is_strict_trans_tables(self):
            if hasattr(self, '_m_is_strict_trans_tables'):
                return self._m_is_strict_trans_tables

            self._m_is_strict_trans_tables = self.modes.low & 2097152 != 0
            return getattr(self, '_m_is_strict_trans_tables', None)


    class StatusVar(KaitaiStruct):
        """One status variable, a code byte followed by a code-specific value."""
        def __init__(self, _io, _parent=None, _root=None):
            super(QueryEvent.StatusVar, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.code = KaitaiStream.resolve_enum(QueryEvent.StatusVarCode, self._io.read_u1())
            _on = self.code
            if _on == 3:
                pass
                self.value = QueryEvent.AutoIncrementVar(self._io, self, self._root)
            elif _on == 2:
                pass
                self.value = QueryEvent.CatalogWithNul(self._io, self, self._root)
            elif _on == 6:
                pass
                self.value = QueryEvent.ShortString(self._io, self, self._root)
            elif _on == 131:
                pass
                self.value = QueryEvent.CharacterSetCollationsVar(self._io, self, self._root)
            elif _on == 4:
                pass
                self.value = QueryEvent.CharsetVar(self._io, self, self._root)
            elif _on == 8:
                pass
                self.value = self._io.read_u2le()
            elif _on == 14:
                pass
                self.value = mysql_uint64.MysqlUint64(self._io)
            elif _on == 17:
                pass
                self.value = mysql_uint64.MysqlUint64(self._io)
            elif _on == 18:
                pass
                self.value = self._io.read_u2le()
            elif _on == 20:
                pass
                self.value = self._io.read_u1()
            elif _on == 21:
                pass
                self.value = self._io.read_u1()
            elif _on == 16:
                pass
                self.value = self._io.read_u1()
            elif _on == 0:
                pass
                self.value = QueryEvent.Flags2Var(self._io, self, self._root)
            elif _on == 130:
                pass
                self.value = QueryEvent.GtidFlags3Var(self._io, self, self._root)
            elif _on == 128:
                pass
                self.value = self._io.read_bits_int_le(24)
            elif _on == 11:
                pass
                self.value = QueryEvent.InvokerVar(self._io, self, self._root)
            elif _on == 7:
                pass
                self.value = self._io.read_u2le()
            elif _on == 10:
                pass
                self.value = self._io.read_u4le()
            elif _on == 13:
                pass
                self.value = self._io.read_bits_int_le(24)
            elif _on == 1:
                pass
                self.value = QueryEvent.SqlModeVar(self._io, self, self._root)
            elif _on == 19:
                pass
                self.value = self._io.read_u1()
            elif _on == 9:
                pass
                self.value = QueryEvent.Bitmap64(self._io, self, self._root)
            elif _on == 5:
                pass
                self.value = QueryEvent.ShortString(self._io, self, self._root)
            elif _on == 12:
                pass
                self.value = QueryEvent.UpdatedDbNamesVar(self._io, self, self._root)
            elif _on == 129:
                pass
                self.value = mysql_uint64.MysqlUint64(self._io)
            else:
                pass
                self.value = QueryEvent.UnknownVar(self._io, self, self._root)


        def _fetch_instances(self):
            pass
            _on = self.code
            if _on == 3:
                pass
                self.value._fetch_instances()
            elif _on == 2:
                pass
                self.value._fetch_instances()
            elif _on == 6:
                pass
                self.value._fetch_instances()
            elif _on == 131:
                pass
                self.value._fetch_instances()
            elif _on == 4:
                pass
                self.value._fetch_instances()
            elif _on == 8:
                pass
            elif _on == 14:
                pass
                self.value._fetch_instances()
            elif _on == 17:
                pass
                self.value._fetch_instances()
            elif _on == 18:
                pass
            elif _on == 20:
                pass
            elif _on == 21:
                pass
            elif _on == 16:
                pass
            elif _on == 0:
                pass
                self.value._fetch_instances()
            elif _on == 130:
                pass
                self.value._fetch_instances()
            elif _on == 128:
                pass
            elif _on == 11:
                pass
                self.value._fetch_instances()
            elif _on == 7:
                pass
            elif _on == 10:
                pass
            elif _on == 13:
                pass
            elif _on == 1:
                pass
                self.value._fetch_instances()
            elif _on == 19:
                pass
            elif _on == 9:
                pass
                self.value._fetch_instances()
            elif _on == 5:
                pass
                self.value._fetch_instances()
            elif _on == 12:
                pass
                self.value._fetch_instances()
            elif _on == 129:
                pass
                self.value._fetch_instances()
            else:
                pass
                self.value._fetch_instances()


    class StatusVars(KaitaiStruct):
        """The status-variable block. Servers write the entries in increasing code
        order, but this spec reads them in any order. An entry whose code this
        spec does not know ends the list and the rest of the block is kept raw,
        since its length cannot be known (MySQL's and MariaDB's readers stop
        there too).
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(QueryEvent.StatusVars, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.entries = []
            i = 0
            while not self._io.is_eof():
                self.entries.append(QueryEvent.StatusVar(self._io, self, self._root))
                i += 1



        def _fetch_instances(self):
            pass
            for i in range(len(self.entries)):
                pass
                self.entries[i]._fetch_instances()



    class UnknownVar(KaitaiStruct):
        """Value of a status variable this spec does not know (nor, possibly, the
        reader): its length is unknown, so the rest of the block is kept raw.
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(QueryEvent.UnknownVar, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.rest = self._io.read_bytes_full()


        def _fetch_instances(self):
            pass


    class UpdatedDbNamesVar(KaitaiStruct):
        """Q_UPDATED_DB_NAMES value (MySQL 5.6 and later): the databases the
        statement changes, used by the multi-threaded replica to schedule it.
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(QueryEvent.UpdatedDbNamesVar, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.num_names = self._io.read_u1()
            if (not (self.is_over_max)):
                pass
                self.names = []
                for i in range(self.num_names):
                    self.names.append((self._io.read_bytes_term(0, False, True, True)).decode(u"UTF-8"))




        def _fetch_instances(self):
            pass
            if (not (self.is_over_max)):
                pass
                for i in range(len(self.names)):
                    pass



        @property
        def is_over_max(self):
            """True when the list was left out (OVER_MAX_DBS_IN_EVENT_MTS)."""
            if hasattr(self, '_m_is_over_max'):
                return self._m_is_over_max

            self._m_is_over_max = self.num_names == 254
            return getattr(self, '_m_is_over_max', None)


    @property
    def has_execute_load_query_header(self):
        if hasattr(self, '_m_has_execute_load_query_header'):
            return self._m_has_execute_load_query_header

        self._m_has_execute_load_query_header =  ((self.is_execute_load_query) and (self.post_header_len >= 26)) 
        return getattr(self, '_m_has_execute_load_query_header', None)

    @property
    def has_status_vars(self):
        """True for binlog v4 (MySQL 5.0 and later, MariaDB), whose post-header
        carries the status-variable block length; binlog v1/v3 events have
        neither the length nor the block.
        """
        if hasattr(self, '_m_has_status_vars'):
            return self._m_has_status_vars

        self._m_has_status_vars = self.post_header_len >= 13
        return getattr(self, '_m_has_status_vars', None)

    @property
    def known_post_header_len(self):
        """Number of post-header bytes this spec knows how to read."""
        if hasattr(self, '_m_known_post_header_len'):
            return self._m_known_post_header_len

        self._m_known_post_header_len = (13 if self.post_header_len >= 13 else 11) + (13 if self.has_execute_load_query_header else 0)
        return getattr(self, '_m_known_post_header_len', None)

    @property
    def query_text(self):
        """The statement text of any of the three event types, inflated for a
        QUERY_COMPRESSED_EVENT (a parse error when its stream is corrupt, null when
        it names an unknown compression algorithm).
        """
        if hasattr(self, '_m_query_text'):
            return self._m_query_text

        self._m_query_text = (self.compressed_query.data if self.is_compressed else self.query)
        return getattr(self, '_m_query_text', None)


