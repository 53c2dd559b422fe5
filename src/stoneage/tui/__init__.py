"""Terminal play: the full-screen game and the plain line-by-line mode."""
