"""first_stone_age: its decision menus, words and results for every face (the play kit)."""
