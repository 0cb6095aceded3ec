"""Code mode: a whole API in two tools (plus ``<api>_continue``).

``<api>_search`` turns words into callable signatures (signatures.py, search.py);
``<api>_execute`` runs a short Python script in the pydantic-monty sandbox (sandbox.py) where
every operation is a function (calls.py: validated, confirmed, sent and parsed through the
executor's path), and shapes the value of its last expression like any tool's result
(tools.py). The sandbox comes with the generated package's ``[code]`` extra.
"""
