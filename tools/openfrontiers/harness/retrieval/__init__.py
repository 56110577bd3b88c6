"""Retrieval for conditions B and C, performed outside the sandbox and logged.

B (frozen): arXiv, Wikipedia, OpenAlex, MathOverflow and Math.SE, each limited to what
was public before the cutoff, every hit re-checked against the historical text it shows.
C (live): the same sources without a date limit, and `fetch_url` for any public URL.
Endpoints come from the evaluator's config; there are no built-in ones.
"""
