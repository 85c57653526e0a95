"""The flat solver (``notes/zion-kernel.md``): for now the stand-ins over the Python solver
(`cardkit.zioncheck.flat._standins`), which the real flat functions replace."""

from cardkit.zioncheck.flat._standins import can_go_down, find_go_down

__all__ = ["can_go_down", "find_go_down"]
