# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# type: ignore

import kaitaistruct
from kaitaistruct import KaitaiStruct, KaitaiStream, BytesIO
from . import mysql_packed_int
from . import table_map_event


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class RowImage(KaitaiStruct):
    """The row data of a WRITE/UPDATE/DELETE/PARTIAL_UPDATE rows event (v0, v1, v2, and
    MariaDB's compressed ones once inflated): the bytes after the column bitmaps, read with
    the column metadata of the table's TABLE_MAP_EVENT.
    
    Writes have one image per row (the new row), deletes one (the old row), updates two
    (the old row, then the new one), so for an update `images` alternates before and after
    images. Each image is a null bitmap, one bit per column present in the image, then the
    value of each present column that is not NULL, in column order. Which columns are
    present comes from the rows event's bitmaps (`columns_present`, and
    `columns_present_after` for the after images of an update): all of them with
    binlog_row_image=FULL; with MINIMAL or NOBLOB some columns are absent, and they are
    absent here too (not NULL).
    
    What a value looks like is the column's business (`table_map_event::column_meta`): a
    length prefix of `len_length_prefix` bytes then that many bytes (strings, BLOB/TEXT,
    JSON, GEOMETRY, VECTOR), or `len_fixed_value` bytes (numbers, DECIMAL, BIT, ENUM/SET,
    temporal types). Values are kept as their bytes, which a reader converts by the
    column's type: integers and FLOAT/DOUBLE little-endian; DECIMAL, BIT and the temporal
    types with fractional seconds in MySQL's big-endian forms; a MySQL JSON value a
    `mysql_json` (or a `mysql_json_diff` in a partial update, see below; MariaDB's JSON
    columns are LONGTEXT, whose values are text), GEOMETRY a `geometry`, VECTOR a `vector`.
    
    A PARTIAL_UPDATE_ROWS_EVENT (MySQL 8.0, binlog_row_value_options=PARTIAL_JSON) starts
    each after image with `value_options`; when its PARTIAL_JSON bit is set, a bitmap with
    one bit per JSON column of the table (present or not) follows, and each JSON column
    whose bit is set holds a JSON diff (`mysql_json_diff`) instead of a whole document
    (`mysql_json`).
    
    Everything an image needs comes in as params, never through `_parent` or `_root`, and
    images and values are declared `parent: false`: the parse tree has no back references
    (one object per value, so a reader can free them as soon as a row is converted).
    
    .. seealso::
       Source - https://dev.mysql.com/doc/dev/mysql-server/latest/classmysql_1_1binlog_1_1event_1_1Rows__event.html
    
    
    .. seealso::
       Source - https://github.com/mysql/mysql-server/blob/trunk/sql/rpl_record.cc
    
    
    .. seealso::
       Source - https://mariadb.com/kb/en/rows_event_v1v2-rows_compressed_event_v1/
    """
    def __init__(self, columns, columns_after, num_json_columns, is_update, is_partial_update, _io, _parent=None, _root=None):
        super(RowImage, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self
        self.columns = columns
        self.columns_after = columns_after
        self.num_json_columns = num_json_columns
        self.is_update = is_update
        self.is_partial_update = is_partial_update
        self._read()

    def _read(self):
        if self.has_columns:
            pass
            self.images = []
            i = 0
            while not self._io.is_eof():
                self.images.append(RowImage.Image((self.columns_after if  ((self.is_update) and (i % 2 == 1))  else self.columns),  ((self.is_partial_update) and (i % 2 == 1)) , self.num_json_columns, self._io, None, self._root))
                i += 1




    def _fetch_instances(self):
        pass
        if self.has_columns:
            pass
            for i in range(len(self.images)):
                pass
                self.images[i]._fetch_instances()



    class ColumnValue(KaitaiStruct):
        """The value of one column in an image (nothing when it is NULL)."""
        def __init__(self, column, is_null, _io, _parent=None, _root=None):
            super(RowImage.ColumnValue, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.column = column
            self.is_null = is_null
            self._read()

        def _read(self):
            if  (((not (self.is_null))) and (self.column.len_length_prefix != 0)) :
                pass
                _on = self.column.len_length_prefix
                if _on == 1:
                    pass
                    self.len_value = self._io.read_u1()
                elif _on == 2:
                    pass
                    self.len_value = self._io.read_u2le()
                elif _on == 3:
                    pass
                    self.len_value = self._io.read_bits_int_le(24)
                elif _on == 4:
                    pass
                    self.len_value = self._io.read_u4le()

            if (not (self.is_null)):
                pass
                self.value = self._io.read_bytes((self.len_value if self.column.len_length_prefix != 0 else self.column.len_fixed_value))
                _ = self.value
                if not self.column.is_value_size_known:
                    raise kaitaistruct.ValidationExprError(self.value, self._io, u"/types/column_value/seq/1")



        def _fetch_instances(self):
            pass
            if  (((not (self.is_null))) and (self.column.len_length_prefix != 0)) :
                pass
                _on = self.column.len_length_prefix
                if _on == 1:
                    pass
                elif _on == 2:
                    pass
                elif _on == 3:
                    pass
                elif _on == 4:
                    pass

            if (not (self.is_null)):
                pass



    class Geometry(KaitaiStruct):
        """The bytes of a GEOMETRY value - its SRID, then the geometry in WKB."""
        def __init__(self, _io, _parent=None, _root=None):
            super(RowImage.Geometry, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.srid = self._io.read_u4le()
            self.wkb = self._io.read_bytes_full()


        def _fetch_instances(self):
            pass


    class Image(KaitaiStruct):
        """One row image."""
        def __init__(self, columns, is_partial, num_json_columns, _io, _parent=None, _root=None):
            super(RowImage.Image, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.columns = columns
            self.is_partial = is_partial
            self.num_json_columns = num_json_columns
            self._read()

        def _read(self):
            if self.is_partial:
                pass
                self.value_options = mysql_packed_int.MysqlPackedInt(self._io)

            if self.has_partial_json:
                pass
                self.partial_json_columns = self._io.read_bytes((self.num_json_columns + 7) // 8)

            self.null_bitmap = []
            for i in range((len(self.columns) + 7) // 8):
                self.null_bitmap.append(self._io.read_u1())

            self.values = []
            for i in range(len(self.columns)):
                self.values.append(RowImage.ColumnValue(self.columns[i], self.null_bitmap[i // 8] >> i % 8 & 1 != 0, self._io, None, self._root))



        def _fetch_instances(self):
            pass
            if self.is_partial:
                pass
                self.value_options._fetch_instances()

            if self.has_partial_json:
                pass

            for i in range(len(self.null_bitmap)):
                pass

            for i in range(len(self.values)):
                pass
                self.values[i]._fetch_instances()


        @property
        def has_partial_json(self):
            """The PARTIAL_JSON_UPDATES bit of `value_options` is set: `partial_json_columns`
            follows, and JSON values may be diffs.
            """
            if hasattr(self, '_m_has_partial_json'):
                return self._m_has_partial_json

            self._m_has_partial_json =  ((self.is_partial) and (self.value_options.value & 1 != 0)) 
            return getattr(self, '_m_has_partial_json', None)


    class Vector(KaitaiStruct):
        """The bytes of a VECTOR value (MySQL 9) - 32-bit floats."""
        def __init__(self, _io, _parent=None, _root=None):
            super(RowImage.Vector, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.elements = []
            i = 0
            while not self._io.is_eof():
                self.elements.append(self._io.read_f4le())
                i += 1



        def _fetch_instances(self):
            pass
            for i in range(len(self.elements)):
                pass



    @property
    def has_columns(self):
        """Every image has a column. An image without any would be empty and could not be
        told from the end of the row data, so the rows are not read then.
        """
        if hasattr(self, '_m_has_columns'):
            return self._m_has_columns

        self._m_has_columns =  ((len(self.columns) > 0) and ( (((not (self.is_update))) or (len(self.columns_after) > 0)) )) 
        return getattr(self, '_m_has_columns', None)


