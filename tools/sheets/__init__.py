"""Rule sheets: the summary, the diff's page, their sentences, templates and translations."""
