"""stone_age in the terminal: its full-screen app, plain mode and panels."""
