"""The studio as a static site (a front end): `riskrules site build DIR` lays out Pyodide's
runtime, the wheels (checked against site.lock), the pages pre-rendered at build time and the
page's own scripts; `riskrules site serve DIR` serves a built site on 127.0.0.1. In the page,
page.py runs the studio's own Starlette app in a Web Worker: one app, two hosts.

  fetch.py      the lock file, the user cache, downloads through pip and npm, sha256 checks
  wheels.py     the wheels the page installs: trimmed (trim.py), pure MarkupSafe, riskrules' own
  trim.py       what the site leaves out of the third-party wheels, and why
  stdlib.py     Pyodide's standard library less what the page never imports
  prerender.py  the sheets, cards and concordance written as static pages at build time
  build.py      the site's layout, its manifest and content policy
  serve.py      a small static server for a built site (127.0.0.1 only)
  page.py       what the worker's Python calls: the studio app, in the page, without a door
"""
