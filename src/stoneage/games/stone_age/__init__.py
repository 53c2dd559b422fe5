"""Stone Age (Hans im Glück, 2008) for 2–4 players."""
