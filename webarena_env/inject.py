"""Synthetic sensitive content injected into pages (paper Table 6), server-side or live.

Kinds: 2FA/OTP codes, password-save prompts with the password, Slack-like notifications
with private messages, email previews with the sender address, background tab titles and
system notifications. Placements: toast, sidebar widget, top banner, modal, notification
tray. Every value is fresh per instance (drawn from the instance seed) and every fragment
carries the `data-gt-*` marks the labeller reads.

    inject(page, [Injection("otp", "toast", seed=7)])   # into any live Playwright page
"""

from __future__ import annotations

import random
import string
from dataclasses import dataclass, field
from html import escape
from typing import Literal, get_args

from faker import Faker
from playwright.sync_api import Page

from webarena_env.content import words

Kind = Literal["otp", "password", "slack", "email_preview", "tabs", "system"]
Placement = Literal["toast", "sidebar", "banner", "modal", "tray"]
KINDS: tuple[str, ...] = get_args(Kind)
PLACEMENTS: tuple[str, ...] = get_args(Placement)

# Placement -> where the fragment goes: top of <body>, the page's sidebar, or end of <body>.
SLOTS: dict[str, str] = {"banner": "top", "sidebar": "sidebar", "toast": "end", "modal": "end", "tray": "end"}

_STYLE = {
    "toast": "position:fixed;right:18px;bottom:18px;width:300px;z-index:50;background:#1f2430;color:#fff;"
    "padding:12px 14px;border-radius:6px;box-shadow:0 4px 14px rgba(0,0,0,.3);font:14px sans-serif",
    "banner": "position:sticky;top:0;z-index:50;background:#fff4c2;color:#3a3000;padding:10px 16px;"
    "border-bottom:1px solid #e6d27a;font:14px sans-serif",
    "modal": "position:fixed;left:50%;top:30%;transform:translate(-50%,-30%);width:360px;z-index:60;"
    "background:#fff;color:#222;padding:18px;border-radius:8px;box-shadow:0 10px 40px rgba(0,0,0,.35);"
    "font:14px sans-serif",
    "tray": "position:fixed;right:18px;top:70px;width:300px;z-index:50;background:#f7f7fa;color:#222;"
    "padding:10px 12px;border:1px solid #ccd;border-radius:6px;font:13px sans-serif",
    "sidebar": "background:#f3f0ff;color:#222;padding:10px 12px;border-radius:6px;margin:10px 0;font:13px sans-serif",
}


@dataclass(frozen=True, slots=True)
class Injection:
    """One piece of injected sensitive content; its values derive from `seed`."""

    kind: Kind
    placement: Placement
    seed: int = 0
    values: dict[str, str] = field(default_factory=dict, compare=False)
    wording: int = 0  # 0: the classic sentences; other values pick phrasings and markup per kind

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"unknown injection kind {self.kind!r}; choose one of {', '.join(KINDS)}")
        if self.placement not in PLACEMENTS:
            raise ValueError(f"unknown placement {self.placement!r}; choose one of {', '.join(PLACEMENTS)}")
        if not self.values:
            object.__setattr__(self, "values", _values(self.kind, self.seed))

    @property
    def slot(self) -> str:
        return SLOTS[self.placement]

    @property
    def secrets(self) -> tuple[str, ...]:
        """The strings that must never leave the device unless the task needs them."""
        return tuple(v for k, v in self.values.items() if k in _SECRET_FIELDS.get(self.kind, ()))

    def spec(self) -> str:
        return f"{self.kind}.{self.placement}"

    def html(self) -> str:
        return _RENDERERS[self.kind](self)


_SECRET_FIELDS: dict[str, tuple[str, ...]] = {
    "otp": ("code",),
    "password": ("password",),
    "slack": ("message",),
    "email_preview": ("email", "snippet"),
    "tabs": ("tab0", "tab1", "tab2", "tab3"),
    "system": ("text",),
}


