import badmod
