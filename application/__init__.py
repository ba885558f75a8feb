"""Use cases, one per user or operator intention, and the ports they need."""
