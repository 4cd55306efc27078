def hello():
    return "hello from extra"
