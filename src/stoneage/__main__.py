"""``python -m stoneage`` runs the ``stoneage`` command."""

import sys

from stoneage.cli import main

sys.exit(main())
