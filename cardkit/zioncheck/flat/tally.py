"""The flat tally (``notes/zion-kernel.md``): for now the stand-ins over the Python tally
(`cardkit.zioncheck.flat._standins`), which the real flat functions replace."""

from cardkit.zioncheck.flat._standins import (
    least_useful,
    might_go_down,
    summary,
    usefulness_counted,
)

__all__ = ["least_useful", "might_go_down", "summary", "usefulness_counted"]
