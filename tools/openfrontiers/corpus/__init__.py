"""The OpenFrontiers corpus: schema, source registry, importers, build, statistics."""
