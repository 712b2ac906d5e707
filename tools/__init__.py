"""Developer programs, run from the repository's root with ``python -m tools.NAME``.

At the top, the commands others rely on: ``simulate`` (seeded random games, invariants, games
per second), ``arena`` (two AI levels in duplicate format), ``bench_engine``, ``bench_frames``,
``build_fast`` (the mypyc engine), ``check_damaged_files`` and ``screens`` (every screen,
headless). By job, below: ``measure`` (the AI's habits, timing, decision gain, the outside
agent), ``bench`` (start-up, phones, a flooding phone), ``checks`` (a killed phone match, the
Expert's sampler), ``make`` (icon, layouts, music, sounds, card sheet) and ``release`` (Debian
roots, the Linux build and its check, the GLIBC floor, licences, the Windows version resource).
"""
