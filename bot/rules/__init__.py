"""The games' rules as pure functions: from the state as loaded to what happens next. No storage, no threads.

The services load, ask these, write the outcome in one transaction, and return the result.
"""
