print("before")
import mindspore
