"""``python -m binlog_kaitai``: the CLI."""

import sys

from binlog_kaitai.cli import main

sys.exit(main())
