import pkg.beyond
