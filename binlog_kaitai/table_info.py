"""What a TABLE_MAP_EVENT says about its table's columns, completed by the schema history:
names, signedness, charsets, ENUM/SET labels and primary key, and, per kind of row image,
the spec's layout with one converter per present column.

Metadata first (``binlog_row_metadata=FULL``), then the schema history's definition when
its column count matches, else positional names ``@1``, ``@2``, ... as mysqlbinlog prints
them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from binlog_kaitai import json_value, values
from binlog_kaitai.catalog import ColumnDef
from binlog_kaitai.generated.table_map_event import TableMapEvent
from binlog_kaitai.json_diff import patched
from binlog_kaitai.values import ENUM, SET

OptionalField = TableMapEvent.OptionalFieldType

#: Column types whose signedness the SIGNEDNESS field describes, in column order: MySQL
#: counts TINY, SHORT, INT24, LONG, LONGLONG, FLOAT, DOUBLE and NEWDECIMAL; MariaDB also
#: YEAR (a kind of TINYINT UNSIGNED there), as seen in MariaDB 10.11's binlogs.
NUMERIC_TYPES_MYSQL = frozenset({values.TINY, values.SHORT, values.INT24, values.LONG,
                                 values.LONGLONG, values.FLOAT, values.DOUBLE,
                                 values.NEWDECIMAL})
NUMERIC_TYPES_MARIADB = NUMERIC_TYPES_MYSQL | {values.YEAR}
#: Column (real) types whose collation DEFAULT_CHARSET / COLUMN_CHARSET describe: MySQL
#: counts STRING, VAR_STRING, VARCHAR, BLOB and (9.0+) VECTOR; MariaDB counts GEOMETRY too.
CHARACTER_TYPES_MYSQL = frozenset({values.VARCHAR, values.VECTOR, *values.BLOB_TYPES,
                                   values.VAR_STRING, values.STRING})
_OLD_TEMPORAL = frozenset({values.TIMESTAMP, values.DATETIME, values.TIME})
"""The types under which MariaDB 5.3 to 10.0 log fractional temporal columns."""
CHARACTER_TYPES_MARIADB = frozenset({values.VARCHAR, *values.BLOB_TYPES, values.VAR_STRING,
                                     values.STRING, values.GEOMETRY})


DETACHED_ROOT = object()
"""The ``_root`` the row decoder parses ``row_image`` with. The spec reads nothing through
``_root`` or ``_parent`` (params only, and ``parent: false`` on images and values), so with
a root that is not the image itself its parse tree has no reference cycle: it is freed by
reference counting as soon as its rows are converted, not by the cycle collector after
being scanned again (a sixth of the rows path's time)."""


@dataclass(slots=True)
class TableInfo:
    """A table map and what is known about its columns, with the per-bitmap converters."""

    schema: str
    table: str
    column_metas: list[Any]
    names: list[str]
    infos: list[values.ColumnInfo]
    pk: list[str] | None
    layouts: dict[tuple[int, bytes], _Layout] = field(default_factory=dict)
    unknown_fsp: tuple[str, ...] = ()
    """MariaDB's TIMESTAMP, DATETIME and TIME columns whose definition is unknown: if they
    have fractional digits, their values are in MariaDB 5.3's packing, of a size the
    table map does not give (they are read as whole seconds)."""
    told_unknown_fsp: bool = False
    """Whether a failed decode of this table's rows said why (:meth:`undecodable`)."""
    json_ranks: list[int] = field(init=False)
    """Per column, its index among the table's JSON columns (its bit in a partial update's
    ``partial_json_columns``), -1 for the other columns."""
    num_json_columns: int = field(init=False)

    def __post_init__(self) -> None:
        ranks = []
        count = 0
        for meta in self.column_metas:
            is_json = meta.real_type == values.JSON
            ranks.append(count if is_json else -1)
            count += is_json
        self.json_ranks = ranks
        self.num_json_columns = count

    def layout(self, column_count: int, present: bytes) -> _Layout:
        """The present columns of one kind of image (by the rows event's ``column_count``
        and bitmap ``present``) with their names and converters; built once per bitmap
        (the same for every event of the table)."""
        key = (column_count, present)
        found = self.layouts.get(key)
        if found is None:
            indexes = present_columns(column_count, present)
            metas = [self.column_metas[i] for i in indexes]
            sizes = [value_sizes(m, self.infos[i]) for i, m in zip(indexes, metas, strict=True)]
            is_known = all(size.is_value_size_known for size in sizes)
            columns = tuple(
                (self.names[i], values.converter(meta.real_type, meta, self.infos[i]))
                for i, meta in zip(indexes, metas, strict=True)) if is_known else ()
            found = self.layouts[key] = _Layout(
                sizes, columns, tuple(self.json_ranks[i] for i in indexes), is_known)
        return found

    def undecodable(self, reason: object, data: bytes) -> str:
        """Why rows of this table could not be decoded: ``reason``, and when the
        fractional digits of its temporal columns are unknown, that (the first time) and
        the row data's bytes."""
        where = f"cannot decode the rows of `{self.schema}`.`{self.table}`: {reason}"
        if not self.unknown_fsp:
            return where
        if self.told_unknown_fsp:
            return f"{where} (fractional digits unknown, see above); row data: {data.hex()}"
        self.told_unknown_fsp = True
        return (f"{where}; the fractional digits of its MariaDB TIMESTAMP/DATETIME/TIME "
                f"columns ({', '.join(self.unknown_fsp)}) are unknown: no CREATE TABLE for "
                f"it in the schema history (give one with --schema); row data: {data.hex()}")


def value_sizes(meta: Any, info: values.ColumnInfo) -> _ValueSizes:
    """A column's value sizes: the table map's, or for MariaDB 5.3's fractional
    temporal values those the column's digits give (the map has none). Unknown for an
    ENUM or SET column (the schema history's) that a map without metadata (5.1.17 and
    earlier) logs as a STRING: the map would read it as a CHAR."""
    if info.hires_fsp:
        return _ValueSizes(0, values.mariadb_hires_temporal(meta.real_type,
                                                            info.hires_fsp).len_value, True)
    if not meta.has_metadata and meta.real_type == values.STRING and (
            info.enum_values is not None or info.set_values is not None):
        return _ValueSizes(0, 0, False)
    return _ValueSizes(meta.len_length_prefix, meta.len_fixed_value, meta.is_value_size_known)


def present_columns(column_count: int, bitmap: bytes) -> list[int]:
    """The columns a rows event's bitmap marks present in one kind of image (bit i, least
    significant first, for column i of its ``column_count``), in column order."""
    return [i for i in range(column_count) if bitmap[i >> 3] >> (i & 7) & 1]


@dataclass(frozen=True, slots=True)
class _ValueSizes:
    """What the ``row_image`` spec reads of a column's ``column_meta``, as plain attributes:
    passed instead of the ``column_meta`` itself, it saves the generated properties' cost
    (about a microsecond per value read)."""

    len_length_prefix: int
    len_fixed_value: int
    is_value_size_known: bool


@dataclass(frozen=True, slots=True)
class _Layout:
    columns_param: list[_ValueSizes]
    """The spec's ``columns`` (or ``columns_after``) param: each present column's
    ``column_meta`` (its value sizes), in column order."""
    columns: tuple[tuple[str, values.Converter], ...]
    """Per present column: its name and converter (none when ``is_known`` is false)."""
    json_ranks: tuple[int, ...]
    """Per present column: its bit in ``partial_json_columns``, -1 if not JSON."""
    is_known: bool
    """Every present column's values have a known size (the rows can be read)."""

    def convert(self, image: Any) -> dict[str, Any]:
        """An image's values as {column name: value}."""
        return {name: None if v.is_null else conv(v.value)
                for (name, conv), v in zip(self.columns, image.values, strict=True)}

    def convert_partial(self, image: Any, before: dict[str, Any]) -> dict[str, Any]:
        """The after image of a PARTIAL_UPDATE_ROWS_EVENT, whose JSON columns may hold
        diffs: each is applied to the ``before`` image's document
        (:func:`~binlog_kaitai.json_diff.patched`)."""
        if not image.has_partial_json:
            return self.convert(image)
        diffs = image.partial_json_columns
        return {name: None if v.is_null else patched(
                    before, name, json_value.diff(v.value))
                if rank >= 0 and diffs[rank >> 3] >> (rank & 7) & 1 else conv(v.value)
                for (name, conv), v, rank in zip(self.columns, image.values, self.json_ranks,
                                                 strict=True)}


def _bits_msb(bitmap: bytes) -> list[bool]:
    return [bool(byte >> (7 - i) & 1) for byte in bitmap for i in range(8)]


def _optional_fields(tm: Any) -> dict[OptionalField, Any]:
    fields: dict[OptionalField, Any] = {}
    for f in tm.optional_metadata.fields:
        if isinstance(f.field_type, OptionalField):
            fields[f.field_type] = f.value
    return fields


def _charset_list(default: Any, listed: Any, count: int) -> list[str | None] | None:
    """Charsets of the ``count`` columns a DEFAULT_CHARSET or COLUMN_CHARSET field covers."""
    if listed is not None:
        ids = [item.value for item in listed.items]
        if len(ids) != count:  # not the columns we think it covers: trust none of it
            return None
    elif default is not None:
        ids = [default.default_collation.value] * count
        for exception in default.exceptions:
            if exception.column_index.value < count:
                ids[exception.column_index.value] = exception.collation.value
    else:
        return None
    return [values.charset_of_collation(i) for i in ids]


def _labels(lists: Any, charsets: list[str | None]) -> list[tuple[str, ...]]:
    """ENUM/SET labels per column, decoded with the column's charset (UTF-8 when unknown)."""
    out = []
    for column, entry in enumerate(lists.columns):
        charset = charsets[column] if column < len(charsets) else None
        codec = values.text_decoder(charset if charset not in (None, "binary") else "utf8mb4")
        out.append(tuple(codec(v.value) for v in entry.values))
    return out


def _distinct(names: list[str]) -> bool:
    """Whether column names can name a row's values: MySQL's are distinct, whatever their
    case (names that are not come from damaged metadata, and would lose a value)."""
    return len({name.lower() for name in names}) == len(names)


def describe_table(tm: Any, is_mariadb: bool, schema_cols: list[ColumnDef] | None,
                   schema_pk: list[str] | None) -> TableInfo:
    """Column names, primary key and per-column info of a table map (metadata first, then
    the schema history's definition when its column count matches)."""
    metas = tm.column_metas
    count = len(metas)
    real_types = [m.real_type for m in metas]
    fields = _optional_fields(tm)
    cols = schema_cols if schema_cols is not None and len(schema_cols) == count else None

    names_field = fields.get(OptionalField.column_name)
    logged = None if names_field is None else [n.name for n in names_field.names]
    if logged is not None and len(logged) == count and _distinct(logged):
        names = logged
    elif cols is not None and _distinct([c.name for c in cols]):
        names = [c.name for c in cols]
    else:
        names = [f"@{i + 1}" for i in range(count)]

    unsigned = _unsigned_flags(fields, real_types, is_mariadb)
    charsets = _charsets(fields, real_types, is_mariadb)
    enum_labels = _labels_of(fields, real_types, charsets, ENUM, OptionalField.enum_str_value)
    set_labels = _labels_of(fields, real_types, charsets, SET, OptionalField.set_str_value)
    hires = [i for i, t in enumerate(real_types) if is_mariadb and t in _OLD_TEMPORAL]
    infos = []
    for i in range(count):
        c = cols[i] if cols is not None else None
        infos.append(values.ColumnInfo(
            unsigned=bool(unsigned[i] if unsigned[i] is not None
                          else c is not None and c.unsigned),
            charset=charsets[i] if charsets[i] is not None else (c.charset if c else None),
            enum_values=enum_labels[i] if enum_labels[i] is not None else (
                c.enum_values if c else None),
            set_values=set_labels[i] if set_labels[i] is not None else (
                c.set_values if c else None),
            hires_fsp=c.fsp if c is not None and i in hires and c.fsp else 0,
        ))

    pk: list[str] | None = None
    simple = fields.get(OptionalField.simple_primary_key)
    prefixed = fields.get(OptionalField.primary_key_with_prefix)
    if simple is not None:
        pk = [names[i.value] for i in simple.items if i.value < count]
    elif prefixed is not None:
        pk = [names[p.column_index.value] for p in prefixed.parts if p.column_index.value < count]
    elif schema_pk is not None and cols is not None:
        pk = list(schema_pk)
    return TableInfo(tm.schema_name, tm.table_name, metas, names, infos, pk,
                     unknown_fsp=() if cols is not None else tuple(names[i] for i in hires))


def _unsigned_flags(fields: dict[OptionalField, Any], real_types: list[int],
                    is_mariadb: bool) -> list[bool | None]:
    """Per column, UNSIGNED as the SIGNEDNESS field says (None where it says nothing)."""
    unsigned: list[bool | None] = [None] * len(real_types)
    signedness = fields.get(OptionalField.signedness)
    if signedness is not None:
        bits = iter(_bits_msb(signedness.bitmap))
        numeric = NUMERIC_TYPES_MARIADB if is_mariadb else NUMERIC_TYPES_MYSQL
        for i, t in enumerate(real_types):
            if t in numeric:
                unsigned[i] = next(bits, None)
    return unsigned


def _charsets(fields: dict[OptionalField, Any], real_types: list[int],
              is_mariadb: bool) -> list[str | None]:
    """Per column, the charset the (ENUM/SET) DEFAULT_CHARSET or COLUMN_CHARSET fields
    give it (None where they say nothing)."""
    character = CHARACTER_TYPES_MARIADB if is_mariadb else CHARACTER_TYPES_MYSQL
    char_columns = [i for i, t in enumerate(real_types) if t in character]
    enum_set_columns = [i for i, t in enumerate(real_types) if t in (ENUM, SET)]
    charsets: list[str | None] = [None] * len(real_types)
    for columns, default_key, listed_key in (
        (char_columns, OptionalField.default_charset, OptionalField.column_charset),
        (enum_set_columns, OptionalField.enum_and_set_default_charset,
         OptionalField.enum_and_set_column_charset),
    ):
        found = _charset_list(fields.get(default_key), fields.get(listed_key), len(columns))
        if found is not None:
            for column, charset in zip(columns, found, strict=True):
                charsets[column] = charset
    return charsets


def _labels_of(fields: dict[OptionalField, Any], real_types: list[int],
               charsets: list[str | None], kind: int, key: OptionalField
               ) -> list[tuple[str, ...] | None]:
    """Per column, the ENUM or SET (``kind``) labels the ``key`` field lists."""
    store: list[tuple[str, ...] | None] = [None] * len(real_types)
    columns = [i for i, t in enumerate(real_types) if t == kind]
    lists = fields.get(key)
    if lists is not None:
        labels = _labels(lists, [charsets[i] for i in columns])
        for column, column_labels in zip(columns, labels, strict=False):
            store[column] = column_labels
    return store
