# Raises while being imported.
x = 1
raise RuntimeError("broken at import")
