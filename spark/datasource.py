"""``spark.read.format("mysql_binlog")``: the job's tables as a PySpark Python Data Source.

    from spark.datasource import register
    register(spark)
    spark.read.format("mysql_binlog").option("table", "row_changes").load("dumps/binlog.*")

Options: ``table`` (``events`` by default, or ``files``, ``transactions``,
``row_changes``, ``errors``), ``split_size`` (bytes or ``64m``), ``mode``
(``permissive`` or ``failfast``), ``schema_files`` (comma-separated DDL files for the
row decoder's schema history). The path may be a file, a directory or a glob, local or a
URI (``s3://``, ``hdfs://``..., see :mod:`spark.storage`), or several joined by commas.

There is one input partition per split, planned as the job plans them, except for the
``files`` table, which needs all of a file at once (one partition per file, parsed
whole). The planning runs in ``partitions()``, on the driver: files larger than
``split_size`` have their event headers walked there (the batch job does that on
executors instead).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from pyspark.sql.datasource import DataSource, DataSourceReader, InputPartition

from spark.extract import FailFast, Record, fold_files, parse_splits, parser_version
from spark.plan import (
    DEFAULT_SPLIT_SIZE,
    FileInfo,
    Split,
    list_inputs,
    parse_size,
    plan_file,
    read_scripts,
    whole_file,
)
from spark.schemas import TABLES, ddl


@dataclass
class SplitPartition(InputPartition):
    """One split (or, for the ``files`` table, one whole file)."""

    split: Split | None = None
    file: FileInfo | None = None


class BinlogDataSource(DataSource):
    """MySQL/MariaDB binlog files as one of the job's tables."""

    @classmethod
    def name(cls) -> str:
        return "mysql_binlog"

    def table(self) -> str:
        table = self.options.get("table", "events")
        if table not in TABLES:
            raise ValueError(f"mysql_binlog: unknown table {table!r}; one of {list(TABLES)}")
        return table

    def schema(self) -> str:
        return ddl(TABLES[self.table()])

    def reader(self, schema: Any) -> BinlogReader:
        return BinlogReader(self.table(), dict(self.options))


class BinlogReader(DataSourceReader):
    def __init__(self, table: str, options: dict[str, str]) -> None:
        self.table = table
        self.paths = input_paths(options)
        self.split_size = parse_size(options.get("split_size", str(DEFAULT_SPLIT_SIZE)))
        mode = options.get("mode", "permissive").lower()
        if mode not in ("permissive", "failfast"):
            raise ValueError(f"mysql_binlog: mode must be permissive or failfast, not {mode!r}")
        self.failfast = mode == "failfast"
        self.schema_scripts = read_scripts(p for p in options.get("schema_files", "").split(",")
                                           if p)

    def partitions(self) -> list[InputPartition]:
        files, _ = list_inputs(self.paths)
        if self.table == "files":
            return [SplitPartition(file=f) for f in files]
        return [SplitPartition(split=s) for f in files
                for s in plan_file(f, self.split_size, self.schema_scripts)]

    def read(self, partition: InputPartition) -> Iterator[tuple[Any, ...]]:
        assert isinstance(partition, SplitPartition)
        if partition.file is not None:
            stats = [values._asdict() for kind, values in self._parse(whole_file(partition.file))
                     if kind == "split_stats"]
            yield from fold_files(stats, parser_version())
            return
        assert partition.split is not None
        for kind, values in self._parse([partition.split]):
            if kind == self.table:
                yield values

    def _parse(self, splits: list[Split]) -> Iterator[Record]:
        """The splits' records; FAILFAST's ``failfast`` record fails the read (the task)
        as :class:`~spark.extract.FailFast`."""
        for kind, values in parse_splits(splits, failfast=self.failfast,
                                         schema_scripts=self.schema_scripts):
            if kind == "failfast":
                raise FailFast(values.file, values.offset, values.message)
            yield kind, values


def input_paths(options: dict[str, str]) -> list[str]:
    """``load(path)`` passes ``path``; ``load([p1, p2])`` passes ``paths`` as JSON."""
    if "paths" in options:
        return list(json.loads(options["paths"]))
    if "path" in options:
        return [p for p in options["path"].split(",") if p]
    raise ValueError("mysql_binlog: no path given to load()")


def register(spark: Any) -> None:
    """Make ``format("mysql_binlog")`` available in this session."""
    spark.dataSource.register(BinlogDataSource)
