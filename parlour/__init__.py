"""Parlour: the command line and the glue around the rules core."""
