# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# type: ignore

import kaitaistruct
from kaitaistruct import KaitaiStruct, KaitaiStream, BytesIO
from . import table_map_event
from . import mysql_packed_int


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class RowImage(KaitaiStruct):
    """The row data of a WRITE/UPDATE/DELETE/PARTIAL_UPDATE rows event (v0, v1, v2, and
    MariaDB's compressed ones once inflated): the bytes after the column bitmaps, decoded
    with the column layout of the table's TABLE_MAP_EVENT.
    
    Every image is a null bitmap, one bit per column present in the image (least
    significant bit first, bit k for the k-th present column), then the value of each
    present column that is not NULL, in column order. Which columns are present comes from
    the rows event's bitmap: all of them with binlog_row_image=FULL; with MINIMAL or NOBLOB
    some columns are absent, and they are absent here too (not NULL). Writes have one image
    per row (the new row), deletes one (the old row), updates two (old then new), so for an
    update `images` alternates before and after images.
    
    A PARTIAL_UPDATE_ROWS_EVENT (MySQL 8.0, binlog_row_value_options=PARTIAL_JSON) starts
    each after image with `value_options`; when its PARTIAL_JSON bit is set, a bitmap with
    one bit per JSON column of the table (present or not) follows, and each JSON column
    whose bit is set holds a JSON diff (`mysql_json_diff`) instead of a whole document
    (`mysql_json`).
    
    Each value is one element of `image.values`, or two for a value with a length prefix
    (strings, BLOB/TEXT, JSON, GEOMETRY, VECTOR): the length, as a number, then the bytes.
    Every value is kept as its raw bytes (integers little-endian; DECIMAL, BIT and the
    temporal types in MySQL's big-endian forms), which the reader converts; a NULL column
    is empty bytes in each of its elements. `image_layout.cells` says, per element, which
    column it belongs to and how it is read. The bytes of a JSON, GEOMETRY and VECTOR value
    are a `mysql_json` (or `mysql_json_diff`), a `geometry` and a `vector` respectively.
    
    Elements are only numbers and byte strings, never an object per value, and the only
    numbers read are the length prefixes: that keeps the per-row loop short (in Python,
    every case of the loop's switch costs a comparison for every raw-bytes element, the
    fallback case). The layout work is done once per table and bitmap (`image_layout`,
    passed in as `first_layout` and `second_layout`).
    
    When a column type is unknown to this spec (so the size of its values is unknown), the
    rows are not decoded and `undecoded` keeps the bytes.
    
    .. seealso::
       Source - https://dev.mysql.com/doc/dev/mysql-server/latest/classmysql_1_1binlog_1_1event_1_1Rows__event.html
    
    
    .. seealso::
       Source - https://github.com/mysql/mysql-server/blob/trunk/sql/log_event.cc
    
    
    .. seealso::
       Source - https://github.com/mysql/mysql-server/blob/trunk/sql/rpl_record.cc
    
    
    .. seealso::
       Source - https://mariadb.com/kb/en/rows_event_v1v2-rows_compressed_event_v1/
    """
    def __init__(self, first_layout, second_layout, is_update, is_partial_update, _io, _parent=None, _root=None):
        super(RowImage, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self
        self.first_layout = first_layout
        self.second_layout = second_layout
        self.is_update = is_update
        self.is_partial_update = is_partial_update
        self._read()

    def _read(self):
        if self.is_decodable:
            pass
            self.images = []
            i = 0
            while not self._io.is_eof():
                self.images.append(RowImage.Image((self.second_layout if  ((self.is_update) and (i % 2 == 1))  else self.first_layout), (self.second_layout.cells if  ((self.is_update) and (i % 2 == 1))  else self.first_layout.cells), (self.second_layout.is_narrow if  ((self.is_update) and (i % 2 == 1))  else self.first_layout.is_narrow),  ((self.is_partial_update) and (i % 2 == 1)) , self._io, self, self._root))
                i += 1


        if (not (self.is_decodable)):
            pass
            self.undecoded = self._io.read_bytes_full()



    def _fetch_instances(self):
        pass
        if self.is_decodable:
            pass
            for i in range(len(self.images)):
                pass
                self.images[i]._fetch_instances()


        if (not (self.is_decodable)):
            pass


    class Cell(KaitaiStruct):
        """One element of an image, in the form the row loop reads fastest."""
        def __init__(self, slot, code, size, is_data, _io, _parent=None, _root=None):
            super(RowImage.Cell, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.slot = slot
            self.code = code
            self.size = size
            self.is_data = is_data
            self._read()

        def _read(self):
            pass


        def _fetch_instances(self):
            pass


    class CellStep(KaitaiStruct):
        """Numbers the elements of an image (one per slot, two for a length-prefixed value)."""
        def __init__(self, slots, slot, is_data, _io, _parent=None, _root=None):
            super(RowImage.CellStep, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.slots = slots
            self.slot = slot
            self.is_data = is_data
            self._read()

        def _read(self):
            pass


        def _fetch_instances(self):
            pass

        @property
        def code(self):
            if hasattr(self, '_m_code'):
                return self._m_code

            self._m_code = (self.slots[self.slot].length_code if self.is_length else 0)
            return getattr(self, '_m_code', None)

        @property
        def is_last(self):
            if hasattr(self, '_m_is_last'):
                return self._m_is_last

            self._m_is_last =  (((not (self.is_length))) and (self.slot + 1 >= len(self.slots))) 
            return getattr(self, '_m_is_last', None)

        @property
        def is_length(self):
            if hasattr(self, '_m_is_length'):
                return self._m_is_length

            self._m_is_length =  (((not (self.is_data))) and (self.slots[self.slot].length_size > 0)) 
            return getattr(self, '_m_is_length', None)

        @property
        def next_slot(self):
            if hasattr(self, '_m_next_slot'):
                return self._m_next_slot

            self._m_next_slot = (self.slot if self.is_length else self.slot + 1)
            return getattr(self, '_m_next_slot', None)

        @property
        def size(self):
            if hasattr(self, '_m_size'):
                return self._m_size

            self._m_size = (self.slots[self.slot].length_size if self.is_length else (0 if self.is_data else self.slots[self.slot].value_size))
            return getattr(self, '_m_size', None)


    class ColumnFinder(KaitaiStruct):
        """Finds the first present column at or after `start` (`column`, or `column_count`
        when there is none) and says how its value is read: its length prefix
        (`length_code`, `length_size`; none when 0), or its size (`value_size`).
        """
        def __init__(self, column_count, column_metas, present, start, unsupported_before, _io, _parent=None, _root=None):
            super(RowImage.ColumnFinder, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.column_count = column_count
            self.column_metas = column_metas
            self.present = present
            self.start = start
            self.unsupported_before = unsupported_before
            self._read()

        def _read(self):
            if self.start < self.column_count:
                pass
                self.probes = []
                i = 0
                while True:
                    _ = RowImage.Probe(self.start + i, self.column_count, self.present, self._io, self, self._root)
                    self.probes.append(_)
                    if  ((_.is_present) or (_.column + 1 >= self.column_count)) :
                        break
                    i += 1



        def _fetch_instances(self):
            pass
            if self.start < self.column_count:
                pass
                for i in range(len(self.probes)):
                    pass
                    self.probes[i]._fetch_instances()



        @property
        def column(self):
            if hasattr(self, '_m_column'):
                return self._m_column

            self._m_column = (self.probes[-1].column if  ((self.start < self.column_count) and (self.probes[-1].is_present))  else self.column_count)
            return getattr(self, '_m_column', None)

        @property
        def is_end(self):
            if hasattr(self, '_m_is_end'):
                return self._m_is_end

            self._m_is_end = self.column >= self.column_count
            return getattr(self, '_m_is_end', None)

        @property
        def is_supported(self):
            """The size of the column's values is known: not the pre-5.0 DECIMAL (0), NULL (6)
            or TYPED_ARRAY (20) types, nor an ENUM/SET of impossible size, nor a type code
            this spec does not know.
            """
            if hasattr(self, '_m_is_supported'):
                return self._m_is_supported

            self._m_is_supported =  ((self.length_size > 0) or ( ((self.value_size > 0) and (self.real_type != 0) and (self.real_type != 6) and (self.real_type != 20) and ( ((self.real_type != 247) or (self.meta.string_length <= 2)) ) and ( ((self.real_type != 248) or (self.meta.string_length <= 8)) )) )) 
            return getattr(self, '_m_is_supported', None)

        @property
        def length_code(self):
            """How the length prefix is read (the `image.values` case); 0 when there is none."""
            if hasattr(self, '_m_length_code'):
                return self._m_length_code

            self._m_length_code = (self.length_size if self.length_size <= 4 else 0)
            return getattr(self, '_m_length_code', None)

        @property
        def length_size(self):
            """Bytes of the length prefix: 1 or 2 for VARCHAR/VAR_STRING/CHAR (by the maximum
            length), the metadata's pack length for BLOB/TEXT, JSON, GEOMETRY and VECTOR.
            """
            if hasattr(self, '_m_length_size'):
                return self._m_length_size

            self._m_length_size = ((1 if self.meta.max_length < 256 else 2) if  ((self.real_type == 15) or (self.real_type == 253))  else ((1 if self.meta.string_length < 256 else 2) if self.real_type == 254 else (self.meta.pack_length if  (( ((self.real_type >= 249) and (self.real_type <= 252)) ) or (self.real_type == 245) or (self.real_type == 255) or (self.real_type == 242))  else 0)))
            return getattr(self, '_m_length_size', None)

        @property
        def meta(self):
            if hasattr(self, '_m_meta'):
                return self._m_meta

            if (not (self.is_end)):
                pass
                self._m_meta = self.column_metas[self.column]

            return getattr(self, '_m_meta', None)

        @property
        def real_type(self):
            if hasattr(self, '_m_real_type'):
                return self._m_real_type

            self._m_real_type = (0 if self.is_end else self.meta.real_type)
            return getattr(self, '_m_real_type', None)

        @property
        def unsupported_through(self):
            if hasattr(self, '_m_unsupported_through'):
                return self._m_unsupported_through

            self._m_unsupported_through = (self.unsupported_before if  ((self.is_end) or (self.is_supported))  else self.unsupported_before + 1)
            return getattr(self, '_m_unsupported_through', None)

        @property
        def value_size(self):
            """Bytes of the value when it has no length prefix (a NEWDECIMAL takes 4 bytes per
            9 digits and 1-4 bytes for the remaining digits, on each side of the point; a
            temporal type 1 byte per 2 digits of fractional seconds).
            """
            if hasattr(self, '_m_value_size'):
                return self._m_value_size

            self._m_value_size = (0 if self.is_end else (4 if  ((self.real_type == 3) or (self.real_type == 7) or (self.real_type == 4))  else (1 if  ((self.real_type == 1) or (self.real_type == 13))  else (2 if self.real_type == 2 else (8 if  ((self.real_type == 5) or (self.real_type == 8) or (self.real_type == 12))  else (3 if  ((self.real_type == 9) or (self.real_type == 10) or (self.real_type == 14) or (self.real_type == 11))  else (((((self.meta.precision - self.meta.scale) // 9) * 4 + ((self.meta.precision - self.meta.scale) % 9 + 1) // 2) + (self.meta.scale // 9) * 4) + (self.meta.scale % 9 + 1) // 2 if self.real_type == 246 else ((self.meta.bit_count + 7) // 8 if self.real_type == 16 else (self.meta.string_length if  ((self.real_type == 247) or (self.real_type == 248))  else (4 + (self.meta.fsp + 1) // 2 if self.real_type == 17 else (5 + (self.meta.fsp + 1) // 2 if self.real_type == 18 else (3 + (self.meta.fsp + 1) // 2 if self.real_type == 19 else 0))))))))))))
            return getattr(self, '_m_value_size', None)


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
        def __init__(self, layout, cells, is_narrow, is_partial, _io, _parent=None, _root=None):
            super(RowImage.Image, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.layout = layout
            self.cells = cells
            self.is_narrow = is_narrow
            self.is_partial = is_partial
            self._read()

        def _read(self):
            if self.is_partial:
                pass
                self.value_options = mysql_packed_int.MysqlPackedInt(self._io)

            if  ((self.is_partial) and (self.has_partial_json)) :
                pass
                self.partial_json_columns = self._io.read_bytes((self.layout.json_column_count + 7) // 8)

            if self.is_narrow:
                pass
                _on = (self.layout.present_count + 7) // 8
                if _on == 1:
                    pass
                    self.null_bits = self._io.read_u1()
                elif _on == 2:
                    pass
                    self.null_bits = self._io.read_u2le()
                elif _on == 3:
                    pass
                    self.null_bits = self._io.read_bits_int_le(24)
                elif _on == 4:
                    pass
                    self.null_bits = self._io.read_u4le()

            if (not (self.is_narrow)):
                pass
                self.null_bitmap = self._io.read_bytes((self.layout.present_count + 7) // 8)

            self.values = []
            for i in range(len(self.cells)):
                _on = (0 if (self.null_bits >> self.cells[i].slot if self.is_narrow else KaitaiStream.byte_array_index(self.null_bitmap, self.cells[i].slot >> 3) >> (self.cells[i].slot & 7)) & 1 != 0 else self.cells[i].code)
                if _on == 1:
                    pass
                    self.values.append(self._io.read_u1())
                elif _on == 2:
                    pass
                    self.values.append(self._io.read_u2le())
                elif _on == 3:
                    pass
                    self.values.append(self._io.read_bits_int_le(24))
                elif _on == 4:
                    pass
                    self.values.append(self._io.read_u4le())
                else:
                    pass
                    self.values.append(self._io.read_bytes((0 if (self.null_bits >> self.cells[i].slot if self.is_narrow else KaitaiStream.byte_array_index(self.null_bitmap, self.cells[i].slot >> 3) >> (self.cells[i].slot & 7)) & 1 != 0 else (self.values[i - 1] if self.cells[i].is_data else self.cells[i].size))))

            if  ((self.is_partial) and (self.has_partial_json)) :
                pass
                self.json_diff_flags = []
                for i in range(self.layout.present_count):
                    self.json_diff_flags.append(RowImage.JsonFlag( ((self.layout.slots[i].real_type == 245) and (KaitaiStream.byte_array_index(self.partial_json_columns, self.layout.slots[i].json_index >> 3) >> (self.layout.slots[i].json_index & 7) & 1 != 0)) , self._io, self, self._root))




        def _fetch_instances(self):
            pass
            if self.is_partial:
                pass
                self.value_options._fetch_instances()

            if  ((self.is_partial) and (self.has_partial_json)) :
                pass

            if self.is_narrow:
                pass
                _on = (self.layout.present_count + 7) // 8
                if _on == 1:
                    pass
                elif _on == 2:
                    pass
                elif _on == 3:
                    pass
                elif _on == 4:
                    pass

            if (not (self.is_narrow)):
                pass

            for i in range(len(self.values)):
                pass
                _on = (0 if (self.null_bits >> self.cells[i].slot if self.is_narrow else KaitaiStream.byte_array_index(self.null_bitmap, self.cells[i].slot >> 3) >> (self.cells[i].slot & 7)) & 1 != 0 else self.cells[i].code)
                if _on == 1:
                    pass
                elif _on == 2:
                    pass
                elif _on == 3:
                    pass
                elif _on == 4:
                    pass
                else:
                    pass

            if  ((self.is_partial) and (self.has_partial_json)) :
                pass
                for i in range(len(self.json_diff_flags)):
                    pass
                    self.json_diff_flags[i]._fetch_instances()



        @property
        def has_partial_json(self):
            if hasattr(self, '_m_has_partial_json'):
                return self._m_has_partial_json

            self._m_has_partial_json =  ((self.is_partial) and (self.value_options.value & 1 != 0)) 
            return getattr(self, '_m_has_partial_json', None)


    class ImageLayout(KaitaiStruct):
        """Where the values of one kind of image (before or after) are: the present columns in
        order (`slots`), and the elements their values are read as (`cells`). It reads
        nothing: parse it from an empty stream.
        """
        def __init__(self, column_count, column_metas, present, count_json, _io, _parent=None, _root=None):
            super(RowImage.ImageLayout, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.column_count = column_count
            self.column_metas = column_metas
            self.present = present
            self.count_json = count_json
            self._read()

        def _read(self):
            if self.count_json:
                pass
                self.json_ranks = []
                for i in range(self.column_count):
                    self.json_ranks.append(RowImage.JsonRank((0 if i == 0 else self.json_ranks[i - 1].json_after), self.column_metas[i].type_code == 245, self._io, self, self._root))


            self.finders = []
            i = 0
            while True:
                _ = RowImage.ColumnFinder(self.column_count, self.column_metas, self.present, (0 if i == 0 else self.finders[i - 1].column + 1), (0 if i == 0 else self.finders[i - 1].unsupported_through), self._io, self, self._root)
                self.finders.append(_)
                if _.is_end:
                    break
                i += 1
            self.slots = []
            for i in range(self.present_count):
                self.slots.append(RowImage.Slot(self.finders[i].column, self.finders[i].real_type, self.finders[i].value_size, self.finders[i].length_code, self.finders[i].length_size, (self.json_ranks[self.finders[i].column].json_before if self.count_json else 0), self._io, self, self._root))

            if self.present_count > 0:
                pass
                self.steps = []
                i = 0
                while True:
                    _ = RowImage.CellStep(self.slots, (0 if i == 0 else self.steps[i - 1].next_slot), (False if i == 0 else self.steps[i - 1].is_length), self._io, self, self._root)
                    self.steps.append(_)
                    if _.is_last:
                        break
                    i += 1

            self.cells = []
            for i in range((len(self.steps) if self.present_count > 0 else 0)):
                self.cells.append(RowImage.Cell(self.steps[i].slot, self.steps[i].code, self.steps[i].size, self.steps[i].is_data, self._io, self, self._root))



        def _fetch_instances(self):
            pass
            if self.count_json:
                pass
                for i in range(len(self.json_ranks)):
                    pass
                    self.json_ranks[i]._fetch_instances()


            for i in range(len(self.finders)):
                pass
                self.finders[i]._fetch_instances()

            for i in range(len(self.slots)):
                pass
                self.slots[i]._fetch_instances()

            if self.present_count > 0:
                pass
                for i in range(len(self.steps)):
                    pass
                    self.steps[i]._fetch_instances()


            for i in range(len(self.cells)):
                pass
                self.cells[i]._fetch_instances()


        @property
        def is_decodable(self):
            if hasattr(self, '_m_is_decodable'):
                return self._m_is_decodable

            self._m_is_decodable = self.finders[-1].unsupported_before == 0
            return getattr(self, '_m_is_decodable', None)

        @property
        def is_narrow(self):
            """The null bitmap of the images fits an integer (read as one)."""
            if hasattr(self, '_m_is_narrow'):
                return self._m_is_narrow

            self._m_is_narrow = self.present_count <= 32
            return getattr(self, '_m_is_narrow', None)

        @property
        def json_column_count(self):
            """JSON columns in the table (bits of the partial-JSON bitmap)."""
            if hasattr(self, '_m_json_column_count'):
                return self._m_json_column_count

            self._m_json_column_count = (self.json_ranks[-1].json_after if  ((self.count_json) and (self.column_count > 0))  else 0)
            return getattr(self, '_m_json_column_count', None)

        @property
        def present_count(self):
            if hasattr(self, '_m_present_count'):
                return self._m_present_count

            self._m_present_count = len(self.finders) - 1
            return getattr(self, '_m_present_count', None)


    class JsonFlag(KaitaiStruct):
        def __init__(self, is_diff, _io, _parent=None, _root=None):
            super(RowImage.JsonFlag, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.is_diff = is_diff
            self._read()

        def _read(self):
            pass


        def _fetch_instances(self):
            pass


    class JsonRank(KaitaiStruct):
        def __init__(self, json_before, is_json, _io, _parent=None, _root=None):
            super(RowImage.JsonRank, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.json_before = json_before
            self.is_json = is_json
            self._read()

        def _read(self):
            pass


        def _fetch_instances(self):
            pass

        @property
        def json_after(self):
            if hasattr(self, '_m_json_after'):
                return self._m_json_after

            self._m_json_after = (self.json_before + 1 if self.is_json else self.json_before)
            return getattr(self, '_m_json_after', None)


    class Probe(KaitaiStruct):
        def __init__(self, column, column_count, present, _io, _parent=None, _root=None):
            super(RowImage.Probe, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.column = column
            self.column_count = column_count
            self.present = present
            self._read()

        def _read(self):
            pass


        def _fetch_instances(self):
            pass

        @property
        def is_present(self):
            if hasattr(self, '_m_is_present'):
                return self._m_is_present

            self._m_is_present =  ((self.column < self.column_count) and (KaitaiStream.byte_array_index(self.present, self.column >> 3) >> (self.column & 7) & 1 != 0)) 
            return getattr(self, '_m_is_present', None)


    class Slot(KaitaiStruct):
        """One present column of an image kind."""
        def __init__(self, column, real_type, value_size, length_code, length_size, json_index, _io, _parent=None, _root=None):
            super(RowImage.Slot, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.column = column
            self.real_type = real_type
            self.value_size = value_size
            self.length_code = length_code
            self.length_size = length_size
            self.json_index = json_index
            self._read()

        def _read(self):
            pass


        def _fetch_instances(self):
            pass


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
    def is_decodable(self):
        """Every present column has a known type (and every image has a column, so that an
        image is never empty: an empty one could not be told from the end of the data).
        """
        if hasattr(self, '_m_is_decodable'):
            return self._m_is_decodable

        self._m_is_decodable =  ((self.first_layout.is_decodable) and (self.first_layout.present_count > 0) and ( (((not (self.is_update))) or ( ((self.second_layout.is_decodable) and (self.second_layout.present_count > 0)) )) )) 
        return getattr(self, '_m_is_decodable', None)


