"""The ``row_image`` spec read as the format: a null bitmap, then one value per present,
non-null column, sized by the column's ``column_meta`` (``len_length_prefix``,
``len_fixed_value``, ``is_value_size_known``).

The fixture and corpus tests check every real column type end to end; here: the sizes the
column metadata declares for each type, images built by hand (NULLs, MINIMAL images,
length prefixes of 1-4 bytes, partial JSON updates) and what the spec refuses.
"""

from __future__ import annotations

import re
import struct
from io import BytesIO

import pytest
from kaitaistruct import KaitaiStream, ValidationExprError

from binlog_kaitai.generated.row_image import RowImage
from binlog_kaitai.generated.table_map_event import TableMapEvent
from binlog_kaitai.values import FieldType
from tests.conftest import REPO

F = FieldType


def meta(type_code: int, metadata: bytes = b"") -> TableMapEvent.ColumnMeta:
    """A table map's ``column_meta`` of one column."""
    return TableMapEvent.ColumnMeta(type_code, True, KaitaiStream(BytesIO(metadata)))


def parse(data: bytes, columns: list[TableMapEvent.ColumnMeta],
          columns_after: list[TableMapEvent.ColumnMeta] | None = None,
          num_json_columns: int = 0, is_partial: bool = False) -> RowImage:
    is_update = columns_after is not None
    return RowImage(columns, columns_after if is_update else columns, num_json_columns,
                    is_update, is_partial, KaitaiStream(BytesIO(data)))


@pytest.mark.parametrize(("type_code", "metadata", "prefix", "fixed"), [
    (F.tiny, b"", 0, 1), (F.short, b"", 0, 2), (F.int24, b"", 0, 3), (F.long, b"", 0, 4),
    (F.longlong, b"", 0, 8), (F.float, b"\x04", 0, 4), (F.double, b"\x08", 0, 8),
    (F.year, b"", 0, 1), (F.date, b"", 0, 3), (F.time, b"", 0, 3), (F.datetime, b"", 0, 8),
    (F.timestamp, b"", 0, 4), (F.newdecimal, bytes([10, 2]), 0, 5),
    (F.bit, bytes([1, 2]), 0, 3), (F.bit, bytes([0, 1]), 0, 1),
    (F.timestamp2, b"\x00", 0, 4), (F.datetime2, b"\x06", 0, 8), (F.time2, b"\x03", 0, 5),
    (F.varchar, struct.pack("<H", 255), 1, 0), (F.varchar, struct.pack("<H", 256), 2, 0),
    (F.var_string, struct.pack("<H", 80), 1, 0),
    (F.string, bytes([F.string, 60]), 1, 0),             # CHAR(60)
    (F.string, bytes([F.string ^ 0x10, 0x2C]), 2, 0),     # CHAR of 300 bytes (bit 8 in byte 0)
    (F.string, bytes([F.enum, 1]), 0, 1), (F.string, bytes([F.set, 8]), 0, 8),
    (F.blob, b"\x02", 2, 0), (F.blob, b"\x04", 4, 0), (F.json, b"\x04", 4, 0),
    (F.geometry, b"\x04", 4, 0), (F.vector, b"\x04", 4, 0),
])
def test_column_meta_declares_the_value_size(type_code: int, metadata: bytes, prefix: int,
                                             fixed: int) -> None:
    m = meta(type_code, metadata)
    assert (m.len_length_prefix, m.len_fixed_value) == (prefix, fixed)
    assert m.is_value_size_known


@pytest.mark.parametrize(("type_code", "metadata"), [
    (F.decimal, b""), (F.type_null, b""), (F.typed_array, b""), (F.invalid, b""),
    (F.string, bytes([F.enum, 3])), (F.string, bytes([F.set, 9])),
    (F.string, bytes([F.enum, 0])), (100, b""),
])
def test_column_meta_knows_when_the_size_is_unknown(type_code: int, metadata: bytes) -> None:
    assert not meta(type_code, metadata).is_value_size_known


def test_image_is_a_null_bitmap_then_one_value_per_non_null_column() -> None:
    columns = [meta(F.long), meta(F.varchar, struct.pack("<H", 300)), meta(F.tiny),
               meta(F.blob, b"\x03")]
    row = (bytes([0b0100])                   # column 2 (TINY) is NULL
           + struct.pack("<i", -7)
           + struct.pack("<H", 3) + b"abc"
           + b"\x05\x00\x00" + b"hello")
    image = parse(row + row, columns)
    assert len(image.images) == 2
    values = image.images[0].values
    assert [v.is_null for v in values] == [False, False, True, False]
    assert [getattr(v, "len_value", None) for v in values] == [None, 3, None, 5]
    assert values[0].value == struct.pack("<i", -7)
    assert values[1].value == b"abc"
    assert not hasattr(values[2], "value")
    assert values[3].value == b"hello"


def test_update_images_alternate_before_and_after_with_their_own_columns() -> None:
    # MINIMAL: the before image has the key (column 0), the after image the changed
    # column (column 1); the null bitmaps count present columns only.
    key, name = meta(F.long), meta(F.varchar, struct.pack("<H", 20))
    row = b"\x00" + struct.pack("<i", 1) + b"\x00" + b"\x02hi"
    image = parse(row * 3, [key], [name])
    assert [len(img.values) for img in image.images] == [1, 1] * 3
    assert image.images[1].values[0].value == b"hi"


def test_partial_update_after_images_carry_value_options_and_json_bits() -> None:
    columns = [meta(F.long), meta(F.json, b"\x04")]
    before = b"\x00" + struct.pack("<i", 1) + struct.pack("<I", 2) + b"{}"
    after = (b"\x01" + b"\x01"          # value_options PARTIAL_JSON, bit of JSON column 0
             + b"\x00" + struct.pack("<i", 1) + struct.pack("<I", 3) + b"xyz")
    plain_after = b"\x00" + b"\x02" + struct.pack("<i", 1)  # options 0, column 1 NULL
    image = parse(before + after + before + plain_after, columns, columns,
                  num_json_columns=1, is_partial=True)
    first_after, second_after = image.images[1], image.images[3]
    assert first_after.has_partial_json and first_after.partial_json_columns == b"\x01"
    assert first_after.values[1].value == b"xyz"
    assert not second_after.has_partial_json
    assert second_after.values[1].is_null


def test_a_value_of_unknown_size_is_refused() -> None:
    with pytest.raises(ValidationExprError):
        parse(b"\x00\x01", [meta(F.typed_array)])


def test_images_without_columns_are_not_read() -> None:
    image = parse(b"\x00\x00", [])
    assert not image.has_columns
    assert getattr(image, "images", None) is None


def test_the_spec_declares_images_not_a_layout_program() -> None:
    spec = (REPO / "ksy" / "row_image.ksy").read_text()
    for name in ("image_layout", "column_finder", "probe", "slot", "cell_step", "cell"):
        assert not re.search(rf"\b{name}\b", spec), name
    assert not re.search(r"\b_(root|parent)\.", spec), "params, not _root/_parent"
