"""The CLI verbs; each module owns one stage's commands and calls into the library."""
