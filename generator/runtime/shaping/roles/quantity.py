"""Quantity: amounts of money and counts.

- **money**: ``amount``, ``price``, ``cost``, ``total``, ``balance``, ``fee``, ``tax``,
  ``subtotal``, ``cents`` (not a count such as ``total_repos``), with its ``currency``: right
  after the state, amounts decide.
- **counts**: numbers named as a plural noun or ``count``/``total``/``size``/``quantity``/
  ``length``/``duration`` (``duration_ms``), not a bit field (``flags``: booleans packed in a
  number) nor a limit (``max_members``: a setting);
  for one resource also a small object of numbers only (``stats: {additions, deletions,
  total}``). A number counted in a time unit (``minReadySeconds``) is most often a setting:
  ranked after the others. A quantity taken from one part is shown with the same quantity
  in its sibling parts (``spec.replicas`` with ``status.replicas``: desired and observed).
- **measures**: numbers a computation gave a thing, named by a measure word (``score``,
  ``confidence``, ``probability``, ``salience``, ``magnitude``: ``MEASURE_WORDS``, in rank
  order): what tells apart the records a generation answers with (``kinds.py``).
"""

from __future__ import annotations

from typing import Any, Iterable

from ..names import base_type, hint
from ..trees import unwrap
from .words import plural, w

MONEY_WORDS = frozenset(
    {"amount", "price", "cost", "total", "balance", "fee", "tax", "subtotal", "cents"}
)
COUNT_WORDS = frozenset({"count", "total", "size", "quantity", "qty", "length", "duration"})
BIT_FIELDS = frozenset({"flags", "bits", "mask", "bitmask", "bitfield"})
LIMIT_WORDS = frozenset({"max", "min", "maximum", "minimum"})
# a span counted in (not an epoch time: ``roles/time.py``'s units)
DURATION_UNITS = frozenset({"seconds", "minutes", "hours", "days", "millis", "ms", "secs", "mins"})


# what a computation measured of a thing, the most telling first (``measure_rank``)
MEASURE_WORDS = ("score", "confidence", "probability", "likelihood", "salience", "relevance",
                 "similarity", "sentiment", "importance", "certainty", "polarity",
                 "subjectivity", "magnitude", "weight", "rating")  # fmt: skip


def is_measure(key: str, leaf: Any) -> bool:
    """``score``, ``salience``, ``featureImportance``: a number a computation gave a thing."""
    return base_type(leaf) in ("integer", "number") and w(key)[-1] in MEASURE_WORDS


def measure_rank(key: str) -> int:
    return MEASURE_WORDS.index(w(key)[-1]) if w(key)[-1] in MEASURE_WORDS else len(MEASURE_WORDS)


def is_unit_setting(key: str) -> bool:
    """A number counted in a time unit (``minReadySeconds``, ``timeout_ms``): most often a
    setting, so ranked after the quantities the object holds (``replicas``)."""
    return w(key)[-1] in DURATION_UNITS


# money words that end a name written as one word (``grossamount``, ``unitprice``)
COMPOUND_MONEY = ("amount", "price", "cost", "balance")


def money_words(key: str) -> tuple[str, ...]:
    """The words of ``key``; a one-word name that ends in a money word is split before it
    (``grossamount``: gross, amount)."""
    ws = w(key)
    if len(ws) == 1:
        for end in COMPOUND_MONEY:
            if ws[0].endswith(end) and len(ws[0]) >= len(end) + 3:
                return (ws[0][: -len(end)], end)
    return ws


def is_money(key: str, leaf: Any) -> bool:
    """``amount``, ``amount_due``, ``net_total``, ``grossamount``; not a count
    (``total_private_repos``)."""
    ws = money_words(key)
    if base_type(leaf) not in ("integer", "number") or not set(ws) & MONEY_WORDS:
        return False
    return ws[-1] in MONEY_WORDS or not (ws[-1] in COUNT_WORDS or plural(ws[-1]))


def is_amount(key: str, leaf: Any, siblings: Iterable[str]) -> bool:
    """An amount of an object whose members are ``siblings``: a number named for money
    (``is_money``), or a decimal written as a string, named as an amount, beside a currency
    member of the same object (``{amount: "5.00", currency}``, ``{originalAmount: "10.00",
    originalCurrency, payoutAmount, payoutCurrency}``, ``{priceValue: "9.99", priceCurrency}``),
    as in a money object (``money_pair``)."""
    if is_money(key, leaf):
        return True
    ws = money_words(key)
    named = ws[-1] in MONEY_WORDS or (ws[-1] == "value" and bool(set(ws) & MONEY_WORDS))
    if base_type(leaf) not in ("string", "any") or hint(leaf) is not None or not named:
        return False  # not an enum (``priceType``), a time or a link
    return any(is_currency(k) for k in siblings if k != key)


