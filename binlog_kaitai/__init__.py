"""Read MySQL and MariaDB binary logs offline, with the layout declared in ksy/."""

# The generated parsers call these as binlog_kaitai.ZstdProcess(...) / .ZlibProcess(...).
from binlog_kaitai.processes import ZlibProcess, ZstdProcess

__all__ = ["ZlibProcess", "ZstdProcess"]
