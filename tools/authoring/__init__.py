"""Writing rules files: a new house rule's start, the ignored codes, the rule catalogue."""
