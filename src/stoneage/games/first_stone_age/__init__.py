"""My First Stone Age: The Card Game — a memory game of goods cards, Martin the mammoth and huts."""
