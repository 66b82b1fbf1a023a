"""What the fresh egress sets (`fresh.py`, `fresh_b.py`, `fresh_c.py`) share: a Faker person,
and the loop that renders every template in every locale variant."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from faker import Faker
from scenarios import Scenario

Template = Callable[[Faker, int, str], Scenario]


def person(fake: Faker) -> dict[str, str]:
    first, last = fake.first_name(), fake.last_name()
    return {
        "first": first,
        "name": f"{first} {last}",
        "email": f"{first}.{last}@{fake.free_email_domain()}".lower().replace(" ", ""),
        "phone": fake.phone_number(),
        "street": fake.street_address().replace("\n", ", "),
        "city": _city(fake),
        "postcode": fake.postcode(),
    }


def _city(fake: Faker) -> str:
    """`fake.city()`, but deterministic: Faker's it_IT provider lists its cities from a set, so
    their order (and the seeded pick) changes with the interpreter's hash seed. The same one
    random draw, on the list sorted."""
    listed = [p.cities for p in fake.get_providers() if isinstance(getattr(p, "cities", None), list)]
    if listed:
        return fake.random_element(sorted(listed[0]))
    return fake.city()


def render(templates: Sequence[Template], locales: Sequence[str], seed: int, prefix: str) -> list[Scenario]:
    """Every template in every variant (one Faker locale each, seeded), deterministic."""
    out: list[Scenario] = []
    for v, locale in enumerate(locales):
        fake = Faker(locale)
        fake.seed_instance(seed + v)
        out.extend(template(fake, v, f"{prefix}-{template.__name__}-{locale}") for template in templates)
    return out


def phrases(vocabulary: dict[str, tuple[str, ...]]) -> list[str]:
    """Every contextual phrase of a set (for the no-lexicon check)."""
    return [phrase for options in vocabulary.values() for phrase in options]