CURRENCY_ENDS = ("currency", "asset", "code", "iso")  # in rank order (``currency_order``)
# what an amount is counted in: a currency, or on a ledger the asset it moves (``{amount,
# asset}``: ``USD/2``, a token's symbol)
UNIT_WORDS = frozenset({"currency", "asset"})


def is_currency(key: str) -> bool:
    """A member naming the currency of an amount: ``currency``, ``currency_code``,
    ``currencyIso``, a ledger's ``asset`` (``asset_code``); not its symbol, name, id or
    decimal places."""
    ws = w(key)
    return bool(UNIT_WORDS & set(ws)) and ws[-1] in CURRENCY_ENDS


def currency_order(key: str, amount: str | None) -> tuple[bool, int, int]:
    """Sort key of currency members (``is_currency``) beside the amount taken: its own before
    another amount's (``currency_rank``); of those alike, ``currency`` before ``currency_code``,
    a bare one before ``primary_currency_code``."""
    ws = w(key)
    return currency_rank(key, amount), CURRENCY_ENDS.index(ws[-1]), len(ws)


def currency_rank(key: str, amount: str | None) -> bool:
    """Sort key of an object's currencies beside the amount taken: the one qualified as the
    amount is (``originalCurrency`` for ``originalAmount``, a bare ``currency`` for any)
    before another amount's (``payoutCurrency``)."""
    qualifier = set(w(key)) - UNIT_WORDS - {"code"}
    return amount is None or not qualifier <= set(money_words(amount))


# the unit a number of money is counted in, ending its name (``total_amount_cents``)
MONEY_UNITS = frozenset({"cents", "micros"})


def money_rank(key: str) -> bool:
    """Sort key of an object's amounts: what it came to first, a bare amount or one named as
    the total (``amount``, ``total_amount_cents``, ``amount_total``), before an amount
    qualified by what it is part of (``fees_amount_cents``, ``sub_total``: the unit it is
    counted in does not qualify it, nor does ``value``: ``priceValue`` is the price; nor is
    ``total_tax``, the total of a part, what it came to)."""
    ws = w(key)
    ws = ws[:-1] if len(ws) > 1 and ws[-1] in MONEY_UNITS | {"value"} else ws
    return len(ws) > 1 and not set(ws) <= TOTAL_WORDS


TOTAL_WORDS = frozenset({"total", "amount", "grand"})  # ``total_amount``, ``grand_total``


def money_pair(key: str, node: Any) -> tuple[str, str] | None:
    """A money object (``balance: {amount, currency}``, ``price: {value, currency_code}``): its
    number and its currency member, when the member is named for money. Beside a currency, a
    member named for money or ``value`` that is a string or undescribed is its number too: a
    decimal written as a string (``{value: "10.00", currency_code}``), a GraphQL custom scalar
    (``value: Amount``; the currency may be one too: ``currencyCode: CurrencyCodeAlpha``)."""
    if not set(w(key)) & MONEY_WORDS or not isinstance(node, dict):
        return None
    currencies = [
        k for k, v in node.items() if is_currency(k) and base_type(v) in ("string", "any")
    ]
    numbers = [k for k, v in node.items() if base_type(v) in ("integer", "number")]
    if not numbers:
        numbers = [
            k
            for k, v in node.items()
            if k not in currencies and base_type(v) in ("string", "any") and _money_member(k)
        ]
    if not numbers or not currencies:
        return None
    named = [k for k in numbers if _money_member(k)]
    # the plainest first: ``value`` and ``currency`` before ``convertedFromValue``
    return min(named or numbers, key=lambda k: len(w(k))), min(currencies, key=lambda k: len(w(k)))


def _money_member(key: str) -> bool:
    return w(key)[-1] in MONEY_WORDS or w(key)[-1] == "value"


def is_count(key: str, leaf: Any) -> bool:
    """Not a bit field (``flags``, ``public_flags``: booleans packed in a number) nor a limit
    (``max_members``, ``min_length``: a setting, not what the object holds)."""
    ws = w(key)
    if base_type(leaf) not in ("integer", "number"):
        return False
    if ws[-1] in BIT_FIELDS or (len(ws) > 1 and ws[0] in LIMIT_WORDS):
        return False
    return ws[-1] in COUNT_WORDS or plural(ws[-1])


def numbers_only(tree: Any) -> bool:
    """A flat object of two to four numbers: counts read together."""
    tree = unwrap(tree)
    return (
        isinstance(tree, dict)
        and 2 <= len(tree) <= 4
        and all(base_type(v) in ("integer", "number") for v in tree.values())
    )
