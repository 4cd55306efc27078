print("init pkg.sub")
