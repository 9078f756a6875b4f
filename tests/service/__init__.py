"""Tests of the gRPC oracle service against real servers."""
