"""Benchmarks of the program around the engine: start-up, the phones' cost, a flooding phone.
(``tools.bench_engine`` and ``tools.bench_frames`` stay at the top of ``tools/``.)"""
