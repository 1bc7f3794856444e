"""Spark batch job and Python Data Source that turn binlog files into tables.

``spark.job`` is the driver (``spark-submit spark/job.py`` or ``binlog-kaitai-spark``),
``spark.plan`` lists inputs and cuts large files into splits, ``spark.extract`` is what
executors run on one split, ``spark.datasource`` exposes the same parse as
``spark.read.format("mysql_binlog")``. Only the driver and the data source import PySpark;
the executor side needs nothing but the project itself.
"""
