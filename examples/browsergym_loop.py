"""Drop webminim into a BrowserGym-style loop: `axtree_object` / `axtree_txt` are minimized,
the DOM snapshot and screenshot are dropped, tab titles abstracted.

    python examples/browsergym_loop.py

BrowserGym builds `axtree_object` from CDP's getFullAXTree with a `browsergym_id` per
element; this example builds the same shape from a local page so that it runs offline.
"""

from __future__ import annotations

from playwright.sync_api import sync_playwright

from webarena_env.server import running_sites
from webminim import Minim
from webminim.browser import launch_options
from webminim.integrations import sanitize_browsergym

TASK = "Read the email from the sender of the first message"


def browsergym_like_observation(page) -> dict:  # noqa: ANN001
    cdp = page.context.new_cdp_session(page)
    nodes = cdp.send("Accessibility.getFullAXTree")["nodes"]
    for node in nodes:  # BrowserGym marks every element with a bid; the backend id stands in
        if "backendDOMNodeId" in node:
            node["browsergym_id"] = f"b{node['backendDOMNodeId']}"
    return {
        "axtree_object": {"nodes": nodes},
        "url": page.url,
        "open_pages_titles": [page.title(), "Chase Bank - Account summary"],
        "active_page_index": [0],
        "dom_object": {"documents": "..."},
        "screenshot": page.screenshot(),
        "goal": TASK,
    }


def main() -> None:
    minim = Minim.load()
    with running_sites() as sites, sync_playwright() as pw:
        page = pw.chromium.launch(**launch_options()).new_page()
        page.goto(f"{sites.url}/a/mail/inbox?seed=5&inject=password.modal")
        obs = browsergym_like_observation(page)
        safe = sanitize_browsergym(obs, TASK, minim)
        print("keys sent to the model:", sorted(safe))
        print("open tabs:", safe["open_pages_titles"])
        print(safe["axtree_txt"])


if __name__ == "__main__":
    main()
