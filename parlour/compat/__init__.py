"""Every private API of a library Parlour uses, behind one module per library.

Each name here says what it stands in for (the public API, or that there is none). Upgrading a
library: tests/test_compat.py checks that each private name still exists and behaves as assumed,
and fails loudly, naming the module to fix here, when it does not. Nothing outside this package
reaches into a library's private names (the same test greps for them)."""
