"""mindspore.ops.function: functional ops kept in their own modules (loss_func.py)."""
