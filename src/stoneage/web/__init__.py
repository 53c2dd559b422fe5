"""The game server (``stoneage serve``): a lobby over HTTP, play over websockets, games kept as logs.

Needs the ``web`` extra. ``app.create_app`` builds the FastAPI application; ``service`` holds the
live games (rooms) on the play layer; ``store`` keeps every game as its header and action log.
"""
