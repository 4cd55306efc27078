"""mindspore.nn.wrap: WithLossCell, TrainOneStepCell (cell_wrapper.py)."""
from mindspore.nn.wrap.cell_wrapper import WithLossCell, TrainOneStepCell
