"""Grading: both checkers in the jail, the export comparison, verdicts and the self-test.
The static layer it applies first is `openfrontiers.submission`, shared with the packets."""
