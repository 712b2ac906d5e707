"""Entry point of the game window (``python -m scenes``).

The table, menus and animation are the next milestone; until they land this entry point says
so plainly instead of opening an empty window.
"""

import sys


def main() -> int:
    print(
        "The game window is not built yet: this version has the rules engine only.\n"
        "Try a simulated game instead: python -m tools.simulate --preset classic --games 100",
        file=sys.stderr,
    )
    return 1


if __name__ == "__main__":
    sys.exit(main())
