"""The gRPC service: a thin adapter over the engine (the engine never imports it)."""
