"""Free text on every channel: tool-call strings and the text an agent types into a form.

`TextMinimizer` splits the task into instruction and material (`split_task`), judges each
sentence with a contextual-integrity model learned from outside text (`ContextModel`) and
the pattern detectors, and removes or generalizes what this flow does not need, leaving the
rest of the message byte for byte as it was.
"""

from webminim.egress.text.ci import CATEGORIES, ContextModel, Judgement
from webminim.egress.text.minimize import Edit, FieldContext, TextMinimizer, TextRewrite
from webminim.egress.text.task import Task, split_task

__all__ = [
    "CATEGORIES",
    "ContextModel",
    "Edit",
    "FieldContext",
    "Judgement",
    "Task",
    "TextMinimizer",
    "TextRewrite",
    "split_task",
]
