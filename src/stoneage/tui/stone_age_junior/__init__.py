"""stone_age_junior in the terminal: its full-screen app, plain mode and panels."""
