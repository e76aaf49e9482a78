"""Parlour's Textual stylesheets (*.tcss): app.tcss for the shared screens, one per game."""
