"""Which pages each site has and what each page shows for a given seed.

A page is addressed as `/{theme}/{site}/{page}?seed=N`; everything it shows is chosen here
from the seeded content, so the corpus builder and the task generator see the same entities
as the browser does.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from webarena_env.content import Forum, Mailbox, Shop, forum, mail, shop

SITE_PAGES: dict[str, tuple[str, ...]] = {
    "shop": ("home", "search", "product", "cart", "checkout", "wishlist", "account", "twofa", "review", "contact"),
    "forum": ("front", "forums", "post", "reply", "search", "user"),
    "mail": ("inbox", "message", "compose", "reply", "search", "settings"),
}
THEMES: tuple[str, ...] = ("a", "b")
SITE_NAMES: dict[tuple[str, str], str] = {
    ("a", "shop"): "ShopSmart",
    ("b", "shop"): "Cartwheel",
    ("a", "forum"): "Threadit",
    ("b", "forum"): "Agora",
    ("a", "mail"): "Postbox",
    ("b", "mail"): "Mailroom",
}


@dataclass(frozen=True, slots=True)
class PageSpec:
    """One concrete page: the unit the corpus calls a tree (before injection)."""

    theme: str
    site: str
    page: str
    seed: int

    def __post_init__(self) -> None:
        if self.theme not in THEMES:
            raise ValueError(f"unknown theme {self.theme!r}")
        if self.site not in SITE_PAGES or self.page not in SITE_PAGES[self.site]:
            raise ValueError(f"unknown page {self.site}/{self.page}")

    @property
    def path(self) -> str:
        return f"/{self.theme}/{self.site}/{self.page}?seed={self.seed}"


def _rng(spec: PageSpec) -> random.Random:
    # Content of a page depends on site, page type and seed, never on the theme.
    return random.Random(f"{spec.site}/{spec.page}/{spec.seed}")


def _chosen(items: Sequence[Any], key: str | None) -> Any:
    """The item whose id a link asked for, if any (None: the seed decides)."""
    return next((item for item in items if item.id == key), None) if key else None


def shop_context(spec: PageSpec, query: str, params: Mapping[str, str]) -> dict[str, Any]:
    data: Shop = shop(spec.seed)
    rng = _rng(spec)
    ids = [p.id for p in data.products]
    ctx: dict[str, Any] = {"shop": data, "account": data.account, "cart_count": sum(q for _, q in data.cart)}
    if spec.page == "home":
        ctx["featured"] = [data.product(i) for i in rng.sample(ids, 12)]
        ctx["deals"] = [data.product(i) for i in rng.sample(ids, 6)]
        ctx["recent"] = [data.product(i) for i in data.recently_viewed]
    elif spec.page == "search":
        q = query or rng.choice(data.products).name.split()[-1]
        hits = [p for p in data.products if q.lower() in p.name.lower()]
        rest = [data.product(i) for i in rng.sample(ids, 16) if data.product(i) not in hits]
        ctx["query"] = q
        ctx["results"] = (hits + rest)[:16]
    elif spec.page == "review":  # a review of the product a link named (else the seed's), for public view
        ctx["product"] = _chosen(data.products, params.get("id")) or data.products[spec.seed % len(data.products)]
    elif spec.page == "contact":  # customer service's message form, about one of the user's orders or none
        ctx["orders"] = list(data.orders)
    elif spec.page == "product":
        product = _chosen(data.products, params.get("id")) or data.products[spec.seed % len(data.products)]
        others = [i for i in ids if i != product.id]
        ctx["product"] = product
        ctx["related"] = [data.product(i) for i in rng.sample(others, 6)]
        ctx["also_viewed"] = [data.product(i) for i in rng.sample(others, 4)]
    elif spec.page == "cart":
        ctx["items"] = [(data.product(pid), qty) for pid, qty in data.cart]
        ctx["subtotal"] = round(sum(data.product(pid).price * qty for pid, qty in data.cart), 2)
        ctx["suggested"] = [data.product(i) for i in rng.sample(ids, 6)]
    elif spec.page == "checkout":
        ctx["items"] = [(data.product(pid), qty) for pid, qty in data.cart]
        ctx["subtotal"] = round(sum(data.product(pid).price * qty for pid, qty in data.cart), 2)
    elif spec.page == "wishlist":
        ctx["items"] = [data.product(i) for i in data.wishlist]
        ctx["suggested"] = [data.product(i) for i in rng.sample(ids, 4)]
    elif spec.page == "account":
        ctx["orders"] = [(o, [data.product(i) for i in o.items]) for o in data.orders]
    elif spec.page == "twofa":
        ctx["phone_tail"] = data.account.phone[-4:]
    return ctx


def forum_context(spec: PageSpec, query: str, params: Mapping[str, str]) -> dict[str, Any]:
    data: Forum = forum(spec.seed)
    rng = _rng(spec)
    ctx: dict[str, Any] = {
        "forum": data,
        "user": data.user,
        "subscribed": [data.forum(f) for f in data.subscribed],
        "trending": rng.sample(list(data.posts), 5),
    }
    if spec.page == "front":
        ctx["posts"] = rng.sample(list(data.posts), 20)
    elif spec.page == "forums":
        ctx["forums"] = list(data.forums)
    elif spec.page in ("post", "reply"):
        post = _chosen(data.posts, params.get("id")) or data.posts[spec.seed % len(data.posts)]
        ctx["post"] = post
        ctx["post_forum"] = data.forum(post.forum)
        if spec.page == "reply":
            target = post.comments[rng.randrange(len(post.comments))]
            ctx["target"] = _chosen(post.comments, params.get("c")) or target
    elif spec.page == "search":
        q = query or rng.choice(data.posts).title.split()[-2]
        hits = [p for p in data.posts if q.lower() in p.title.lower()]
        ctx["query"] = q
        ctx["results"] = (hits + [p for p in rng.sample(list(data.posts), 12) if p not in hits])[:12]
    elif spec.page == "user":
        ctx["posts"] = rng.sample(list(data.posts), 10)
        ctx["comments"] = [(p, p.comments[0]) for p in rng.sample(list(data.posts), 10)]
    return ctx


def mail_context(spec: PageSpec, query: str, params: Mapping[str, str]) -> dict[str, Any]:
    data: Mailbox = mail(spec.seed)
    rng = _rng(spec)
    ctx: dict[str, Any] = {
        "mailbox": data,
        "owner": data.owner,
        "unread": sum(m.unread for m in data.messages),
    }
    if spec.page == "inbox":
        ctx["messages"] = list(data.messages)
    elif spec.page in ("message", "reply"):
        ctx["message"] = _chosen(data.messages, params.get("id")) or data.messages[spec.seed % len(data.messages)]
        mode = params.get("mode") or ("forward" if spec.seed % 3 == 0 else "reply")
        ctx["mode"] = "forward" if spec.page == "reply" and mode == "forward" else "reply"
    elif spec.page == "compose":
        ctx["contacts"] = list(data.contacts)
    elif spec.page == "search":
        q = query or rng.choice(data.messages).subject.split()[0]
        hits = [m for m in data.messages if q.lower() in m.subject.lower()]
        ctx["query"] = q
        ctx["results"] = (hits + [m for m in rng.sample(list(data.messages), 6) if m not in hits])[:8]
    return ctx


CONTEXTS = {"shop": shop_context, "forum": forum_context, "mail": mail_context}

# Theme A words its controls differently per seed, so that a model trained on theme A
# learns what a control does rather than one site's exact label. (Theme B, held out, has
# its own fixed wording; these lists were chosen not to contain it.)
WORDING: dict[str, tuple[str, ...]] = {
    # Theme A draws one label per control per seed so the scorer learns what a control does,
    # not one string. Theme B's own labels ("Add to basket", "♥ Like", "New mail", "Pass on",
    # "Type your response", ...) are never in these pools: it stays a held-out wording.
    "cart": ("Cart", "Bag", "Trolley", "Shopping cart", "Your cart", "Cart items"),
    "add_to_cart": ("Add to Cart", "Add to Bag", "Buy now", "Add to trolley", "Put in cart", "Purchase"),
    "wishlist": ("Wishlist", "Favorites", "Saved for later", "Wish List", "My saved list"),
    "add_to_wishlist": ("Add to Wish List", "Add to Favorites", "♡ Favorite", "Keep for later", "Remember this"),
    "search": ("Search", "Go", "Look up", "🔎", "Search items", "Search now"),
    "upvote": ("Upvote", "Vote up", "+1", "Thumbs up", "Recommend", "▲"),
    "downvote": ("Downvote", "Vote down", "-1", "Thumbs down", "Not useful", "▼"),
    "reply": ("reply", "Answer", "Write a reply", "Reply", "Comment", "Leave a comment"),
    "comments": ("comments", "responses", "discussion", "answers", "reactions", "thread replies"),
    "submit_reply": ("Save", "Post", "Submit", "Publish", "Send reply", "Done"),
    "reply_box": ("Your reply", "Write your reply", "Comment text", "Your comment"),
    "compose": ("Compose", "Write", "New message", "+ Create", "New email", "Draft"),
    "forward": ("Forward", "Send on", "Fwd", "Share by mail", "Redirect"),
    "delete": ("Delete", "Trash", "Bin", "Discard conversation", "Throw away", "Delete forever"),
    "send": ("Send", "Send now", "Deliver", "Send message", "Dispatch", "Send it"),
    "subject": ("Subject", "Title", "Subject line"),
    "verify": ("Verify", "Submit", "Continue", "Next", "Check code", "Validate"),
    "bookmarks": ("Bookmarks", "Pinned", "Quick links", "Favourites bar", "Shortcuts", "Saved pages"),
}


def wording(theme: str, seed: int) -> dict[str, str]:
    if theme != "a":
        return {k: v[0] for k, v in WORDING.items()}
    rng = random.Random(f"wording/{seed}")
    return {k: rng.choice(v) for k, v in WORDING.items()}


def page_context(spec: PageSpec, query: str = "", params: Mapping[str, str] | None = None) -> dict[str, Any]:
    """What a page shows. `params` are the URL's own choices (`id` of the product, post or
    message a link opened, `c` of the comment replied to, `mode` of a reply); without them
    the page seed picks."""
    ctx = CONTEXTS[spec.site](spec, query, params or {})
    ctx.update(
        spec=spec,
        theme=spec.theme,
        site_name=SITE_NAMES[(spec.theme, spec.site)],
        page=spec.page,
        w=wording(spec.theme, spec.seed),
    )
    return ctx
