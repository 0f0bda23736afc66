"""Which feature answers an update: the declarations' shape (routes.py) and the ordered table (table.py)."""
