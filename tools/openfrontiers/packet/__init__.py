"""Solver packets: salted opaque ids, standalone Lake workspaces, leakage scan, archives,
the evaluator key, and verification (`ofb packet export`, `ofb packet verify`)."""
