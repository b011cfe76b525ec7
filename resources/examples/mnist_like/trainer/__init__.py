"""A tiny distributed trainer wired like AI Platform Training (TF_CONFIG, parameter servers).

Standard library only; numpy is used when it can be imported.
"""