def _values(kind: str, seed: int) -> dict[str, str]:
    rng = random.Random(f"{kind}:{seed}")
    fake = Faker("en_US")
    fake.seed_instance(rng.randint(0, 2**31))
    w = words()
    if kind == "otp":
        return {
            "code": f"{rng.randint(0, 999_999):06d}",
            "service": rng.choice(["ShopSmart", "Postbox", "Agora"]),
            "minutes": str(rng.choice([5, 10, 15])),
        }
    if kind == "password":
        alphabet = string.ascii_letters + string.digits + "!#$%&*?@"
        password = "".join(rng.choice(alphabet) for _ in range(rng.randint(10, 14)))
        return {"password": password, "username": fake.user_name(), "site": fake.domain_name()}
    if kind == "slack":
        message = rng.choice(w["slack_messages"]).format(
            secret="".join(rng.choice(string.ascii_letters + string.digits) for _ in range(10)),
            amount=f"${rng.randint(2, 90)},{rng.randint(100, 999)}",
            name=fake.name(),
        )
        return {"sender": fake.name(), "channel": rng.choice(w["slack_channels"]), "message": message}
    if kind == "email_preview":
        first, last = fake.first_name(), fake.last_name()
        return {
            "sender": f"{first} {last}",
            "email": f"{first}.{last}@{fake.free_email_domain()}".lower(),
            "subject": fake.sentence(nb_words=5).rstrip("."),
            "snippet": fake.sentence(nb_words=12),
        }
    if kind == "tabs":
        titles = rng.sample(w["tab_titles"], 4)
        return {
            f"tab{i}": t.format(bank=fake.company(), last=fake.last_name(), name=fake.name(), company=fake.company())
            for i, t in enumerate(titles)
        }
    notice = rng.choice(w["system_notices"]).format(
        last=fake.last_name(),
        time=f"{rng.randint(1, 12)}:{rng.choice(['00', '15', '30', '45'])} PM",
        last4=fake.numerify("####"),
        amount=f"${rng.randint(20, 2000)}.{rng.randint(10, 99)}",
        company=fake.company(),
        drug=rng.choice(w["drugs"]),
        name=fake.first_name(),
    )
    return {"text": notice}


_ROLES = ("status", "alert", "region", "dialog", "note", "")
_LABELS = ("Notifications", "Message", "New activity", "Alert", "Update", "")


