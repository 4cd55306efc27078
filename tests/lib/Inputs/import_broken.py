import mindspore
import mindspore.broken
