"""Role vocabulary shared by every builder: which roles an agent can act on."""

from __future__ import annotations

from collections.abc import Mapping

# Widgets an agent can click, type into or select (ARIA widget roles plus Chromium's
# internal names for native controls that have no ARIA role).
INTERACTIVE_ROLES: frozenset[str] = frozenset(
    {
        "button",
        "checkbox",
        "ColorWell",
        "combobox",
        "Date",
        "DateTime",
        "DisclosureTriangle",
        "gridcell",
        "InputTime",
        "link",
        "listbox",
        "menuitem",
        "menuitemcheckbox",
        "menuitemradio",
        "option",
        "radio",
        "scrollbar",
        "searchbox",
        "slider",
        "spinbutton",
        "switch",
        "tab",
        "textbox",
        "treeitem",
    }
)

# Fields an agent types a value into (a combobox takes typed text too).
TEXT_ENTRY_ROLES: frozenset[str] = frozenset({"textbox", "searchbox", "combobox", "spinbutton"})

# Roles whose node carries page text rather than structure.
TEXT_ROLE = "StaticText"
ROOT_ROLE = "RootWebArea"


def is_interactive(role: str, properties: Mapping[str, object]) -> bool:
    """True for widgets an agent can act on; an editable region counts whatever its role."""
    if role in INTERACTIVE_ROLES:
        return True
    # contenteditable hosts are editable regions; their inner text nodes are not widgets.
    return properties.get("editable") == "richtext" and properties.get("focusable") is True
