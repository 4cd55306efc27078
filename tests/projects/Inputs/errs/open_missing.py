import os
print(os.path.exists("nope.txt"))
f = open("nope.txt")
