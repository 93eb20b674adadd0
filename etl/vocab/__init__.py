"""Controlled vocabularies shipped with paperhouse (tags, metrics, datasets), as data files
read at the edge of a run and handed to the transforms as frames."""
