"""The Spark batch job and Python Data Source: the only code that imports PySpark.

Installed as ``binlog_kaitai.spark``. :mod:`binlog_kaitai.spark.job` is the driver
(``binlog-kaitai-spark``, or ``spark-submit`` with the zip of
:mod:`binlog_kaitai.spark.build_zip`); :mod:`binlog_kaitai.spark.datasource` exposes the
same parse as ``spark.read.format("mysql_binlog")``. What executors run on a split, and
everything that is not Spark, is the tables engine :mod:`binlog_kaitai.tables`, which
``export`` drives in one process.
"""
