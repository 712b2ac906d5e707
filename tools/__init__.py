"""Developer programs: the simulator, benchmarks, and (later) asset generators and the AI arena."""
