"""mindspore.nn.wrap: WithLossCell, WithEvalCell, TrainOneStepCell (cell_wrapper.py)."""
from mindspore.nn.wrap.cell_wrapper import WithLossCell, WithEvalCell, TrainOneStepCell
