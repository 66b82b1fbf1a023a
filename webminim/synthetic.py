"""Synthetic pages of a chosen size, for benchmarks and stress tests.

`large_page(n)` has about `n` HTML elements in a shape common on real sites (cards with a
heading, text, a link, a button and an input); `deep_page(d)` nests `d` elements.
"""

from __future__ import annotations

_CARD_ELEMENTS = 7  # li, h3, p, a, button, label, input


def large_page(elements: int, *, title: str = "Synthetic catalogue") -> str:
    cards = max(1, elements // _CARD_ELEMENTS)
    rows = "".join(
        f'<li class="card"><h3>Product {i}</h3><p>Short description of product {i}, in stock.</p>'
        f'<a href="/product/{i}">Details for product {i}</a><button type="button">Add {i} to cart</button>'
        f'<label>Qty <input type="number" value="1" aria-label="Quantity for product {i}"></label></li>'
        for i in range(cards)
    )
    return f"<!doctype html><html><head><title>{title}</title></head><body><ul>{rows}</ul></body></html>"


def deep_page(depth: int) -> str:
    """`depth` nested divs around one link. The HTML parser of a browser caps nesting, so a
    live test builds the same shape with DOM calls (see `deep_page_script`)."""
    return (
        "<!doctype html><html><head><title>Deep</title></head><body>"
        + "<div>" * depth
        + '<a href="/bottom">Bottom link</a>'
        + "</div>" * depth
        + "</body></html>"
    )


def deep_page_script(depth: int) -> str:
    """JavaScript that appends `depth` nested divs and a link to document.body."""
    return (
        "(() => { let node = document.body;"
        f" for (let i = 0; i < {int(depth)}; i++) {{ const d = document.createElement('div');"
        " node.appendChild(d); node = d; }"
        " const a = document.createElement('a'); a.href = '/bottom'; a.textContent = 'Bottom link';"
        " node.appendChild(a); })()"
    )
