"""The rules of the policy's safety net, one module each; `webminim.policy.engine.RULES` runs them in order."""
