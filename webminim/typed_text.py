"""Text an agent types into a page goes through the free-text minimizer first.

    read = field_read(handle.evaluate(FIELD_JS), frame_url=url, top=True, label=node.name)
    typed = TypedText(task, audit=audit)
    action, real = type_plan(action, typed=typed, field=read, vault=vault, target=node, page_url=url, step=3)

A typed action is a tool call whose "schema" is its field (DESIGN.md, Egress): the field's
label, its form's heading, submit label and action, the page's origin and title, all read
in one evaluation on the element (`FIELD_JS`, which also returns where the form sends, for
the vault's checks). The agent's text is minimized for that field and the task first; only
then are its placeholders filled in and checked (`type_plan`), so a value from the vault
is never seen by the minimizer and a placeholder in a removed sentence goes with it.

A text of fewer than four words, or without a letter (a code, a number, a short search
query, a placeholder alone), is typed as it is: there is no sentence in it to judge. When
the text cannot be checked (the model is missing, the text is too long, the budget ran
out) the action is refused and nothing is typed.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, replace
from functools import cache
from typing import TYPE_CHECKING, Any

from extractors.tree import UINode
from webminim.actions import Action, FieldSite, check_field_site, rehydrate
from webminim.errors import ActionRefused
from webminim.safe_urls import origin_of

if TYPE_CHECKING:
    from webminim.egress.text import FieldContext, TextMinimizer
    from webminim.session import AuditLog
    from webminim.vault import Vault

MAX_FIELD_CHARS = 200  # each string of a field's context: page text, so bounded
MIN_WORDS = 4  # fewer words than this: a code, a name, a search query; typed as it is

# One evaluation on the field (element => object): where its form sends (the form's action and
# every submit button's formaction, read through the prototype getters, since a control named
# "action" or "elements" shadows those properties on the form itself) and what the field is
# for: its label, its form's heading (the form's own name, else the nearest heading before the
# field), the submit button's label, the form's action, the page's origin and title.
FIELD_JS = """el => {
  const cap = (v) => String(v == null ? "" : v).replace(/\\s+/g, " ").trim().slice(0, 200);
  const get = (proto, name, obj) => Object.getOwnPropertyDescriptor(proto, name).get.call(obj);
  const isEl = el instanceof Element;
  const doc = isEl ? el.ownerDocument : document;
  const attr = (node, name) => Element.prototype.getAttribute.call(node, name) || "";
  const textOf = (node) => cap(node.innerText || node.textContent);
  const named = (node, name) => attr(node, name).split(/\\s+/).filter(Boolean)
    .map((id) => doc.getElementById(id)).filter(Boolean).map(textOf).join(" ");
  const owner = isEl && el.form instanceof HTMLFormElement ? el.form : null;
  const targets = [];
  if (owner) {
    targets.push(get(HTMLFormElement.prototype, "action", owner));
    for (const control of get(HTMLFormElement.prototype, "elements", owner)) {
      if ((control instanceof HTMLButtonElement || control instanceof HTMLInputElement)
          && control.hasAttribute("formaction")) targets.push(control.formAction);
    }
  }
  const found = isEl && !owner ? el.closest("form") : null;
  const form = owner || (found instanceof HTMLFormElement ? found : null);
  let label = "";
  if (isEl) {
    label = attr(el, "aria-label") || named(el, "aria-labelledby");
    if (!label && el.labels) label = Array.from(el.labels).map(textOf).join(" ");
    if (!label) label = attr(el, "placeholder") || attr(el, "title");
  }
  let heading = form ? attr(form, "aria-label") || named(form, "aria-labelledby") : "";
  if (!heading && isEl) {
    let nearest = null;
    for (const h of doc.querySelectorAll("h1, h2, h3, h4, legend, [role=heading]")) {
      if (!(h.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING)) break;
      nearest = h;
    }
    heading = nearest ? textOf(nearest) : "";
  }
  let submit = "";
  if (form) {
    for (const c of get(HTMLFormElement.prototype, "elements", form)) {
      const button = (c instanceof HTMLButtonElement && c.type === "submit")
        || (c instanceof HTMLInputElement && (c.type === "submit" || c.type === "image"));
      if (button) submit = cap(attr(c, "aria-label") || c.innerText || c.value || attr(c, "alt") || attr(c, "title"));
      if (submit) break;
    }
  }
  const view = get(Document.prototype, "defaultView", doc) || window;
  return {
    targets: targets,
    label: cap(label),
    form: cap(heading),
    submit: submit,
    action: cap(form ? get(HTMLFormElement.prototype, "action", form) : ""),
    origin: cap(view.location.origin),
    title: cap(get(Document.prototype, "title", doc)),
  };
}"""

# The element keyboard input goes to: the focused one, through same-origin frames.
ACTIVE_JS = """() => {
  let el = document.activeElement;
  for (let i = 0; el && i < 16; i++) {
    let inner = null;
    try {
      const inside = el.shadowRoot || el.contentDocument;
      inner = inside ? inside.activeElement : null;
    } catch (e) { inner = null; }
    if (!inner || inner === el) break;
    el = inner;
  }
  return el || document.body;
}"""
# The focused element's field, read in the page in one evaluation.
FOCUSED_FIELD_JS = f"() => ({FIELD_JS})(({ACTIVE_JS})())"

_LETTER = re.compile(r"[^\W\d_]")


@dataclass(frozen=True, slots=True)
class FieldRead:
    """A field as read from the live page: where it is (for the vault) and what it is for."""

    site: FieldSite
    context: FieldContext


def _cap(value: Any) -> str:
    """One line of page text, at most MAX_FIELD_CHARS characters ("" for anything not a string)."""
    return " ".join(value.split())[:MAX_FIELD_CHARS] if isinstance(value, str) else ""


def field_context(read: Mapping[str, Any] | None, *, label: str = "", page_url: str = "") -> FieldContext:
    """A FieldContext from what `FIELD_JS` returned; `label` (the tree node's accessible name)
    wins over the element's own label, and the origin falls back to `page_url`'s."""
    from webminim.egress.text import FieldContext

    data = read if isinstance(read, Mapping) else {}
    origin = _cap(data.get("origin"))
    if origin in ("", "null"):  # an opaque or missing origin: the page's
        origin = _cap(origin_of(page_url))
    return FieldContext(
        label=_cap(label) or _cap(data.get("label")),
        form=_cap(data.get("form")),
        submit=_cap(data.get("submit")),
        action=_cap(data.get("action")),
        origin=origin,
        title=_cap(data.get("title")),
    )


def field_read(read: Any, *, frame_url: str, top: bool, label: str = "", page_url: str = "") -> FieldRead:
    """FieldSite and FieldContext from one `FIELD_JS` result (anything else: no form, no context)."""
    data = read if isinstance(read, Mapping) else {}
    targets = data.get("targets")
    site = FieldSite(frame_url, top, tuple(str(t) for t in targets) if isinstance(targets, list) else ())
    return FieldRead(site, field_context(data, label=label, page_url=page_url or frame_url))


def needs_minimizing(text: str) -> bool:
    """Whether typed `text` holds anything to judge: four words or more, and a letter."""
    return len(text.split()) >= MIN_WORDS and _LETTER.search(text) is not None


@cache
def default_text_minimizer() -> TextMinimizer:
    """One TextMinimizer for the process (the model and the pattern classifier are large), its
    word embeddings loaded now rather than inside the first text's time budget."""
    from webminim.egress import semantic
    from webminim.egress.text import TextMinimizer

    minimizer = TextMinimizer()
    semantic.load()
    return minimizer


class TypedText:
    """Minimizes the text an agent types for one task, and writes each outcome to the audit log."""

    def __init__(self, task: str, *, minimizer: TextMinimizer | None = None, audit: AuditLog | None = None) -> None:
        self.task = task
        self.audit = audit
        self._minimizer = minimizer

    def minimize(self, text: str, field: FieldContext, *, step: int, kind: str, node_id: str) -> str:
        """The text to type: `text` minimized for `field` (as it is when there is nothing to
        judge); ActionRefused when it cannot be checked, so that nothing is typed."""
        if not needs_minimizing(text):
            return text
        try:
            minimizer = self._minimizer if self._minimizer is not None else default_text_minimizer()
            out = minimizer.minimize(text, task=self.task, field=field)
        except Exception as exc:  # noqa: BLE001 - EgressError, ConfigError (no model) or a foreign failure: fail closed
            reason = " ".join(str(exc).split()) or type(exc).__name__
            if self.audit is not None:
                self.audit.text_refused(step, kind, node_id, text, reason)
            raise ActionRefused(f"the typed text could not be checked ({reason}); nothing was typed") from None
        if self.audit is not None:
            self.audit.text_rewrite(step, kind, node_id, text, out, origin=field.origin)
        if not out.text.strip():  # typing nothing would clear the field: the agent is told instead
            raise ActionRefused("the task needs none of the typed text (all of it was withheld); nothing was typed")
        return out.text


def type_plan(
    action: Action,
    *,
    typed: TypedText,
    field: FieldRead | None,
    vault: Vault,
    target: UINode | None,
    page_url: str,
    step: int,
) -> tuple[Action, str]:
    """A `type` action as it will run, and the text to really type.

    The agent's text is minimized first: placeholders are opaque tokens to the minimizer, and
    one in a removed sentence goes with it. Then the placeholders left are filled in and their
    field checked (`rehydrate`, `check_field_site`) on the minimized text. `field` is the live
    field (None: not read; a placeholder is then refused)."""
    if needs_minimizing(action.text):
        from webminim.egress.text import FieldContext

        context = field.context if field is not None else FieldContext(origin=origin_of(page_url))
        text = typed.minimize(action.text, context, step=step, kind=action.kind, node_id=action.node_id)
        action = replace(action, text=text)
    real = rehydrate(action, vault=vault, target=target, origin=origin_of(page_url))
    if action.placeholders():
        if field is None:
            token = action.placeholders()[0]
            raise ActionRefused(f"[{action.node_id}] could not be checked in the page; {token} stays in the vault")
        check_field_site(action, vault=vault, site=field.site, page_url=page_url)
    return action, real


__all__ = [
    "ACTIVE_JS",
    "FIELD_JS",
    "FOCUSED_FIELD_JS",
    "FieldRead",
    "TypedText",
    "default_text_minimizer",
    "field_context",
    "field_read",
    "needs_minimizing",
    "type_plan",
]
