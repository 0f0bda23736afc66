"""SQLite storage: the connection, migrations, and the repository the services use."""
