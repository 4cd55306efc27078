print('importing lazypkg.heavy')


class Thing:
    pass
