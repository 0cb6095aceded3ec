"""The roles a field plays in an object, one module each: what an agent needs from an object it
has not asked about is chosen role by role (``shaping/defaults.py`` runs them in order).

A field's role comes from the words of its name (``customerId`` -> ``customer``, ``id``;
camelCase, snake_case, PascalCase alike: ``names.words``), its JSON type and its schema hint
(``format: date-time``, ``uri``, ``email``, ``enum``, ``const``: ``names.hint``), and its
position in the tree; never from one API's field names.

- ``identity``: what the object is addressed by (``id``, a natural key, the path parameter).
- ``label``: what a person calls it (``name``, ``title``; else its primary field or text).
- ``state``: where it stands (``status``, ``state``), what it is (flags), which variant
  (discriminators).
- ``content``: what it says (``body``, ``description``, ``text``), its own page (links).
- ``time``: when it changed or was made.
- ``quantity``: amounts of money and counts.
- ``relation``: the people and the other objects it refers to, reduced to a readable identity.
- ``parts``: the lists inside one object, each element reduced.
- ``noise``: what is never a default (avatars, etags, secrets; but one resource's own
  picture on its page: ``steps.own_picture``).

``picking`` holds the budget (``Profile``) and the selection being built (``Selection``).
"""
