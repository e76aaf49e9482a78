"""Parlour's rules core: pure Python, no user interface, no I/O.

Start with `rules.table.Table.new("garfield", ["Ann", "Bob"], seed=1)`; see docs/PROTOCOL.md
for the same thing over JSON Lines.
"""
