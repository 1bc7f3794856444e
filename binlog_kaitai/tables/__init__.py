"""The tables engine: binlogs to the output tables (``files``, ``events``,
``transactions``, ``row_changes``, ``errors``, ``schema_history``, typed change tables and
snapshots), with no Spark in it.

:mod:`~binlog_kaitai.tables.splits` orders an archive's files into chains, carries each
chain's schema history and cuts large files into splits;
:mod:`~binlog_kaitai.tables.extract` parses one split into every table's records (the
transaction bookkeeping in :mod:`~binlog_kaitai.tables.transactions`, the rows in
:mod:`~binlog_kaitai.tables.records`, the row groups and their batches in
:mod:`~binlog_kaitai.tables.row_batches`, the problems in
:mod:`~binlog_kaitai.tables.problems`);
:mod:`~binlog_kaitai.tables.schemas` declares the tables' columns. ``export``
(:mod:`~binlog_kaitai.tables.export`) drives it in one process, the Spark job
(:mod:`binlog_kaitai.spark`) on executors.
"""
