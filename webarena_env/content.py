"""Seeded site content: the catalogue, forum and mailbox behind each page.

Everything a page shows is a pure function of its seed (Faker with a fixed seed plus a
`random.Random`), so a tree, its task instances and its labels can be rebuilt exactly.
Entity keys (`p12`, `t4`, `c31`, `m7`, ...) are what task instances and `data-gt-entity`
attributes refer to.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from faker import Faker

MONTHS = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
]
WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"]


@cache
def words() -> dict[str, Any]:
    return json.loads(resources.files("webarena_env").joinpath("data/words.json").read_text())


def _faker(seed: int) -> Faker:
    fake = Faker("en_US")
    fake.seed_instance(seed)
    return fake


# -- people -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Person:
    name: str
    email: str
    phone: str
    street: str
    city: str
    state: str
    zip_code: str
    username: str
    card_last4: str

    @property
    def first(self) -> str:
        return self.name.split()[0]

    @property
    def address(self) -> str:
        return f"{self.street}, {self.city}, {self.state} {self.zip_code}"


def make_person(fake: Faker, rng: random.Random) -> Person:
    first, last = fake.first_name(), fake.last_name()
    return Person(
        name=f"{first} {last}",
        email=f"{first}.{last}@{fake.free_email_domain()}".lower(),
        phone=fake.numerify("(###) ###-####"),
        street=fake.street_address(),
        city=fake.city(),
        state=fake.state_abbr(),
        zip_code=fake.zipcode_plus4() if rng.random() < 0.4 else fake.zipcode(),
        username=f"{first.lower()}_{last.lower()[:4]}{rng.randint(1, 99)}",
        card_last4=fake.numerify("####"),
    )


# -- shopping ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Review:
    id: str
    author: str
    rating: int
    title: str
    text: str
    date: str


@dataclass(frozen=True, slots=True)
class Product:
    id: str
    name: str
    brand: str
    category: str
    subcategory: str
    price: float
    rating: float
    review_count: int
    description: str
    features: tuple[str, ...]
    reviews: tuple[Review, ...]


@dataclass(frozen=True, slots=True)
class Order:
    id: str
    date: str
    status: str
    items: tuple[str, ...]
    total: float


@dataclass(frozen=True, slots=True)
class Shop:
    seed: int
    products: tuple[Product, ...]
    categories: dict[str, list[str]]
    account: Person
    orders: tuple[Order, ...]
    cart: tuple[tuple[str, int], ...]
    wishlist: tuple[str, ...]
    bookmarks: tuple[tuple[str, str], ...]
    recently_viewed: tuple[str, ...]

    def product(self, key: str) -> Product:
        return next(p for p in self.products if p.id == key)


@cache
def shop(seed: int) -> Shop:
    fake, rng = _faker(seed), random.Random(seed)
    w = words()
    brands = [fake.company().split()[0].rstrip(",") for _ in range(12)]
    names: set[str] = set()
    products: list[Product] = []
    while len(products) < 36:
        name = f"{rng.choice(w['product_adjectives'])} {rng.choice(w['product_nouns'])}"
        if name in names:
            continue
        names.add(name)
        category = rng.choice(list(w["categories"]))
        reviews = tuple(
            Review(
                id=f"r{len(products)}_{j}",
                author=fake.user_name(),
                rating=rng.randint(1, 5),
                title=fake.sentence(nb_words=5).rstrip("."),
                text=fake.paragraph(nb_sentences=3),
                date=fake.date_between("-2y", "today").strftime("%b %d, %Y"),
            )
            for j in range(rng.randint(3, 6))
        )
        products.append(
            Product(
                id=f"p{len(products)}",
                name=name,
                brand=rng.choice(brands),
                category=category,
                subcategory=rng.choice(w["categories"][category]),
                price=round(rng.uniform(6, 400), 2),
                rating=round(rng.uniform(2.5, 5.0), 1),
                review_count=rng.randint(5, 2400),
                description=fake.paragraph(nb_sentences=4),
                features=tuple(fake.sentence(nb_words=7).rstrip(".") for _ in range(4)),
                reviews=reviews,
            )
        )
    ids = [p.id for p in products]
    orders = tuple(
        Order(
            id=f"o{100000 + rng.randint(0, 899999)}",
            date=fake.date_between("-1y", "today").strftime("%b %d, %Y"),
            status=rng.choice(["Delivered", "Shipped", "Processing", "Returned"]),
            items=tuple(rng.sample(ids, rng.randint(1, 3))),
            total=round(rng.uniform(15, 600), 2),
        )
        for _ in range(6)
    )
    bookmark_names = rng.sample(w["bookmarks"], 5)
    return Shop(
        seed=seed,
        products=tuple(products),
        categories=w["categories"],
        account=make_person(fake, rng),
        orders=orders,
        cart=tuple((pid, rng.randint(1, 3)) for pid in rng.sample(ids, 3)),
        wishlist=tuple(rng.sample(ids, 5)),
        bookmarks=tuple((f"b{i}", name) for i, name in enumerate(bookmark_names)),
        recently_viewed=tuple(rng.sample(ids, 6)),
    )


# -- forum ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Comment:
    id: str
    author: str
    text: str
    score: int
    age: str
    depth: int


@dataclass(frozen=True, slots=True)
class Post:
    id: str
    forum: str
    title: str
    author: str
    score: int
    age: str
    body: str
    comments: tuple[Comment, ...]


@dataclass(frozen=True, slots=True)
class ForumInfo:
    id: str
    name: str
    description: str
    members: int


@dataclass(frozen=True, slots=True)
class Forum:
    seed: int
    forums: tuple[ForumInfo, ...]
    posts: tuple[Post, ...]
    user: Person
    karma: int
    joined: str
    subscribed: tuple[str, ...]

    def post(self, key: str) -> Post:
        return next(p for p in self.posts if p.id == key)

    def forum(self, key: str) -> ForumInfo:
        return next(f for f in self.forums if f.id == key)


def _age(rng: random.Random) -> str:
    value = rng.randint(1, 23)
    return f"{value} hours ago" if rng.random() < 0.6 else f"{value} days ago"


@cache
def forum(seed: int) -> Forum:
    fake, rng = _faker(seed), random.Random(seed)
    w = words()
    forums = tuple(
        ForumInfo(f"f{i}", name, fake.sentence(nb_words=8).rstrip("."), rng.randint(800, 950_000))
        for i, name in enumerate(w["forums"])
    )
    posts: list[Post] = []
    comment_no = 0
    for i in range(30):
        thing = rng.choice(w["forum_things"])
        comments = []
        for _ in range(rng.randint(6, 12)):
            comments.append(
                Comment(
                    f"c{comment_no}",
                    fake.user_name(),
                    fake.paragraph(nb_sentences=2),
                    rng.randint(-3, 900),
                    _age(rng),
                    rng.choice([0, 0, 1, 1, 2]) if comments else 0,
                )
            )
            comment_no += 1
        posts.append(
            Post(
                id=f"t{i}",
                forum=rng.choice(forums).id,
                title=rng.choice(w["post_topics"]).format(thing=thing),
                author=fake.user_name(),
                score=rng.randint(0, 25_000),
                age=_age(rng),
                body=fake.paragraph(nb_sentences=5),
                comments=tuple(comments),
            )
        )
    return Forum(
        seed=seed,
        forums=forums,
        posts=tuple(posts),
        user=make_person(fake, rng),
        karma=rng.randint(10, 80_000),
        joined=fake.date_between("-8y", "-1y").strftime("%b %Y"),
        subscribed=tuple(f.id for f in rng.sample(list(forums), 8)),
    )


# -- mail -------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Message:
    id: str
    sender: str
    sender_email: str
    subject: str
    body: str
    date: str
    unread: bool
    starred: bool
    sensitive: int  # rubric sensitivity of the body (private message 8, health/finance 9)


@dataclass(frozen=True, slots=True)
class Mailbox:
    seed: int
    owner: Person
    messages: tuple[Message, ...]
    contacts: tuple[tuple[str, str], ...]
    signature: str
    forwarding: str

    def message(self, key: str) -> Message:
        return next(m for m in self.messages if m.id == key)


_HEALTH_OR_MONEY = ("Lab results", "prescription", "statement", "Payroll", "Tax documents", "invoice")


@cache
def mail(seed: int) -> Mailbox:
    fake, rng = _faker(seed), random.Random(seed)
    w = words()
    owner = make_person(fake, rng)
    messages = []
    subjects = rng.sample(w["mail_subjects"], 14)
    for i, template in enumerate(subjects):
        sender = make_person(fake, rng)
        subject = template.format(
            month=rng.choice(MONTHS),
            num=rng.randint(1000, 9999),
            city=fake.city(),
            day=rng.randint(1, 28),
            last4=fake.numerify("####"),
            street=fake.street_name(),
            weekday=rng.choice(WEEKDAYS),
            code=fake.bothify("??####").upper(),
            year=rng.randint(2023, 2026),
        )
        sensitive = 9 if any(k in subject for k in _HEALTH_OR_MONEY) else 8
        messages.append(
            Message(
                id=f"m{i}",
                sender=sender.name,
                sender_email=sender.email,
                subject=subject,
                body=f"Hi {owner.first},\n\n{fake.paragraph(nb_sentences=5)}\n\n{fake.paragraph(nb_sentences=3)}"
                f"\n\nBest,\n{sender.first}",
                date=fake.date_between("-60d", "today").strftime("%b %d"),
                unread=rng.random() < 0.4,
                starred=rng.random() < 0.2,
                sensitive=sensitive,
            )
        )
    contacts = tuple((p.name, p.email) for p in (make_person(fake, rng) for _ in range(8)))
    return Mailbox(
        seed=seed,
        owner=owner,
        messages=tuple(messages),
        contacts=contacts,
        signature=f"{owner.name} · {owner.phone}",
        forwarding=fake.email(),
    )
