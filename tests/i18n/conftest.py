"""The i18n tests import their helpers (english_left) from this folder."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