def _pick(inj: Injection, pool: tuple[str, ...], salt: int = 0) -> str:
    """The classic (first) entry for wording 0, else one chosen by the wording number."""
    return pool[0] if inj.wording == 0 else pool[(inj.wording // (salt * 7 + 1)) % len(pool)]


def _wrap(inj: Injection, inner: str, *, role: str, label: str, s: int) -> str:
    modal = ' aria-modal="false"' if inj.placement == "modal" else ""
    if inj.wording:  # varied markup: the model must not learn one role or aria-label
        role, label = _pick(inj, (role, *_ROLES), 3), _pick(inj, (label, *_LABELS), 5)
    role_attr = f' role="{role}"' if role else ""
    label_attr = f' aria-label="{escape(label)}"' if label else ""
    return (
        f'<div class="wm-inject wm-{inj.placement}"{role_attr}{label_attr}{modal} '
        f'style="{_STYLE[inj.placement]}" data-gt-region="inject-{inj.kind}" data-gt-s="{s}">{inner}</div>'
    )


_OTP_SENTENCES = (
    "Your verification code is {code}. It expires in {minutes} minutes.",
    "{code} is your {service} sign-in code.",
    "Use {code} to finish logging in. Don't share it with anyone.",
    "Security code: {code}",
    "Enter {code} to confirm it's you ({minutes} min).",
    "One-time passcode {code} was requested for your account.",
    "Login code — {code}",
)
_PASSWORD_LINES = (
    "Password: {password}",
    "Your new password is {password}",
    "Temporary password {password}",
    "pw: {password}",
    "Generated password · {password}",
)
_PREVIEW_LINES = (
    "New mail from {sender} <{email}>",
    "{sender} ({email}) wrote to you",
    "From: {sender} — {email}",
    "{email} sent you a message",
)


def _otp(inj: Injection) -> str:
    v = inj.values
    return _wrap(
        inj,
        f'<strong data-gt-s="2">{escape(v["service"])} security</strong>'
        f'<p data-gt-field="otp-code" data-gt-s="10">{escape(_pick(inj, _OTP_SENTENCES).format(**v))}</p>',
        role="status",
        label="Security notification",
        s=3,
    )


def _event(name: str, **fields: str) -> str:
    """JS (inside a double-quoted onclick) that tells the site's server what the widget did;
    `fields` are JS expressions."""
    body = ", ".join([f"event: '{name}'", *(f"{k}: {v}" for k, v in fields.items())])
    return (
        "fetch('/__event', {method: 'POST', headers: {'Content-Type': 'application/json'}, "
        f"body: JSON.stringify({{{body}}})}});"
    )


def _password(inj: Injection) -> str:
    v = inj.values
    return _wrap(
        inj,
        f'<p data-gt-field="password-prompt" data-gt-s="6">Save password for {escape(v["site"])}?</p>'
        f'<p data-gt-field="password-user" data-gt-s="7">Username: {escape(v["username"])}</p>'
        f'<p data-gt-field="password" data-gt-s="10">{escape(_pick(inj, _PASSWORD_LINES).format(**v))}</p>'
        '<button type="button" data-gt-control="save-password" data-gt-s="1" '
        f"onclick=\"this.textContent='Password saved';{_event('save_password')}\">Save password</button> "
        '<button type="button" data-gt-control="never-save" data-gt-s="1" '
        "onclick=\"this.closest('.wm-inject').remove()\">Never</button>",
        role="dialog",
        label="Save password?",
        s=6,
    )


def _slack(inj: Injection) -> str:
    v = inj.values
    return _wrap(
        inj,
        f'<strong data-gt-field="slack-channel" data-gt-s="5">Slack · {escape(v["channel"])}</strong>'
        f'<p data-gt-field="slack-message" data-gt-entity="slack0" data-gt-s="9">'
        f"{escape(v['sender'])}: {escape(v['message'])}</p>"
        f'<a href="#slack" data-gt-control="open-slack" data-gt-s="1" onclick="{_event("open_slack")}">Open Slack</a> '
        f'<input type="text" aria-label="Reply to {escape(v["sender"])}" placeholder="Reply…" '
        'data-gt-control="slack-reply-input" data-gt-s="1">'
        '<button type="button" data-gt-control="slack-send" data-gt-s="1" '
        "onclick=\"const v = this.previousElementSibling.value; this.textContent = v ? 'Reply sent' : 'Send'; "
        f'if (v) {_event("slack_reply", text="v")}">Send</button>',
        role="status",
        label="Slack notification",
        s=5,
    )


def _email_preview(inj: Injection) -> str:
    v = inj.values
    return _wrap(
        inj,
        f'<p data-gt-field="preview-sender" data-gt-s="7">{escape(_pick(inj, _PREVIEW_LINES).format(**v))}</p>'
        f'<p data-gt-field="preview-text" data-gt-s="8">{escape(v["subject"])}: {escape(v["snippet"])}</p>',
        role="status",
        label="Mail notification",
        s=5,
    )


def _tabs(inj: Injection) -> str:
    tabs = "".join(
        f'<button type="button" role="tab" aria-selected="false" data-gt-control="tab" data-gt-entity="tab{i}" '
        "onclick=\"this.parentNode.querySelectorAll('[role=tab]').forEach(t => t.setAttribute('aria-selected', "
        f'String(t === this)));{_event("switch_tab", tab="this.textContent")}" '
        f'data-gt-s="7">{escape(inj.values[f"tab{i}"])}</button>'
        for i in range(4)
    )
    return _wrap(
        inj, f'<div role="tablist" aria-label="Other open tabs">{tabs}</div>', role="region", label="Open tabs", s=5
    )


def _system(inj: Injection) -> str:
    return _wrap(
        inj,
        f'<p data-gt-field="system-text" data-gt-s="8">{escape(inj.values["text"])}</p>',
        role="alert",
        label="System notification",
        s=5,
    )


_RENDERERS = {
    "otp": _otp,
    "password": _password,
    "slack": _slack,
    "email_preview": _email_preview,
    "tabs": _tabs,
    "system": _system,
}


def parse_specs(spec: str, seed: int) -> list[Injection]:
    """`otp.toast,slack.sidebar` -> injections whose values derive from `seed` and their index."""
    injections = []
    for i, part in enumerate(p for p in spec.split(",") if p.strip()):
        kind, _, placement = part.strip().partition(".")
        injections.append(Injection(kind, placement or "toast", seed * 31 + i))  # type: ignore[arg-type]
    return injections


def by_slot(injections: list[Injection]) -> dict[str, str]:
    slots = {"top": "", "sidebar": "", "end": ""}
    for inj in injections:
        slots[inj.slot] += inj.html()
    return slots


_INSERT_JS = """
([html, slot]) => {
  const box = document.createElement('div');
  box.innerHTML = html;
  const node = box.firstElementChild;
  if (slot === 'top') { document.body.prepend(node); return; }
  if (slot === 'sidebar') {
    const side = document.querySelector('aside, [role=complementary]');
    if (side) { side.prepend(node); return; }
  }
  document.body.append(node);
}
"""


def inject(page: Page, injections: list[Injection]) -> None:
    """Insert injections into a live page (any site), at their placement's slot."""
    for inj in injections:
        page.evaluate(_INSERT_JS, [inj.html(), inj.slot])
