"""Amora's business rules: plain values and functions, no I/O, no frameworks.

Time and ids always come in as arguments, so every rule here can be
property-tested without infrastructure.
"""
