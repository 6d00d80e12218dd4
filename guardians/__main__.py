"""`python -m guardians` runs the same CLI as the `guardians` console script."""

from guardians.cli import main

if __name__ == "__main__":
    raise SystemExit(main())
