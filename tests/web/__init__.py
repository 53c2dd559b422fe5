"""End-to-end tests of the game server: a real uvicorn process, real websockets, real databases."""
