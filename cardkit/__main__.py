"""``python -m cardkit`` runs the command line (see `cardkit.cli`)."""

from cardkit.cli import main

if __name__ == "__main__":
    raise SystemExit(main())
