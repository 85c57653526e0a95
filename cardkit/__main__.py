"""``python -m cardkit`` runs the command line (see `cardkit.cli`)."""

from cardkit.cli import main

raise SystemExit(main())
