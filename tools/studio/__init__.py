"""The house-rules studio (`riskrules studio`): a local web application, a front end on the
service layer beside the command line and the language server.

  server.py     bind the socket, print the address with its token, run uvicorn
  security.py   the door: Host, Origin, the token in the path, bounded bodies
  lanes.py      slow work (a PDF) in bounded threads, off the event loop
  app.py        the application: routes, headers, the pages for what goes wrong
  state.py      what every route reads: the folder, the door, the study slot
  drafts.py     the files in FOLDER the studio may touch, and each one's draft
  document.py   a file's text and what the services say of it (check, sheet, diff, odds)
  start.py      the start page (a base, a file, an example, a draft)
  editor.py     the text, its diagnostics and quick fixes, the rule form's posts, Save
  form.py       the rule form and quick fixes (service.editing)
  panels.py     the sheet (and its PDF), the diff, the odds
  study.py      one balance study at a time, in a thread, bounded; studying.py its routes
  render.py     Jinja2 pages in the reader's language (the sheets' catalogues)
  templates/    the pages; static/ the stylesheet and htmx (vendored, with its licence)
"""
