"""A table of several phones: roles, the table code, the guarded store, QR."""
