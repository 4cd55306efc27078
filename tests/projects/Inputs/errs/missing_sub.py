import pkg.nothere_mod
