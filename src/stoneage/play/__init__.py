"""The play layer every face shares: sessions, decision menus, the view model, the event stream,
and one kit per game (found by the registry through a lazy import path)."""
