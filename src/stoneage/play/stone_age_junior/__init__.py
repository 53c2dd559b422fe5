"""stone_age_junior: its decision menus, words and results for every face (the play kit)."""
